import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { hostname } from 'node:os';
import { AppConfig } from '@app/config';
import { EventsPublisher } from '@app/realtime';
import { Lease, RedisService } from '@app/redis';
import { BetBatchService, type BatchResult, type StreamEntry } from '@app/bets';

type XEntries = Array<[string, string[]]>;

/** Observes batches (metrics); set by the metrics module. */
export interface BatchObserver {
  (partition: number, result: BatchResult, ms: number, publishedAt: number): void;
}

/**
 * One consumer per partition stream, each holding a lease so exactly one process applies a partition's commands,
 * in order. On taking a partition over it first claims and re-applies what the previous holder left unacknowledged
 * (idempotent: applied command ids are skipped, their replies re-sent). Entries are acknowledged only after their
 * transaction committed and the replies were published.
 */
@Injectable()
export class BetProcessorService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('BetProcessor');
  private readonly consumers: PartitionConsumer[] = [];
  observer?: BatchObserver;

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(RedisService) private readonly redis: RedisService,
    @Inject(BetBatchService) private readonly batches: BetBatchService,
    @Inject(EventsPublisher) private readonly publisher: EventsPublisher,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.hasEngineRole('bets')) return;
    const owner = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
    for (let p = 0; p < this.config.BET_PARTITIONS; p++) {
      const consumer = new PartitionConsumer(p, owner, this.config, this.redis, this.batches, this.publisher, this.logger, (partition, result, ms, publishedAt) =>
        this.observer?.(partition, result, ms, publishedAt),
      );
      this.consumers.push(consumer);
      consumer.start();
    }
  }

  /** Partitions this process currently leads. */
  get ledPartitions(): number[] {
    return this.consumers.filter((c) => c.leader).map((c) => c.partition);
  }

  /** Stops every consumer WITHOUT releasing leases or acknowledging, as a crashed process would. */
  async halt(): Promise<void> {
    await Promise.all(this.consumers.map((c) => c.stop(false)));
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.consumers.map((c) => c.stop()));
  }
}

class PartitionConsumer {
  leader = false;
  private running = false;
  private loop?: Promise<void>;
  private readonly lease: Lease;
  private readonly key: string;
  private readonly group: string;
  private reader?: Redis;
  private lastRenew = 0;
  private groupReady = false;

  constructor(
    readonly partition: number,
    private readonly owner: string,
    private readonly config: AppConfig,
    private readonly redis: RedisService,
    private readonly batches: BetBatchService,
    private readonly publisher: EventsPublisher,
    private readonly logger: Logger,
    private readonly observe: BatchObserver,
  ) {
    this.key = redis.keys.betCommands(partition);
    this.group = redis.keys.betProcessorsGroup;
    this.lease = new Lease(redis.client, redis.keys.lease(`bets:${partition}`), owner, config.LEASE_TTL_MS);
  }

  start(): void {
    this.running = true;
    this.loop = this.run();
  }

  async stop(release = true): Promise<void> {
    this.running = false;
    this.reader?.disconnect();
    await this.loop?.catch(() => {});
    if (this.leader && release) await this.lease.release().catch(() => {});
    this.leader = false;
  }

  private async holdLease(): Promise<boolean> {
    const now = Date.now();
    if (this.leader && now - this.lastRenew < this.config.LEASE_TTL_MS / 3) return true;
    const held = await this.lease.acquireOrRenew();
    if (held && !this.leader) {
      this.logger.log({ msg: 'partition acquired', partition: this.partition });
      await this.takeOver();
    }
    if (!held && this.leader) this.logger.warn({ msg: 'partition lease lost', partition: this.partition });
    this.leader = held;
    if (held) this.lastRenew = now;
    return held;
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

  /** Claims every entry the previous holder left unacknowledged and applies it first. */
  private async takeOver(): Promise<void> {
    await this.ensureGroup();
    let cursor = '0-0';
    do {
      const [next] = (await this.redis.client.xautoclaim(this.key, this.group, this.owner, 0, cursor, 'COUNT', 1000, 'JUSTID')) as [string, string[]];
      cursor = next;
    } while (cursor !== '0-0');
    for (;;) {
      const pending = (await this.redis.client.xreadgroup('GROUP', this.group, this.owner, 'COUNT', this.config.BET_BATCH_SIZE, 'STREAMS', this.key, '0')) as
        | Array<[string, XEntries]>
        | null;
      const entries = pending?.[0]?.[1] ?? [];
      if (entries.length === 0) break;
      await this.process(entries);
    }
  }

  private async run(): Promise<void> {
    this.reader = this.redis.dedicated(`bets-${this.partition}`);
    while (this.running) {
      try {
        if (!(await this.holdLease())) {
          await new Promise((r) => setTimeout(r, Math.min(500, this.config.LEASE_TTL_MS / 3)));
          continue;
        }
        await this.ensureGroup();
        const result = (await this.reader.xreadgroup('GROUP', this.group, this.owner, 'COUNT', this.config.BET_BATCH_SIZE, 'BLOCK', 100, 'STREAMS', this.key, '>')) as
          | Array<[string, XEntries]>
          | null;
        const entries = result?.[0]?.[1] ?? [];
        if (entries.length > 0) await this.process(entries);
      } catch (error) {
        if (!this.running) break;
        const message = (error as Error).message;
        if (message.includes('NOGROUP')) this.groupReady = false;
        this.logger.error({ msg: 'partition batch failed; its entries stay pending and are retried', partition: this.partition, error: message });
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  }

  private async process(entries: XEntries): Promise<void> {
    const started = Date.now();
    const batch: StreamEntry[] = entries.filter(([, fields]) => fields).map(([id, fields]) => ({ id, fields }));
    let result: BatchResult;
    this.logger.debug({ msg: 'applying batch', partition: this.partition, entries: batch.length, firstEntry: batch[0]?.id, lastEntry: batch.at(-1)?.id });
    try {
      result = await this.batches.apply(this.partition, batch);
    } catch (error) {
      // A concurrent holder (lease hand-over) applied some of these first: retry once, applied ids are skipped.
      if ((error as { code?: string }).code === '23505') result = await this.batches.apply(this.partition, batch);
      else throw error;
    }
    await this.publisher.publish(result.messages);
    const published = Date.now();
    await this.redis.client.xack(this.key, this.group, ...entries.map(([id]) => id));
    this.observe(this.partition, result, Date.now() - started, published);
  }
}
