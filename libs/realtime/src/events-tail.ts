import type { RedisClient } from '@app/redis';
import { FairSlices } from './fair-slices.js';
import { EVENTS_FIELD, readEntryBytes, type WireMessage } from './socket-message.js';

/** The entry field holding the messages, as the bytes Redis returns. */
const FIELD = Buffer.from(EVENTS_FIELD);

/**
 * A stretch of delivery before the tail lets the event loop turn: at least SLICE_MS, and as long as the rest of the
 * loop took meanwhile when it is busy (FairSlices), at most MAX_SLICE_MS.
 */
const SLICE_MS = 10;
const MAX_SLICE_MS = 50;

export interface EventsTailOptions {
  /** Entries read at most per XREAD (a reply is parsed in one go: keep it small for streams of large entries). */
  count?: number;
  /** Longest a read waits for a new entry before asking again (ms). */
  blockMs?: number;
  /** Which messages to deliver (told each one's room and answer key; see `readEntry`): by default all of them. */
  keep?: (room: string | null, answer: string | undefined) => boolean;
  /** Told of each entry as its delivery starts: when it was appended (its stream id's milliseconds, Redis's clock). */
  onEntry?: (appendedAtMs: number) => void;
}

/**
 * Tails the events stream from "now" and hands every message to `deliver`. One per api node; each node
 * delivers to its own sockets only, so every message reaches each socket once.
 */
export class EventsTail {
  private running = false;
  private lastId = '$';
  private loop?: Promise<void>;

  constructor(
    private readonly redis: RedisClient,
    private readonly stream: string,
    private readonly deliver: (messages: WireMessage[]) => void | Promise<void>,
    private readonly onError: (error: Error) => void = () => {},
    private readonly options: EventsTailOptions = {},
  ) {}

  async start(): Promise<void> {
    // Start after the newest entry, so a node does not replay history on boot.
    const last = await this.redis.xrevrange(this.stream, '+', '-', 'COUNT', 1);
    this.lastId = last[0]?.[0] ?? '0-0';
    this.running = true;
    this.loop = this.run();
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        // As bytes: an entry is never decoded as a whole (see readEntryBytes).
        const result = (await this.redis.xreadBuffer(
          'COUNT',
          this.options.count ?? 100,
          'BLOCK',
          this.options.blockMs ?? 1000,
          'STREAMS',
          this.stream,
          this.lastId,
        )) as Array<[Buffer, Array<[Buffer, Buffer[]]>]> | null;
        if (!result) continue;
        const slices = new FairSlices(SLICE_MS, MAX_SLICE_MS);
        for (const [, entries] of result) {
          for (const [id, fields] of entries) {
            this.lastId = id.toString('latin1');
            const index = fields.findIndex((field, i) => i % 2 === 0 && field.equals(FIELD));
            if (index < 0) continue;
            this.options.onEntry?.(Number.parseInt(this.lastId, 10));
            try {
              await this.deliver(readEntryBytes(fields[index + 1]!, this.options.keep));
            } catch (error) {
              this.onError(error as Error);
            }
            // A round's results arrive as many entries: after a slice of work, let other work (the other stream's
            // tail, incoming bets) run, so their delivery never holds the event loop for long.
            if (slices.spent()) await slices.yield();
          }
        }
      } catch (error) {
        if (!this.running) break;
        this.onError(error as Error);
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  }

  /** Stops tailing. Never waits long: a read stuck on a reconnecting connection is abandoned after a moment. */
  async stop(): Promise<void> {
    this.running = false;
    this.redis.disconnect();
    await Promise.race([this.loop?.catch(() => {}), new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
  }
}
