import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { hostname } from 'node:os';
import { AppConfig } from '@app/config';
import { Database, type PeriodRow, type PublicPeriodRow, type RefundReason } from '@app/db';
import { currentPeriod, drawResult, hashSeed, nextPeriodId, periodIdAt, periodInfo, type PeriodConfig, type PeriodTimes } from '@app/domain';
import { EventsPublisher, FENCE_FIELD, toGameResult } from '@app/realtime';
import { FencedLease, RedisService } from '@app/redis';
import { isFenced, leaseGuard, nextFencingToken, type WriteGuard } from '../leadership/fencing.js';
import { FairnessChainService, type LoadedChain } from './fairness-chain.service.js';
import { PeriodRepository } from './period.repository.js';
import { ResultsPublisher } from './results-publisher.js';
import { RESULT_SLICE_BETS, SettlementService } from './settlement.service.js';

const TICK_MS = 50;

/**
 * How long until the clock's next step: `TICK_MS`, or less so that a step falls just after the next lock or the
 * next period's start (the new period is announced and the ended one drawn as soon as it ends, not up to a tick
 * later).
 */
export function untilNextTick(now: number, config: PeriodConfig): number {
  const period = currentPeriod(now, config);
  const boundary = now < period.lockTime ? period.lockTime : period.endTime;
  return Math.max(0, Math.min(TICK_MS, boundary - now + 1));
}
/** Missed periods recorded per statement when catching up after an outage. */
const CATCH_UP_BATCH = 500;

/** What the clock reports beside settlements (metrics). */
export interface ClockEvents {
  refunded(reason: RefundReason, periods: number): void;
  fencesResent(partitions: number): void;
}

/**
 * The round clock (one leader at a time, by a fenced lease; standbys take over when the lease lapses): opens each
 * period (and the next one ahead) with its committed seed hash, announces it (with that hash once the period
 * before it is drawn: the hash is that period's seed), fences every bet partition at the lock, draws the result
 * at the end from the hash chain, settles once every partition has passed the lock, and refunds a period that can
 * no longer be drawn in time (the engine was down for more than a round).
 *
 * It heals by itself: every tick re-derives what is due from the database (nothing is skipped because memory says
 * it was done): fences still missing `REFENCE_AFTER_MS` after they were sent are sent again; each drawn period is
 * settled on its own (one that cannot settle never holds up the next); one not settled `SETTLEMENT_DEADLINE_ROUNDS`
 * rounds after its end is refunded; results not recorded as published are published by the current leader, at
 * most once; periods that no engine ran (an outage) are recorded and refunded, so ids have no gap.
 *
 * The fairness chain is loaded before the clock competes for the lease, and the lease is renewed on its own timer:
 * a standby takes over within one lease TTL and draws at once. Every write checks the lease's fencing token in its
 * transaction: a leader that was paused past its lease cannot write once it wakes up.
 */
@Injectable()
export class RoundClockService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('RoundClock');
  private readonly periodConfig: PeriodConfig;
  private lease?: FencedLease;
  private guard: WriteGuard = async () => {
    throw new Error('the round clock is not running');
  };
  private timer?: NodeJS.Timeout;
  private running = false;
  private announced?: string;
  private readonly opened = new Set<string>();
  /** When fences were last sent (or found complete) per period; the database is read again before anything is re-sent. */
  private readonly fenceSentAt = new Map<string, number>();
  private settling: Promise<void> | null = null;
  private republishCheckedAt = 0;
  private tickRunning = false;
  private starting?: Promise<void>;
  /** Drawn periods more than a round past their end and not yet settled (a gauge). */
  overdue = 0;

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(RedisService) private readonly redis: RedisService,
    @Inject(Database) private readonly db: Database,
    @Inject(PeriodRepository) private readonly periods: PeriodRepository,
    @Inject(FairnessChainService) private readonly chains: FairnessChainService,
    @Inject(SettlementService) private readonly settlement: SettlementService,
    @Inject(EventsPublisher) private readonly publisher: EventsPublisher,
    @Inject(ResultsPublisher) private readonly results: ResultsPublisher,
  ) {
    this.periodConfig = { roundSeconds: config.ROUND_SECONDS, lockSeconds: config.LOCK_SECONDS };
  }

  /** Observes settlements and refunds (metrics). */
  observer?: (kind: 'settle' | 'refund', bets: number, ms: number) => void;
  events?: ClockEvents;

  get isLeader(): boolean {
    return this.lease?.held ?? false;
  }

  /** The fencing token of the clock's current leadership (null when not leading). */
  get token(): number | null {
    return this.lease?.token ?? null;
  }

  onApplicationBootstrap(): void {
    if (!this.config.hasEngineRole('clock')) return;
    const lease = new FencedLease({
      redis: this.redis.client,
      key: this.redis.keys.lease('round-clock'),
      name: 'round-clock',
      owner: `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`,
      ttlMs: this.config.LEASE_TTL_MS,
      nextToken: (name) => nextFencingToken(this.db, name),
      onAcquired: (token) => {
        this.forget();
        this.logger.log({ msg: 'round clock leadership acquired', owner: lease.owner, token });
      },
      onLost: (reason) => {
        this.forget();
        this.logger.warn({ msg: 'round clock leadership lost', reason });
      },
      onError: (error) => this.logger.warn({ msg: 'round clock lease renewal failed', error: error.message }),
    });
    this.lease = lease;
    this.guard = leaseGuard(lease);
    this.running = true;
    this.starting = this.begin();
  }

  /** Loads the fairness chain first (off the event loop's critical path), then competes for the lease. */
  private async begin(): Promise<void> {
    while (this.running) {
      try {
        await this.chains.preload();
        break;
      } catch (error) {
        this.logger.error({ msg: 'fairness chain could not be loaded; retrying', error: (error as Error).message });
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
    if (!this.running) return;
    this.lease!.start();
    this.schedule(0);
  }

  /** In-memory progress is only a cache: dropped whenever leadership changes hands. */
  private forget(): void {
    this.announced = undefined;
    this.opened.clear();
    this.fenceSentAt.clear();
  }

  /** Stops ticking and renewing WITHOUT releasing the lease, as a crashed or frozen process would (used to prove failover). */
  async halt(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    await this.starting?.catch(() => {});
    await this.lease?.stop(false);
    this.results.hurry();
    await this.settling?.catch(() => {});
    while (this.tickRunning) await new Promise((r) => setTimeout(r, 10));
  }

  async onApplicationShutdown(): Promise<void> {
    if (!this.lease) return;
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    await this.starting?.catch(() => {});
    this.results.hurry();
    await this.settling?.catch(() => {});
    while (this.tickRunning) await new Promise((r) => setTimeout(r, 10));
    await this.lease.stop(true);
  }

  private schedule(ms: number): void {
    if (!this.running) return;
    this.timer = setTimeout(() => void this.tick(), ms);
  }

  private async tick(): Promise<void> {
    this.tickRunning = true;
    try {
      if (this.lease?.held) await this.step(Date.now());
    } catch (error) {
      await this.failed(error as Error, 'round clock step failed');
    } finally {
      this.tickRunning = false;
      this.schedule(untilNextTick(Date.now(), this.periodConfig));
    }
  }

  private async failed(error: Error, msg: string): Promise<void> {
    if (isFenced(error)) {
      this.logger.warn({ msg: 'round clock write refused: a newer leader holds the clock', error: error.message });
      await this.lease?.drop('fenced');
      return;
    }
    this.logger.error({ msg, error: error.message });
  }

  /** One step of the clock at `now` (exposed for tests). */
  async step(now: number): Promise<void> {
    const current = currentPeriod(now, this.periodConfig);
    if (!this.opened.has(current.periodId) && !(await this.periods.find(current.periodId))) await this.catchUp(current);
    await this.ensureOpen(current);
    await this.ensureOpen(periodInfo(nextPeriodId(current.periodId, this.periodConfig), this.periodConfig));
    for (const period of await this.periods.openPastLock(new Date(now))) {
      await this.fenceIfDue(period, now, false);
      if (period.end_at.getTime() <= now) {
        if (now - period.end_at.getTime() <= this.config.ROUND_SECONDS * 1000) await this.draw(period);
        else await this.refund(period, 'not-drawn');
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
      this.settling = this.settleDue(now)
        .catch((error: Error) => this.failed(error, 'settlement attempt failed; will retry'))
        .finally(() => (this.settling = null));
    }
  }

  announcement(info: PeriodTimes, row: Pick<PublicPeriodRow, 'seed_hash'>) {
    return {
      periodId: info.periodId,
      startTime: info.startTime,
      duration: this.config.ROUND_SECONDS,
      serverTime: Date.now(),
      lockTime: info.lockTime,
      ...(row.seed_hash ? { seedHash: row.seed_hash } : {}),
    };
  }

  /** The chain to open the next period in, and that period's index (rolling over when the chain is used up). */
  private async nextIndex(): Promise<{ chain: LoadedChain; k: number }> {
    let chain: LoadedChain = await this.chains.active();
    let k = await this.periods.nextChainIndex(chain.id);
    if (k > chain.length) {
      chain = await this.chains.rollOver();
      k = 1;
    }
    return { chain, k };
  }

  private async ensureOpen(info: PeriodTimes): Promise<void> {
    if (this.opened.has(info.periodId)) return;
    const existing = await this.periods.find(info.periodId);
    if (!existing) {
      const { chain, k } = await this.nextIndex();
      // The seed hash committed for this period is seed[k-1] (the commitment itself for k = 1).
      await this.periods.open(info, chain.id, k, this.chains.seed(chain, k - 1), this.guard);
    }
    this.opened.add(info.periodId);
    if (this.opened.size > 16) this.opened.delete(this.opened.values().next().value!);
  }

  /**
   * After an outage (no engine ran the clock), records every period id between the last one opened and the current
   * one, refunded at once (no bet could be placed in them), before the current period is opened: ids have no gap
   * and chain indexes stay in time order. At most one day back.
   */
  private async catchUp(current: PeriodTimes): Promise<void> {
    const last = await this.periods.latestBefore(current.startTime);
    if (!last) return;
    const dayAgo = periodIdAt(current.startTime - 86_400_000, this.periodConfig);
    let id = nextPeriodId(last.id, this.periodConfig);
    if (id < dayAgo) id = dayAgo;
    let recorded = 0;
    while (id < current.periodId) {
      const { chain, k } = await this.nextIndex();
      const batch: Array<{ info: PeriodTimes; chainIndex: number; seedHash: string }> = [];
      while (id < current.periodId && batch.length < CATCH_UP_BATCH && k + batch.length <= chain.length) {
        const index = k + batch.length;
        batch.push({ info: periodInfo(id, this.periodConfig), chainIndex: index, seedHash: this.chains.seed(chain, index - 1) });
        id = nextPeriodId(id, this.periodConfig);
      }
      recorded += await this.periods.recordMissed(batch, chain.id, this.guard);
      await new Promise((r) => setImmediate(r));
    }
    if (recorded > 0) {
      this.logger.warn({ msg: 'periods missed while no engine ran were recorded and refunded', periods: recorded, after: last.id, before: current.periodId });
      this.events?.refunded('missed', recorded);
    }
  }

  /**
   * Whether every partition has recorded its fence for the period; sends the fences still missing: at its lock, and
   * again (to the partitions that have not recorded theirs) whenever they are still missing `REFENCE_AFTER_MS` after
   * the last send, whatever happened to the previous ones (a lost batch, a stream that lost its data, a new leader).
   * With `check: false` (an open period, every tick) the database is read only when a send may be due.
   */
  private async fenceIfDue(period: PeriodRow, now: number, check = true): Promise<boolean> {
    if (this.config.BET_PIPELINE !== 'stream') return true;
    const sent = this.fenceSentAt.get(period.id);
    const due = sent === undefined || now - sent >= this.config.REFENCE_AFTER_MS;
    if (!due && !check) return false;
    const have = new Set(await this.periods.fencedPartitions(period.id));
    const missing: number[] = [];
    for (let p = 0; p < this.config.BET_PARTITIONS; p++) if (!have.has(p)) missing.push(p);
    if (missing.length === 0) {
      if (sent === undefined) this.fenceSentAt.set(period.id, now);
      return true;
    }
    if (!due || !this.lease?.held) return false;
    await this.fence(period, missing);
    if (sent !== undefined) {
      this.logger.warn({ msg: 'fences still missing; sent again', periodId: period.id, partitions: missing });
      this.events?.fencesResent(missing.length);
    }
    this.fenceSentAt.set(period.id, Date.now());
    if (this.fenceSentAt.size > 64) this.fenceSentAt.delete(this.fenceSentAt.keys().next().value!);
    return false;
  }

  /**
   * Appends a fence to partition streams with an id at or after the lock instant: every command received before
   * the lock precedes it, so a consumer that has passed the fence has applied all of them.
   */
  private async fence(period: PeriodRow, partitions: number[]): Promise<void> {
    const lockMs = period.lock_at.getTime();
    for (const p of partitions) {
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
    const chain = await this.chains.byId(period.chain_id);
    const seed = this.chains.seed(chain, period.chain_index);
    if (hashSeed(seed) !== period.seed_hash) throw new Error(`seed of period ${period.id} does not match its committed hash`);
    const result = drawResult(seed, period.id);
    const drawn = await this.periods.draw(period.id, seed, result, this.guard);
    if (!drawn) return;
    this.logger.log({ msg: 'period drawn', periodId: period.id, digit: result.digit, lateMs: Date.now() - period.end_at.getTime() });
    await this.publishGameResult(drawn);
  }

  private async publishGameResult(period: PeriodRow): Promise<void> {
    await this.results.publishOnce(this.lease!, 'game-result', period.id, [{ room: null, event: 'game-result', data: toGameResult(period) }]);
    await this.periods.markGameResultPublished(period.id);
  }

  private async refund(period: PeriodRow, reason: Exclude<RefundReason, 'missed'>): Promise<void> {
    const outcome = await this.settlement.refund(period.id, reason, this.guard);
    if (!outcome) return;
    this.observer?.('refund', outcome.bets, outcome.ms);
    this.events?.refunded(reason, 1);
    await this.publishResults(outcome.period);
  }

  /** A period's results, read from the database and published a slice at a time. */
  private async publishResults(period: PeriodRow): Promise<void> {
    const read = (online: string[]) => this.settlement.resultSlices(period, RESULT_SLICE_BETS, online);
    await this.results.publishSlices(this.lease!, period.id, read, this.config.ROUND_SECONDS * 500);
    await this.periods.markPublished(period.id);
  }

  /**
   * Settles drawn periods, oldest first, each on its own once every partition has passed its lock; refunds one
   * that missed the settlement deadline; then publishes results a previous publisher left unpublished.
   */
  async settleDue(now = Date.now()): Promise<void> {
    const roundMs = this.config.ROUND_SECONDS * 1000;
    let overdue = 0;
    for (const period of await this.periods.drawnAwaitingSettlement()) {
      try {
        const age = now - period.end_at.getTime();
        if (age > this.config.SETTLEMENT_DEADLINE_ROUNDS * roundMs) {
          this.logger.error({ msg: 'period not settled by its deadline; refunding it', periodId: period.id, rounds: this.config.SETTLEMENT_DEADLINE_ROUNDS });
          await this.refund(period, 'settlement-deadline');
          continue;
        }
        if (age > roundMs) overdue++;
        // With partition streams, wait until every partition has applied all it received before the lock. (In the
        // direct pipeline each bet commits in its own transaction under the period row lock: nothing to wait for.)
        if (!(await this.fenceIfDue(period, now))) continue;
        const outcome = await this.settlement.settle(period.id, this.guard);
        if (outcome) {
          this.fenceSentAt.delete(period.id);
          this.observer?.('settle', outcome.bets, outcome.ms);
          await this.publishResults(outcome.period);
        }
      } catch (error) {
        if (isFenced(error)) throw error;
        this.logger.error({ msg: 'period could not be settled yet; the next ones go on', periodId: period.id, error: (error as Error).message });
      }
    }
    this.overdue = overdue;
    // Looking for unpublished results once a second is plenty (they are due only after RESULTS_REPUBLISH_AFTER_MS).
    if (now - this.republishCheckedAt < 1000) return;
    this.republishCheckedAt = now;
    const afterMs = this.config.RESULTS_REPUBLISH_AFTER_MS;
    for (const period of await this.periods.gameResultUnpublished(afterMs)) {
      this.logger.warn({ msg: 'game result not recorded as broadcast; broadcasting it', periodId: period.id });
      await this.publishGameResult(period);
    }
    for (const period of await this.periods.unpublished(afterMs)) {
      if (!(await this.periods.claimResults(period, afterMs, this.guard))) continue;
      this.logger.warn({ msg: 'results not recorded as published; publishing them', periodId: period.id, status: period.status });
      await this.publishResults(period);
    }
  }
}
