import type { Redis } from 'ioredis';

/**
 * How long a bet command waits for others before they go to Redis together. Every separate round trip costs the api
 * node a write, a wait and a wake-up (measured on the 2-core benchmark box: about 200 µs of CPU for one XADD sent on
 * its own, under 20 µs each for twenty sent at once), so bets taken in within a couple of milliseconds share one.
 */
export const HANDOFF_WINDOW_MS = 2;
/** A hand-off goes at once when this many commands wait (a burst never waits for the window). */
export const HANDOFF_MAX_COMMANDS = 256;

interface Waiting {
  stream: string;
  args: string[];
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * Hands bet commands to their partition streams, gathering those taken in within HANDOFF_WINDOW_MS into one pipeline
 * (one write, one reply read) on the given connection. Each command's promise settles with its own XADD's outcome,
 * exactly as if it had been sent alone: a command the connection refused (Redis down, no offline queue) rejects with
 * the connection's error, one whose reply timed out with the timeout. Order within a stream is the order of `add`.
 */
export class CommandHandoff {
  private waiting: Waiting[] = [];
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly redis: () => Redis,
    private readonly windowMs = HANDOFF_WINDOW_MS,
    private readonly maxCommands = HANDOFF_MAX_COMMANDS,
  ) {}

  /** XADD `stream` `...args`; resolves once Redis appended it. */
  add(stream: string, args: string[]): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ stream, args, resolve, reject });
      if (this.waiting.length >= this.maxCommands) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), this.windowMs);
    });
  }

  /** Sends what waits now. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.waiting;
    if (batch.length === 0) return;
    this.waiting = [];
    let pipeline;
    try {
      pipeline = this.redis().pipeline();
      for (const command of batch) pipeline.xadd(command.stream, ...(command.args as [string]));
    } catch (error) {
      for (const command of batch) command.reject(error as Error);
      return;
    }
    pipeline.exec().then(
      (results) => {
        batch.forEach((command, i) => {
          const [error] = results?.[i] ?? [new Error('no reply from Redis')];
          if (error) command.reject(error);
          else command.resolve();
        });
      },
      (error: Error) => {
        for (const command of batch) command.reject(error);
      },
    );
  }

  /** Commands waiting for the window (0 once everything was sent). */
  get pending(): number {
    return this.waiting.length;
  }

  stop(): void {
    this.flush();
  }
}
