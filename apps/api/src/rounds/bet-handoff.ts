import type { Logger } from '@nestjs/common';
import type { AppConfig } from '@app/config';
import { arbiterKey, BET_UNAVAILABLE_MESSAGE, cancelCommands, type BetBatchService } from '@app/bets';
import {
  COMMAND_FIELD,
  encodeCommand,
  outcomeKey,
  partitionOf,
  type BetCommand,
  type EventsPublisher,
} from '@app/realtime';
import {
  DeadlineExceeded,
  FAIL_FAST_COMMAND_TIMEOUT_MS,
  isCluster,
  withDeadline,
  type RedisClient,
  type RedisService,
} from '@app/redis';
import type { ApiMetrics } from '../metrics/api-metrics.service.js';
import type { SocketDeliveryService } from '../realtime/socket-delivery.service.js';
import type { BetIntakeGate, IntakeCheck } from './bet-intake-gate.service.js';
import { BetIntakeWatch } from './bet-intake-watch.js';
import type { AnsweredOutcome } from './bet-outcomes.repository.js';
import type { BetOutcomesService } from './bet-outcomes.service.js';

/** ioredis' error for a command refused at once because the connection is down (it was never sent). */
const NOT_SENT = /enableOfflineQueue|Stream isn't writeable/i;

/**
 * Longest the cancellation of a bet whose hand-off was uncertain may take before the database decides instead (a
 * late cancellation that still lands only agrees with the refusal stored there).
 */
const UNCERTAIN_CANCEL_DEADLINE_MS = 250;

/**
 * Longest a bet's hand-off to its partition stream may take before the player is answered without it (recover: the
 * arbiter, else the database, makes sure it is never applied). The fail-fast connection already gives up on a reply
 * after FAIL_FAST_COMMAND_TIMEOUT_MS, but a Redis Cluster retries a command whose master is lost until its replica
 * takes over (seconds).
 */
export const HANDOFF_DEADLINE_MS = FAIL_FAST_COMMAND_TIMEOUT_MS;

/** Commands older than this are trimmed from a partition stream. */
const STREAM_RETENTION_MS = 60 * 60 * 1000;

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
 * the connection's error, one whose reply timed out with the timeout, one whose pipeline got no reply within
 * HANDOFF_DEADLINE_MS (a cluster retrying a lost master's command) with DeadlineExceeded. Order within a stream is the order of `add`.
 */
export class CommandHandoff {
  private waiting: Waiting[] = [];
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly redis: () => RedisClient,
    private readonly windowMs = HANDOFF_WINDOW_MS,
    private readonly maxCommands = HANDOFF_MAX_COMMANDS,
    private readonly deadlineMs = HANDOFF_DEADLINE_MS,
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
    let redis: RedisClient;
    try {
      redis = this.redis();
    } catch (error) {
      for (const command of batch) command.reject(error as Error);
      return;
    }
    // A pipeline on a cluster holds keys of one slot only: one per partition stream there.
    if (!isCluster(redis)) return this.send(redis, batch);
    const streams = new Map<string, Waiting[]>();
    for (const command of batch) {
      const commands = streams.get(command.stream);
      if (commands) commands.push(command);
      else streams.set(command.stream, [command]);
    }
    for (const commands of streams.values()) this.send(redis, commands);
  }

  private send(redis: RedisClient, batch: Waiting[]): void {
    let pipeline;
    try {
      pipeline = redis.pipeline();
      for (const command of batch) pipeline.xadd(command.stream, ...(command.args as [string]));
    } catch (error) {
      for (const command of batch) command.reject(error as Error);
      return;
    }
    // One timer for the whole pipeline (not one per bet): past the deadline its commands fail with DeadlineExceeded
    // (a reply arriving later changes nothing: each command's promise settles once).
    const timer = setTimeout(() => {
      const late = new DeadlineExceeded('handing bets on', this.deadlineMs);
      for (const command of batch) command.reject(late);
    }, this.deadlineMs);
    pipeline
      .exec()
      .then(
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
      )
      .finally(() => clearTimeout(timer));
  }

  /** Commands waiting for the window (0 once everything was sent). */
  get pending(): number {
    return this.waiting.length;
  }

  stop(): void {
    this.flush();
  }
}

/** What became of a command whose hand-off failed. */
export type HandoffRecovery =
  /** It is never applied: the player is told it could not be placed. */
  | { kind: 'refused' }
  /** The bet pipeline claimed it first: its own answer is on the way. */
  | { kind: 'answered-later' }
  /**
   * Its stored answer: the bet pipeline had decided it before the refusal could be stored (accepted: with its bet and
   * the player's balance since, which the player is then given as the pipeline would).
   */
  | { kind: 'stored'; outcome: AnsweredOutcome };

/**
 * How a bet the gateway accepted goes on to be decided (BET_PIPELINE), chosen once when the intake is built: the
 * intake calls the same methods whatever the pipeline.
 */
export interface BetHandoff {
  /** Before the events tails start. */
  start(): void;
  stop(): void;
  /**
   * Hands a command on, unless the pipeline cannot take bets right now (Redis or Postgres down: refused at once rather
   * than queued, it would be answered, or charged, too late). Resolves with the check that refused it (nothing was
   * sent), or null once it is on its way to be decided (its answer comes from the pipeline).
   */
  handOn(command: BetCommand, now: number): Promise<IntakeCheck | null>;
  /** After `handOn` failed with `error`: makes sure the command is never applied unless it was already. */
  recover(command: BetCommand, error: Error): Promise<HandoffRecovery>;
}

/**
 * The stream pipeline: the command is XADDed to its player's partition stream (its stream id's time is the moment it
 * was received), on the fail-fast connection, bets taken in within a couple of milliseconds in one round trip
 * (CommandHandoff). The partition's consumer in a round engine decides it and publishes the answer; a command it has
 * not taken up within BET_ANSWER_TIMEOUT_MS is cancelled in the arbiter and refused here (BetIntakeWatch).
 */
export class StreamHandoff implements BetHandoff {
  /** Handed-on bets waiting for the pipeline's answer. */
  readonly watch: BetIntakeWatch;
  private readonly handoff: CommandHandoff;

  constructor(
    private readonly deps: {
      config: AppConfig;
      redis: RedisService;
      gate: BetIntakeGate;
      outcomes: BetOutcomesService;
      delivery: () => SocketDeliveryService | null;
      logger: Logger;
      metrics?: ApiMetrics;
    },
  ) {
    const { config, redis, gate, outcomes, logger, metrics } = deps;
    this.handoff = new CommandHandoff(() => redis.failFast);
    this.watch = new BetIntakeWatch({
      redis: () => redis.failFast,
      prefix: redis.keys,
      eventsStream: redis.keys.events,
      timeoutMs: config.BET_ANSWER_TIMEOUT_MS,
      record: (commands) => outcomes.refuseCancelled(commands),
      databaseDown: () => gate.closedBy() === 'postgres',
      deliverLocally: async (messages) => {
        await deps.delivery()?.deliver(messages);
      },
      logger,
      onCancelled: (count) => {
        for (let i = 0; i < count; i++) metrics?.betRejected(BET_UNAVAILABLE_MESSAGE);
      },
    });
  }

  /** Each bet answer this node delivers ends the watch of its bet. */
  start(): void {
    this.deps.delivery()?.onBetAnswer((userId, commandId) => this.watch.answered(userId, commandId));
  }

  stop(): void {
    this.handoff.stop();
    this.watch.stop();
  }

  async handOn(command: BetCommand, now: number): Promise<IntakeCheck | null> {
    const { config, redis, gate } = this.deps;
    const closedBy = gate.closedBy(now);
    if (closedBy) return closedBy;
    const partition = partitionOf(command.userId, config.BET_PARTITIONS);
    // Fail-fast connection: never queued while Redis is away, never waits past its command timeout (nor, on a
    // cluster whose master of this stream is lost, past HANDOFF_DEADLINE_MS: CommandHandoff's one timer per pipeline).
    await this.handoff.add(redis.keys.betCommands(partition), [
      'MINID',
      '~',
      String(now - STREAM_RETENTION_MS),
      '*',
      COMMAND_FIELD,
      encodeCommand(command),
    ]);
    this.watch.watch({
      userId: command.userId,
      commandId: outcomeKey(command),
      periodId: command.periodId,
      betType: command.betType,
      handedAt: now,
    });
    return null;
  }

  async recover(command: BetCommand, error: Error): Promise<HandoffRecovery> {
    // Refused at once by the connection: it never reached Redis.
    if (NOT_SENT.test(error.message)) return { kind: 'refused' };
    // It may have reached the stream after all: cancel it in the arbiter, so it is never applied; if the pipeline
    // claimed it first, its own answer is on the way.
    const { redis, outcomes } = this.deps;
    const key = arbiterKey(redis.keys, command.userId, outcomeKey(command));
    const cancelled = await withDeadline(
      cancelCommands(redis.failFast, [key]),
      UNCERTAIN_CANCEL_DEADLINE_MS,
      'cancelling a bet',
    ).then(
      ([verdict]) => verdict,
      () => undefined,
    );
    if (cancelled === false) return { kind: 'answered-later' };
    // Cancelled: never applied from now on. The refusal is stored as the watch stores its cancellations, and the
    // database has the last word: a batch that committed before Redis lost its claim (its data gone) left the
    // pipeline's own answer there, and that one is given. Redis did not answer (a timeout, a connection cut
    // mid-command): the refusal is stored first, so it is never applied later; if it was applied already, its real
    // answer is the one given.
    const stored =
      cancelled === true
        ? (
            await outcomes.refuseCancelled([
              { userId: command.userId, commandId: outcomeKey(command), periodId: command.periodId },
            ])
          )?.[0]
        : await outcomes.refuseUncertain(command.userId, outcomeKey(command));
    return stored && stored.kind !== 'unavailable' ? { kind: 'stored', outcome: stored } : { kind: 'refused' };
  }
}

/**
 * The direct pipeline (the simple baseline the benchmark compares with): the same decision and writes run right here,
 * one transaction per bet, and the answer is published at once. Nothing waits, so there is nothing to watch, and the
 * transaction either happened or not.
 */
export class DirectHandoff implements BetHandoff {
  constructor(
    private readonly batches: BetBatchService,
    private readonly publisher: EventsPublisher,
  ) {}

  start(): void {}

  stop(): void {}

  /** The intake's gate is not asked: the transaction itself fails at once when Postgres is down. */
  async handOn(command: BetCommand, now: number): Promise<IntakeCheck | null> {
    const result = await this.batches.apply(-1, {
      commands: [{ entryId: `${now}-0`, command, receivedAtMs: now }],
      fences: [],
      invalid: 0,
    });
    await this.publisher.publish(result.messages);
    return null;
  }

  async recover(): Promise<HandoffRecovery> {
    return { kind: 'refused' };
  }
}

/** The hand-off of the configured pipeline (BET_PIPELINE), chosen once. */
export function betHandoff(
  config: AppConfig,
  direct: { batches: BetBatchService; publisher: EventsPublisher },
  stream: Omit<ConstructorParameters<typeof StreamHandoff>[0], 'config'>,
): BetHandoff {
  return config.BET_PIPELINE === 'direct'
    ? new DirectHandoff(direct.batches, direct.publisher)
    : new StreamHandoff({ config, ...stream });
}
