import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { hostname } from 'node:os';
import { AppConfig } from '@app/config';
import type { PeriodRow, PublicPeriodRow } from '@app/db';
import { currentPeriod, drawResult, hashSeed, nextPeriodId, periodInfo, type PeriodConfig, type PeriodInfo } from '@app/domain';
import { EventsPublisher, FENCE_FIELD, toGameResult } from '@app/realtime';
import { Lease, RedisService } from '@app/redis';
import { FairnessChainService, type LoadedChain } from './fairness-chain.service.js';
import { PeriodRepository } from './period.repository.js';
import { SettlementService } from './settlement.service.js';

const TICK_MS = 50;

/**
 * The round clock (one leader at a time, by lease; standbys take over when the lease lapses): opens each period
 * (and the next one ahead) with its committed seed hash, announces it (with that hash once the period before it
 * is drawn: the hash is that period's seed), fences every bet partition at the lock,
 * draws the result at the end from the hash chain, settles once every partition has passed the lock, and refunds
 * a period that can no longer be drawn in time (the engine was down for more than a round).
 */
@Injectable()
export class RoundClockService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('RoundClock');
  private readonly periodConfig: PeriodConfig;
  private lease!: Lease;
  private timer?: NodeJS.Timeout;
  private running = false;
  private leader = false;
  private lastRenew = 0;
  private announced?: string;
  private readonly opened = new Set<string>();
  private readonly fenced = new Set<string>();
  private settling: Promise<void> | null = null;
  private tickRunning = false;

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(RedisService) private readonly redis: RedisService,
    @Inject(PeriodRepository) private readonly periods: PeriodRepository,
    @Inject(FairnessChainService) private readonly chains: FairnessChainService,
    @Inject(SettlementService) private readonly settlement: SettlementService,
    @Inject(EventsPublisher) private readonly publisher: EventsPublisher,
  ) {
    this.periodConfig = { roundSeconds: config.ROUND_SECONDS, lockSeconds: config.LOCK_SECONDS };
  }

  /** Observes settlements and refunds (metrics). */
  observer?: (kind: 'settle' | 'refund', bets: number, ms: number) => void;

  get isLeader(): boolean {
    return this.leader;
  }

  onApplicationBootstrap(): void {
    if (!this.config.hasEngineRole('clock')) return;
    this.lease = new Lease(this.redis.client, this.redis.keys.lease('round-clock'), `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`, this.config.LEASE_TTL_MS);
    this.running = true;
    this.schedule(0);
  }

  /** Stops ticking WITHOUT releasing the lease, as a crashed or frozen process would (used to prove failover). */
  async halt(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    await this.settling?.catch(() => {});
    while (this.tickRunning) await new Promise((r) => setTimeout(r, 10));
    this.leader = false;
  }

  async onApplicationShutdown(): Promise<void> {
    if (!this.running && !this.leader) return;
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    await this.settling?.catch(() => {});
    while (this.tickRunning) await new Promise((r) => setTimeout(r, 10));
    if (this.leader) await this.lease.release().catch(() => {});
  }

  private schedule(ms: number): void {
    if (!this.running) return;
    this.timer = setTimeout(() => void this.tick(), ms);
  }

  private async holdLease(): Promise<boolean> {
    const now = Date.now();
    if (this.leader && now - this.lastRenew < this.config.LEASE_TTL_MS / 3) return true;
    const held = await this.lease.acquireOrRenew();
    if (held && !this.leader) this.logger.log({ msg: 'round clock leadership acquired', owner: this.lease.owner });
    if (!held && this.leader) this.logger.warn({ msg: 'round clock leadership lost' });
    if (held !== this.leader) {
      this.announced = undefined;
      this.opened.clear();
      this.fenced.clear();
    }
    this.leader = held;
    if (held) this.lastRenew = now;
    return held;
  }

  private async tick(): Promise<void> {
    this.tickRunning = true;
    try {
      if (await this.holdLease()) await this.step(Date.now());
    } catch (error) {
      this.logger.error({ msg: 'round clock step failed', error: (error as Error).message });
    } finally {
      this.tickRunning = false;
      this.schedule(TICK_MS);
    }
  }

  /** One step of the clock at `now` (exposed for tests). */
  async step(now: number): Promise<void> {
    const current = currentPeriod(now, this.periodConfig);
    await this.ensureOpen(current);
    await this.ensureOpen(periodInfo(nextPeriodId(current.periodId, this.periodConfig), this.periodConfig));
    for (const period of await this.periods.openPastLock(new Date(now))) {
      if (!this.fenced.has(period.id)) {
        await this.fence(period);
        this.fenced.add(period.id);
      }
      if (period.end_at.getTime() <= now) {
        if (now - period.end_at.getTime() <= this.config.ROUND_SECONDS * 1000) await this.draw(period);
        else await this.refund(period);
      }
    }
    // After the draw of the period that just ended: the new period's committed hash is that period's seed, public
    // only once it is drawn. Announced with the hash as the public view shows it, again if it becomes public later.
    if (this.announced !== `${current.periodId}:hash`) {
      const row = await this.periods.findPublic(current.periodId);
      if (row && this.announced !== `${current.periodId}:${row.seed_hash ? 'hash' : 'pending'}`) {
        await this.publisher.publish([{ room: null, event: 'next-period-id', data: this.announcement(current, row) }]);
        this.announced = `${current.periodId}:${row.seed_hash ? 'hash' : 'pending'}`;
      }
    }
    if (!this.settling) {
      // Settlement runs beside the clock; a failed attempt (e.g. its connection died) is retried on the next tick.
      this.settling = this.settleDue()
        .catch((error: Error) => this.logger.error({ msg: 'settlement attempt failed; will retry', error: error.message }))
        .finally(() => (this.settling = null));
    }
  }

  announcement(info: PeriodInfo, row: Pick<PublicPeriodRow, 'seed_hash'>) {
    return {
      periodId: info.periodId,
      startTime: info.startTime,
      duration: this.config.ROUND_SECONDS,
      serverTime: Date.now(),
      lockTime: info.lockTime,
      ...(row.seed_hash ? { seedHash: row.seed_hash } : {}),
    };
  }

  private async ensureOpen(info: PeriodInfo): Promise<void> {
    if (this.opened.has(info.periodId)) return;
    const existing = await this.periods.find(info.periodId);
    if (!existing) {
      let chain: LoadedChain = await this.chains.active();
      let k = await this.periods.nextChainIndex(chain.id);
      if (k > chain.length) {
        chain = await this.chains.rollOver();
        k = 1;
      }
      // The seed hash committed for this period is seed[k-1] (the commitment itself for k = 1).
      const seedHash = this.chains.seed(chain, k - 1);
      await this.periods.open(info, chain.id, k, seedHash);
    }
    this.opened.add(info.periodId);
    if (this.opened.size > 16) this.opened.delete(this.opened.values().next().value!);
  }

  /**
   * Appends a fence to every partition stream with an id at or after the lock instant: every command received
   * before the lock precedes it, so a consumer that has passed the fence has applied all of them.
   */
  private async fence(period: PeriodRow): Promise<void> {
    const lockMs = period.lock_at.getTime();
    for (let p = 0; p < this.config.BET_PARTITIONS; p++) {
      const key = this.redis.keys.betCommands(p);
      try {
        await this.redis.client.xadd(key, `${lockMs}-*`, FENCE_FIELD, period.id);
      } catch {
        // The stream already holds later entries: a new id is after the lock anyway.
        await this.redis.client.xadd(key, '*', FENCE_FIELD, period.id);
      }
    }
  }

  private async draw(period: PeriodRow): Promise<void> {
    const chain = await this.chains.active();
    const source = chain.id === period.chain_id ? chain : null;
    if (!source) throw new Error(`period ${period.id} belongs to chain ${period.chain_id}, which is not loaded`);
    const seed = this.chains.seed(source, period.chain_index);
    if (hashSeed(seed) !== period.seed_hash) throw new Error(`seed of period ${period.id} does not match its committed hash`);
    const result = drawResult(seed, period.id);
    const drawn = await this.periods.draw(period.id, seed, result);
    if (!drawn) return;
    this.logger.log({ msg: 'period drawn', periodId: period.id, digit: result.digit, lateMs: Date.now() - period.end_at.getTime() });
    await this.publisher.publish([{ room: null, event: 'game-result', data: toGameResult(drawn) }]);
  }

  private async refund(period: PeriodRow): Promise<void> {
    const outcome = await this.settlement.refund(period.id);
    if (!outcome) return;
    this.observer?.('refund', outcome.bets.length, outcome.ms);
    await this.publisher.publish(this.settlement.refundMessages(outcome), [], 'results');
    await this.periods.markPublished(period.id);
  }

  /** Settles drawn periods, oldest first, each once every partition has passed its lock. */
  async settleDue(): Promise<void> {
    for (const period of await this.periods.drawnAwaitingSettlement()) {
      // With partition streams, wait until every partition has applied all it received before the lock. (In the
      // direct pipeline each bet commits in its own transaction under the period row lock: nothing to wait for.)
      const fenced = this.config.BET_PIPELINE === 'stream' ? await this.periods.fencedPartitions(period.id) : [];
      if (this.config.BET_PIPELINE === 'stream' && fenced.length < this.config.BET_PARTITIONS) {
        if (!this.fenced.has(period.id)) {
          await this.fence(period);
          this.fenced.add(period.id);
        }
        return;
      }
      const outcome = await this.settlement.settle(period.id);
      if (outcome) {
        this.observer?.('settle', outcome.bets.length, outcome.ms);
        await this.publisher.publish(this.settlement.settlementMessages(outcome), [], 'results');
        await this.periods.markPublished(period.id);
      }
    }
    for (const period of await this.periods.unpublished()) {
      await this.publisher.publish(await this.settlement.messagesFor(period), [], 'results');
      await this.periods.markPublished(period.id);
    }
  }
}
