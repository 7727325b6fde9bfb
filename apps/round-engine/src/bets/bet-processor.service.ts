import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { AppConfig } from '@app/config';
import { EventsPublisher } from '@app/realtime';
import { Database } from '@app/db';
import { FencedLease, RedisService, type RedisClient, type RedisKeys } from '@app/redis';
import {
  arbiterKey,
  BetBatchService,
  claimCommands,
  commitInDoubt,
  parseBatch,
  releaseClaims,
  type BatchResult,
  type ParsedBatch,
  type StreamEntry,
} from '@app/bets';
import { outcomeKey } from '@app/realtime';
import { FencedError, isFenced, nextFencingToken } from '../leadership/fencing.js';
import { BATCH_METRICS, type BatchMetrics } from '../metrics/engine-metrics.js';

type XEntries = Array<[string, string[]]>;

/**
 * Longest pause between two attempts at a failing batch. Short: once Postgres is back, the backlog must be applied
 * before the api nodes give up on it (BET_ANSWER_TIMEOUT_MS) and refuse the bets waiting in it.
 */
const MAX_BACKOFF_MS = 1000;
/** Attempts at a batch in a row, without back-off, when it met answers stored meanwhile (23505) by another writer. */
const CONFLICT_RETRIES = 5;

/**
 * How long after a read of `read` new commands the next read waits (ms, counted from the start of that read): a
 * millisecond per command read, at most `maxMs`. A quiet partition (a command or two a read) reads again at once and
 * applies each command as it arrives; a busy one, whose reads bring more commands than milliseconds its batches
 * take, soon waits the whole `maxMs`, and the commands arriving meanwhile make one larger batch. Each transaction
 * costs Postgres and the engine about as much as 40 bets in it, so the box then does the same work with less CPU.
 */
export function batchInterval(read: number, maxMs: number): number {
  return Math.min(maxMs, read * WAIT_MS_PER_COMMAND);
}
const WAIT_MS_PER_COMMAND = 1;

/** The arbiter key of each command of a parsed batch (by stream entry id). */
function arbiterKeys(batch: ParsedBatch, keys: RedisKeys): Map<string, string> {
  return new Map(
    batch.commands.map(({ entryId, command }) => [entryId, arbiterKey(keys, command.userId, outcomeKey(command))]),
  );
}

/**
 * One consumer per partition stream, each holding a fenced lease so exactly one process applies a partition's
 * commands, in order. On taking a partition over it first claims and re-applies what the previous holder left
 * unacknowledged (idempotent: applied command ids are skipped, their replies re-sent). Entries are acknowledged
 * only after their transaction committed and the replies were published.
 *
 * A batch that fails (its connection died, the database is down) stays pending and is retried by the same consumer
 * with back-off, before anything newer is read: its own pending entries (XREADGROUP from id 0) first, then new
 * ones (`>`). So a fence is never passed before the commands ahead of it are applied. Every batch checks the
 * partition lease's fencing token in its transaction.
 */
@Injectable()
export class BetProcessorService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('BetProcessor');
  private readonly consumers: PartitionConsumer[] = [];
  private readonly standby: NodeJS.Timeout[] = [];

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(RedisService) private readonly redis: RedisService,
    @Inject(BetBatchService) private readonly batches: BetBatchService,
    @Inject(EventsPublisher) private readonly publisher: EventsPublisher,
    @Inject(Database) private readonly db: Database,
    @Inject(BATCH_METRICS) private readonly metrics: BatchMetrics,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.hasEngineRole('bets')) return;
    // The arbiter's connection (claims are made on it, inside batch transactions): opened now, ready before the first batch.
    void this.redis.failFast;
    const owner = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
    for (let p = 0; p < this.config.BET_PARTITIONS; p++) {
      const consumer = new PartitionConsumer(
        p,
        owner,
        this.config,
        this.redis,
        this.db,
        this.batches,
        this.publisher,
        this.logger,
        this.metrics,
      );
      this.consumers.push(consumer);
      // ENGINE_PARTITIONS: lead these at once, stand by for the others (their own engine takes them first).
      const preferred = this.config.ENGINE_PARTITIONS;
      if (!preferred || preferred.includes(p)) consumer.start();
      else this.standby.push(setTimeout(() => consumer.start(), 2 * this.config.LEASE_TTL_MS));
    }
  }

  /** Partitions this process currently leads. */
  get ledPartitions(): number[] {
    return this.consumers.filter((c) => c.lease.held).map((c) => c.partition);
  }

  /** Stops every consumer WITHOUT releasing leases or acknowledging, as a crashed process would. */
  async halt(): Promise<void> {
    this.standby.forEach(clearTimeout);
    await Promise.all(this.consumers.map((c) => c.stop(false)));
  }

  async onApplicationShutdown(): Promise<void> {
    this.standby.forEach(clearTimeout);
    await Promise.all(this.consumers.map((c) => c.stop()));
  }
}

class PartitionConsumer {
  readonly lease: FencedLease;
  private running = false;
  private loop?: Promise<void>;
  private readonly key: string;
  private readonly group: string;
  private reader?: RedisClient;
  private groupReady = false;
  /** Set when the lease is won: claim what the previous holder left pending before anything else. */
  private takeOverDue = false;
  /** This consumer has (or may have) delivered-but-unacknowledged entries: they are applied before new ones. */
  private pendingFirst = true;
  private failures = 0;
  /** When new commands were last read, and how many came (the next read waits for the batch interval from there). */
  private lastReadAt = 0;
  private lastReadCount = 0;

  constructor(
    readonly partition: number,
    private readonly owner: string,
    private readonly config: AppConfig,
    private readonly redis: RedisService,
    db: Database,
    private readonly batches: BetBatchService,
    private readonly publisher: EventsPublisher,
    private readonly logger: Logger,
    private readonly metrics: BatchMetrics,
  ) {
    this.key = redis.keys.betCommands(partition);
    this.group = redis.keys.betProcessorsGroup;
    this.lease = new FencedLease({
      redis: redis.client,
      key: redis.keys.lease(`bets:${partition}`),
      name: `bets:${partition}`,
      owner,
      ttlMs: config.LEASE_TTL_MS,
      nextToken: (name) => nextFencingToken(db, name),
      onAcquired: (token) => {
        this.takeOverDue = true;
        this.logger.log({ msg: 'partition acquired', partition, token });
      },
      onLost: (reason) => this.logger.warn({ msg: 'partition lease lost', partition, reason }),
      onError: (error) => this.logger.warn({ msg: 'partition lease renewal failed', partition, error: error.message }),
    });
  }

  start(): void {
    this.running = true;
    this.lease.start();
    this.loop = this.run();
  }

  async stop(release = true): Promise<void> {
    this.running = false;
    this.reader?.disconnect();
    await this.loop?.catch(() => {});
    await this.lease.stop(release);
  }

  private async ensureGroup(): Promise<void> {
    if (this.groupReady) return;
    try {
      await this.redis.client.xgroup('CREATE', this.key, this.group, '0', 'MKSTREAM');
    } catch (error) {
      if (!String((error as Error).message).includes('BUSYGROUP')) throw error;
    }
    this.groupReady = true;
  }

  /** Claims every entry the previous holder left unacknowledged; they are applied first (as this consumer's own). */
  private async takeOver(): Promise<void> {
    let cursor = '0-0';
    do {
      const [next] = (await this.redis.client.xautoclaim(
        this.key,
        this.group,
        this.owner,
        0,
        cursor,
        'COUNT',
        1000,
        'JUSTID',
      )) as [string, string[]];
      cursor = next;
    } while (cursor !== '0-0');
    this.pendingFirst = true;
  }

  private async run(): Promise<void> {
    this.reader = this.redis.dedicated(`bets-${this.partition}`);
    while (this.running) {
      try {
        if (!this.lease.held) {
          await new Promise((r) => setTimeout(r, 50));
          continue;
        }
        await this.ensureGroup();
        if (this.takeOverDue) {
          this.takeOverDue = false;
          await this.takeOver();
        }
        let entries: XEntries = [];
        const retrying = this.pendingFirst;
        if (this.pendingFirst) {
          const pending = (await this.redis.client.xreadgroup(
            'GROUP',
            this.group,
            this.owner,
            'COUNT',
            this.config.BET_BATCH_SIZE,
            'STREAMS',
            this.key,
            '0',
          )) as Array<[string, XEntries]> | null;
          entries = pending?.[0]?.[1] ?? [];
          if (entries.length === 0) this.pendingFirst = false;
          else if (this.failures > 0) this.metrics.batchRetried(this.partition);
        }
        if (!this.pendingFirst) {
          // Under load, what arrives meanwhile joins the next batch (see BET_BATCH_INTERVAL_MS).
          const wait =
            this.lastReadAt + batchInterval(this.lastReadCount, this.config.BET_BATCH_INTERVAL_MS) - Date.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          this.lastReadAt = Date.now();
          const result = (await this.reader.xreadgroup(
            'GROUP',
            this.group,
            this.owner,
            'COUNT',
            this.config.BET_BATCH_SIZE,
            'BLOCK',
            100,
            'STREAMS',
            this.key,
            '>',
          )) as Array<[string, XEntries]> | null;
          entries = result?.[0]?.[1] ?? [];
          this.lastReadCount = entries.length;
        }
        if (entries.length > 0) await this.process(entries);
        if (this.failures > 0 && (!retrying || entries.length > 0)) {
          this.logger.log({
            msg: 'partition batch applied after retrying',
            partition: this.partition,
            attempts: this.failures + 1,
          });
          this.failures = 0;
        }
      } catch (error) {
        if (!this.running) break;
        const message = (error as Error).message;
        if (message.includes('NOGROUP')) this.groupReady = false;
        // Whatever was read stays pending for this consumer and is applied again before anything newer.
        this.pendingFirst = true;
        if (isFenced(error)) {
          this.logger.warn({
            msg: 'partition batch refused: a newer consumer holds the partition',
            partition: this.partition,
          });
          await this.lease.drop('fenced');
          continue;
        }
        this.failures++;
        const backoff = Math.min(MAX_BACKOFF_MS, 100 * 2 ** Math.min(this.failures - 1, 10));
        this.logger.error({
          msg: 'partition batch failed; retrying it',
          partition: this.partition,
          attempt: this.failures,
          backoffMs: backoff,
          error: message,
        });
        await new Promise((r) => setTimeout(r, backoff));
      }
    }
  }

  private async process(entries: XEntries): Promise<void> {
    const started = Date.now();
    // Parsed once: the claims and the batch use the same decoded commands.
    const batch = parseBatch(
      entries.filter(([, fields]) => fields).map(([id, fields]): StreamEntry => ({ id, fields })),
    );
    const keys = arbiterKeys(batch, this.redis.keys);
    let outcome: { result: BatchResult; skipped: number } | undefined;
    let conflicts = 0;
    while (!outcome) {
      try {
        outcome = await this.apply(batch, keys);
      } catch (error) {
        // Another writer stored an answer first: a concurrent holder (lease hand-over) applied some of these, or an
        // api node recorded the refusal of one whose hand-off looked failed. Again at once: stored answers are skipped.
        if ((error as { code?: string }).code === '23505' && conflicts++ < CONFLICT_RETRIES) continue;
        throw error;
      }
    }
    const { result, skipped } = outcome;
    if (skipped > 0)
      this.logger.warn({
        msg: 'commands cancelled by the intake are skipped',
        partition: this.partition,
        commands: skipped,
      });
    await this.publisher.publish(result.messages);
    const published = Date.now();
    await this.redis.client.xack(this.key, this.group, ...entries.map(([id]) => id));
    this.metrics.batchApplied(this.partition, result, Date.now() - started, published);
  }

  /**
   * One attempt at a batch. Its commands are claimed in the arbiter first, outside the transaction: those an api node
   * cancelled already are left out (and recorded as "could not place" in the same transaction), every other one is
   * the pipeline's to answer from then on, so no api node tells its player it was not placed while the batch runs.
   * A command is therefore stored and charged only if it was claimed before any cancellation. When the attempt fails
   * before its COMMIT, its claims are released, so the api nodes can answer those players; a failure of the COMMIT
   * itself keeps them (it may have gone through: the retry, or the standby's, proceeds under them).
   */
  private async apply(
    batch: ParsedBatch,
    keyOf: Map<string, string>,
  ): Promise<{ result: BatchResult; skipped: number }> {
    const keys = [...new Set(keyOf.values())];
    const attempt = `${this.owner}:${randomUUID()}`;
    const release = () =>
      releaseClaims(this.redis.failFast, keys, attempt).catch((releaseError: Error) =>
        this.logger.warn({
          msg: 'claims of a failed batch could not be released',
          partition: this.partition,
          error: releaseError.message,
        }),
      );
    let cancelled: Set<string>;
    try {
      cancelled = new Set(await claimCommands(this.redis.failFast, keys, attempt));
    } catch (error) {
      // Some chunks may have been claimed before the failure.
      await release();
      throw error;
    }
    const isCancelled = (entryId: string) => cancelled.has(keyOf.get(entryId)!);
    const applied: ParsedBatch = { ...batch, commands: batch.commands.filter((c) => !isCancelled(c.entryId)) };
    const skipped = batch.commands.filter((c) => isCancelled(c.entryId)).map((c) => c.command);
    // The token this batch runs under, checked against the newest in its write statement (FOR SHARE until the
    // COMMIT): a lease lost meanwhile, even if won back since, refuses the batch.
    const fence = { name: this.lease.name, token: this.lease.token };
    try {
      const result = await this.batches.apply(this.partition, applied, { fence, cancelled: skipped });
      if (result.fenced) throw new FencedError(fence.name, fence.token, result.fenced.current);
      return { result, skipped: skipped.length };
    } catch (error) {
      // A COMMIT that failed may have gone through: its claims are kept (the retry, or the standby's, proceeds under them).
      if (!commitInDoubt(error)) await release();
      throw error;
    }
  }
}
