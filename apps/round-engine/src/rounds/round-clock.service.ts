import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { hostname } from 'node:os';
import { AppConfig } from '@app/config';
import { Database, type PeriodRow, type PublicPeriodRow } from '@app/db';
import {
  decidePeriodStep,
  drawResult,
  hashSeed,
  missedPeriods,
  nextLookAt,
  nextPeriodId,
  periodInfo,
  periodsToOpen,
  settlementRetry,
  untilNextTick,
  type PeriodConfig,
  type PeriodLifecycleConfig,
  type PeriodLifecycleState,
  type PeriodStep,
  type PeriodStepType,
  type PeriodTimes,
} from '@app/domain';
import { COMMITMENTS_ROOM, EventsPublisher, FENCE_FIELD, toGameResult } from '@app/realtime';
import { FencedLease, RedisService } from '@app/redis';
import { isFenced, leaseGuard, nextFencingToken, type WriteGuard } from '../leadership/fencing.js';
import { CLOCK_METRICS, type ClockMetrics } from '../metrics/engine-metrics.js';
import { BeaconService } from './beacon.service.js';
import { FairnessChainService, type LoadedChain } from './fairness-chain.service.js';
import { PeriodRepository, type DrawBeacon } from './period.repository.js';
import { ResultsPublisher } from './results-publisher.js';
import { RESULT_SLICE_BETS, SettlementService } from './settlement.service.js';

/** Missed periods recorded per statement when catching up after an outage. */
const CATCH_UP_BATCH = 500;
/** How often the clock looks for refunded periods whose would-be result can now be recorded, and for the next chain. */
const HOUSEKEEPING_MS = 1000;

/** The steps each of the clock's loops carries out, of those the lifecycle decides for the periods it loads. */
const OPEN_STEPS: readonly PeriodStepType[] = ['fence', 'commit-bets', 'fetch-beacon', 'draw', 'refund'];
const SETTLE_STEPS: readonly PeriodStepType[] = ['fence', 'settle'];
const VOID_RESULT_STEPS: readonly PeriodStepType[] = ['fetch-beacon', 'record-void-result'];

/**
 * The round clock (one leader at a time, by a fenced lease; standbys take over when the lease lapses). It opens each
 * period (and the next one ahead), announces it, and takes every period through its life as the domain's period
 * lifecycle decides (`decidePeriodStep`, libs/domain; docs/period-lifecycle.md): fence the bet partitions at the lock; once all have passed it,
 * commit the bets (their Merkle root, published before the result exists); fetch the period's beacon round (the first
 * drand round at or after the lock) and draw at the end from the chain's seed mixed with it; settle once drawn. It
 * only loads state, asks, and executes. A period never drawn is refunded (`not-drawn`, `beacon-unavailable`) and its
 * would-be result recorded once its beacon is known; a drawn period is always settled, a failed settlement retried
 * after a back-off.
 *
 * It heals by itself: every tick re-derives what is due from the database; each period's step runs on its own (one
 * that fails never holds up the others, nor the opening of new periods); results not recorded as published are
 * published by the current leader, at most once; periods that no engine ran (an outage) are recorded and refunded,
 * so ids have no gap.
 *
 * The fairness chains are loaded before the clock competes for the lease, and the lease is renewed on its own timer:
 * a standby takes over within one lease TTL and draws at once. Every write checks the lease's fencing token in its
 * transaction: a leader that was paused past its lease cannot write once it wakes up.
 */
@Injectable()
export class RoundClockService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('RoundClock');
  private readonly periodConfig: PeriodConfig;
  private readonly lifecycle: PeriodLifecycleConfig;
  private lease?: FencedLease;
  private guard: WriteGuard = async () => {
    throw new Error('the round clock is not running');
  };
  private timer?: NodeJS.Timeout;
  private running = false;
  private announced?: string;
  private readonly opened = new Set<string>();
  /** When fences were last sent per period; the database is read again before anything is re-sent. */
  private readonly fenceSentAt = new Map<string, number>();
  /** Periods every partition has fenced (fences are never taken back). */
  private readonly fenced = new Set<string>();
  /** Failed settlements per period: how many, and when the next attempt may be made. */
  private readonly settleFailures = new Map<string, { failures: number; notBefore: number }>();
  private settling: Promise<void> | null = null;
  private republishCheckedAt = 0;
  private housekeptAt = 0;
  /** The earliest instant time alone makes a step due for a period the clock looked at (`nextLookAt`). */
  private lookAt: number | null = null;
  private tickRunning = false;
  private starting?: Promise<void>;
  /** Drawn periods more than a round past their end and not yet settled (a gauge). */
  overdue = 0;
  /** Open periods past their end and not yet drawn (a gauge; normally 0 within a second of the end). */
  undrawn = 0;

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(RedisService) private readonly redis: RedisService,
    @Inject(Database) private readonly db: Database,
    @Inject(PeriodRepository) private readonly periods: PeriodRepository,
    @Inject(FairnessChainService) private readonly chains: FairnessChainService,
    @Inject(SettlementService) private readonly settlement: SettlementService,
    @Inject(EventsPublisher) private readonly publisher: EventsPublisher,
    @Inject(ResultsPublisher) private readonly results: ResultsPublisher,
    @Inject(BeaconService) private readonly beacon: BeaconService,
    @Inject(CLOCK_METRICS) private readonly metrics: ClockMetrics,
  ) {
    this.periodConfig = config.periodConfig;
    this.lifecycle = {
      roundMs: config.ROUND_SECONDS * 1000,
      beaconWaitMs: config.BEACON_WAIT_MS,
      refenceAfterMs: config.REFENCE_AFTER_MS,
      beacon: beacon.enabled,
      republishAfterMs: config.RESULTS_REPUBLISH_AFTER_MS,
    };
  }

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

  /** Loads the fairness chains first (off the event loop's critical path), then competes for the lease. */
  private async begin(): Promise<void> {
    while (this.running) {
      try {
        await this.chains.preload();
        break;
      } catch (error) {
        this.logger.error({ msg: 'fairness chains could not be loaded; retrying', error: (error as Error).message });
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
      this.schedule(untilNextTick(Date.now(), this.periodConfig, this.lookAt));
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
    const { current, next } = periodsToOpen(now, this.periodConfig);
    this.lookAt = null;
    if (!this.opened.has(current.periodId) && !(await this.periods.find(current.periodId))) await this.catchUp(current);
    await this.ensureOpen(current);
    let undrawn = 0;
    for (const period of await this.periods.openPastLock(new Date(now))) {
      if (period.end_at.getTime() < now) undrawn++;
      // Each period on its own: one that fails (a refund that cannot be written, a lost connection) is tried again on
      // the next tick and never keeps the others, or the periods still to open, waiting.
      try {
        await this.run(period, now, OPEN_STEPS);
      } catch (error) {
        if (isFenced(error)) throw error;
        this.metrics.periodFailed();
        this.logger.error({
          msg: 'period step failed; the other periods go on',
          periodId: period.id,
          error: (error as Error).message,
        });
      }
    }
    this.undrawn = undrawn;
    // After the draw of the period that just ended: the new period's committed hash is that period's seed, public
    // only once it is drawn. Announced with the hash as the public view shows it, again if it becomes public later.
    if (this.announced !== `${current.periodId}:hash`) {
      const row = await this.periods.findPublic(current.periodId);
      if (row && this.announced !== `${current.periodId}:${row.seed_hash ? 'hash' : 'pending'}`) {
        await this.publisher.publish([{ room: null, event: 'next-period-id', data: this.announcement(current, row) }]);
        this.announced = `${current.periodId}:${row.seed_hash ? 'hash' : 'pending'}`;
      }
    }
    // The next period is opened ahead (bets received at its first instant find it), after the ended one is drawn and
    // announced: nothing in the minute before that waits for it.
    await this.ensureOpen(next);
    if (!this.settling) {
      // Settlement runs beside the clock; a failed attempt (e.g. its connection died) is retried on the next tick.
      this.settling = this.settleDue(now)
        .catch((error: Error) => this.failed(error, 'settlement attempt failed; will retry'))
        .finally(() => (this.settling = null));
    }
    if (now - this.housekeptAt >= HOUSEKEEPING_MS) {
      this.housekeptAt = now;
      await this.housekeeping(current);
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

  /**
   * What the period lifecycle needs to know of a period: its fences (open and drawn periods; from the database until
   * all are in), its bets commitment, its beacon round (open periods, and refunded ones whose would-be result is not
   * recorded: when it is produced and whether it is verified, from memory), the back-off of a failed settlement and
   * what of it is recorded as published.
   */
  private async lifecycleState(
    period: PeriodRow,
  ): Promise<{ state: PeriodLifecycleState; missing: number[]; round?: number }> {
    const missing = period.status === 'OPEN' || period.status === 'DRAWN' ? await this.missingFences(period) : [];
    const needsBeacon = period.status === 'OPEN' || (period.status === 'REFUNDED' && period.void_digit === null);
    const round = needsBeacon && this.beacon.enabled ? this.beacon.roundFor(period.lock_at.getTime()) : undefined;
    const state: PeriodLifecycleState = {
      status: period.status,
      lockAt: period.lock_at.getTime(),
      endAt: period.end_at.getTime(),
      missingFences: missing.length,
      fencesSentAt: this.fenceSentAt.get(period.id) ?? null,
      betsCommitted: period.bets_root !== null,
      beaconDueAt: round?.dueAt ?? null,
      beaconVerified: round ? this.beacon.verified(round.round) !== undefined : false,
      settleNotBefore: this.settleFailures.get(period.id)?.notBefore ?? null,
      drawnAt: period.drawn_at?.getTime() ?? null,
      gameResultPublished: period.game_result_published_at !== null,
      settledAt: period.settled_at?.getTime() ?? null,
      resultsClaimedAt: period.results_claimed_at?.getTime() ?? null,
      resultsPublished: period.results_published_at !== null,
      refundReason: period.refund_reason,
      voidResultRecorded: period.void_digit !== null,
    };
    return { state, missing, round: round?.round };
  }

  /**
   * Asks the period lifecycle what is due for a period at `now` and carries out the steps of the calling loop's kind
   * (`kinds`), in order; remembers when time alone would make another step due.
   */
  private async run(period: PeriodRow, now: number, kinds: readonly PeriodStepType[]): Promise<void> {
    const { state, missing, round } = await this.lifecycleState(period);
    for (const step of decidePeriodStep(now, state, this.lifecycle))
      if (kinds.includes(step.type)) await this.execute(step, period, missing, round);
    const at = nextLookAt(now, state, this.lifecycle);
    if (at !== null && (this.lookAt === null || at < this.lookAt)) this.lookAt = at;
  }

  private async execute(
    step: PeriodStep,
    period: PeriodRow,
    missing: number[],
    round: number | undefined,
  ): Promise<void> {
    switch (step.type) {
      case 'fence':
        return this.fence(period, missing);
      case 'commit-bets':
        return this.commitBets(period);
      case 'fetch-beacon':
        if (round !== undefined) this.beacon.request(round);
        return;
      case 'draw':
        return this.draw(period, round);
      case 'refund':
        return this.refund(period, step.reason);
      case 'settle':
        return this.settle(period);
      case 'publish-game-result':
        this.logger.warn({ msg: 'game result not recorded as broadcast; broadcasting it', periodId: period.id });
        return this.publishGameResult(period);
      case 'publish-results':
        if (!(await this.periods.claimResults(period, this.config.RESULTS_REPUBLISH_AFTER_MS, this.guard))) return;
        this.logger.warn({
          msg: 'results not recorded as published; publishing them',
          periodId: period.id,
          status: period.status,
        });
        return this.publishResults(period);
      case 'record-void-result':
        return this.recordVoidResult(period, round);
    }
  }

  /**
   * Settles a drawn period and publishes its results. Beside the settlement, on its first attempt, the players online
   * are told how each of their bets ended (`announceResults`); their balances, and everyone else's results, follow
   * its commit.
   */
  private async settle(period: PeriodRow): Promise<void> {
    const announcing = this.settleFailures.has(period.id) ? Promise.resolve() : this.announceResults(period);
    try {
      const outcome = await this.settlement.settle(period.id, this.guard);
      this.settleFailures.delete(period.id);
      if (!outcome) return;
      this.metrics.periodFinished('settle', outcome.bets, outcome.ms);
      await announcing;
      await this.publishResults(outcome.period);
    } finally {
      await announcing;
    }
  }

  /**
   * The draw is public and final: the online players' bet-results go out from the drawn period while the settlement
   * writes them (`SettlementService.announcementSlices`). Best effort: whatever did not go out is sent with the
   * results once settled.
   */
  private async announceResults(period: PeriodRow): Promise<void> {
    try {
      await this.results.publishAnnouncement(this.lease!, period.id, (online) =>
        this.settlement.announcementSlices(period, online, RESULT_SLICE_BETS),
      );
    } catch (error) {
      this.logger.warn({
        msg: 'results not announced at the draw; they go out once settled',
        periodId: period.id,
        error: (error as Error).message,
      });
    }
  }

  /**
   * The chain to open a period in, and its index. When the covering chain is used up before the next one was
   * announced (it should never be: the next is announced FAIRNESS_CHAIN_NOTICE_HOURS ahead), a chain starting at
   * this period is created now; the fairness page flags it as announced late.
   */
  private async chainIndexFor(periodId: string): Promise<{ chain: LoadedChain; k: number }> {
    const chain = await this.chains.forPeriod(periodId);
    const k = await this.periods.nextChainIndex(chain.id);
    if (k <= chain.length) return { chain, k };
    this.logger.error({
      msg: 'fairness chain used up before the next one was announced; starting one now (flagged as late)',
      chainId: chain.id,
      periodId,
    });
    const late = await this.chains.startAt(periodId);
    return { chain: late, k: await this.periods.nextChainIndex(late.id) };
  }

  private async ensureOpen(info: PeriodTimes): Promise<void> {
    if (this.opened.has(info.periodId)) return;
    const existing = await this.periods.find(info.periodId);
    if (!existing) {
      const { chain, k } = await this.chainIndexFor(info.periodId);
      // The seed hash committed for this period is seed[k-1] (the commitment itself for k = 1), public once the period
      // before it in the chain is drawn or refunded; until then it is written when that happens.
      const seedHash =
        k === 1 || (await this.periods.previousFinal(chain.id, k)) ? this.chains.seed(chain, k - 1) : null;
      await this.periods.open(info, chain.id, k, seedHash, this.guard);
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
    const missed = missedPeriods(last?.id ?? null, current, this.periodConfig);
    if (!missed) return;
    let id = missed.from;
    let recorded = 0;
    while (id < missed.before) {
      const { chain, k } = await this.chainIndexFor(id);
      const batch: Array<{ info: PeriodTimes; chainIndex: number; seedHash: string; seed: string }> = [];
      while (id < missed.before && batch.length < CATCH_UP_BATCH && k + batch.length <= chain.length) {
        const index = k + batch.length;
        if (batch.length > 0 && (await this.chains.forPeriod(id)).id !== chain.id) break;
        batch.push({
          info: periodInfo(id, this.periodConfig),
          chainIndex: index,
          seedHash: this.chains.seed(chain, index - 1),
          seed: this.chains.seed(chain, index),
        });
        id = nextPeriodId(id, this.periodConfig);
      }
      recorded += await this.periods.recordMissed(batch, chain.id, this.guard);
      // The period after the last one recorded may already be open: its committed hash is public now.
      const lastOne = batch[batch.length - 1];
      if (lastOne)
        await this.periods.reveal(
          lastOne.info.periodId,
          { seed: lastOne.seed, chainId: chain.id, chainIndex: lastOne.chainIndex },
          this.guard,
        );
      await new Promise((r) => setImmediate(r));
    }
    if (recorded > 0) {
      this.logger.warn({
        msg: 'periods missed while no engine ran were recorded and refunded',
        periods: recorded,
        after: last!.id,
        before: current.periodId,
      });
      this.metrics.refunded('missed', recorded);
    }
  }

  /**
   * The partitions that have not recorded their fence for the period (none in the direct pipeline, where each bet
   * commits on its own under the period's row lock). Read from the database while fences are due or may be
   * recorded; once all are in, remembered.
   */
  private async missingFences(period: PeriodRow): Promise<number[]> {
    if (this.config.BET_PIPELINE !== 'stream' || this.fenced.has(period.id)) return [];
    const have = new Set(await this.periods.fencedPartitions(period.id));
    const missing: number[] = [];
    for (let p = 0; p < this.config.BET_PARTITIONS; p++) if (!have.has(p)) missing.push(p);
    if (missing.length === 0) {
      this.fenced.add(period.id);
      if (this.fenced.size > 64) this.fenced.delete(this.fenced.values().next().value!);
      this.fenceSentAt.delete(period.id);
    }
    return missing;
  }

  /**
   * Appends a fence to partition streams with an id at or after the lock instant: every command received before
   * the lock precedes it, so a consumer that has passed the fence has applied all of them. Sent at the lock, and
   * again to the partitions that have not recorded theirs `REFENCE_AFTER_MS` after the last send, whatever happened
   * to the previous ones (a lost batch, a stream that lost its data, a new leader).
   */
  private async fence(period: PeriodRow, partitions: number[]): Promise<void> {
    if (!this.lease?.held) return;
    const resend = this.fenceSentAt.has(period.id);
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
    if (resend) {
      this.logger.warn({ msg: 'fences still missing; sent again', periodId: period.id, partitions });
      this.metrics.fencesResent(partitions.length);
    }
    this.fenceSentAt.set(period.id, Date.now());
    if (this.fenceSentAt.size > 64) this.fenceSentAt.delete(this.fenceSentAt.keys().next().value!);
  }

  /** Commits the period's bets (Merkle root) and publishes the root before the result exists. */
  private async commitBets(period: PeriodRow): Promise<void> {
    const committed = await this.periods.commitBets(period.id, this.config.payouts, this.config.gstBps, this.guard);
    if (!committed) return;
    period.bets_root = committed.root;
    this.logger.log({ msg: 'bets committed', periodId: period.id, bets: committed.count, root: committed.root });
    // To the sockets that asked for it (COMMITMENTS_ROOM), not to every socket: the game screen has no use for it, and a
    // broadcast costs each api node one write per socket (the round's other broadcast, its result, is the one all need).
    await this.publisher.publish([
      {
        room: COMMITMENTS_ROOM,
        event: 'bets-committed',
        data: { periodId: period.id, root: committed.root, count: committed.count },
      },
    ]);
  }

  /** The period's seed, checked against the hash committed for it when that hash is recorded. */
  private async seedOf(period: PeriodRow): Promise<string> {
    const chain = await this.chains.byId(period.chain_id);
    const seed = this.chains.seed(chain, period.chain_index);
    if (period.seed_hash !== null && hashSeed(seed) !== period.seed_hash)
      throw new Error(`seed of period ${period.id} does not match its committed hash`);
    return seed;
  }

  private beaconOf(round: number | undefined): DrawBeacon | null {
    if (!this.beacon.enabled || round === undefined) return null;
    const verified = this.beacon.verified(round);
    return verified && this.beacon.chain ? { ...verified, chainHash: this.beacon.chain.hash } : null;
  }

  private async draw(period: PeriodRow, round: number | undefined): Promise<void> {
    const beacon = this.beaconOf(round);
    if (this.beacon.enabled && !beacon) return;
    const seed = await this.seedOf(period);
    const result = drawResult(seed, period.id, beacon?.randomness);
    const drawn = await this.periods.draw(period, seed, result, beacon, this.guard);
    if (!drawn) return;
    this.logger.log({
      msg: 'period drawn',
      periodId: period.id,
      digit: result.digit,
      beaconRound: beacon?.round,
      lateMs: Date.now() - period.end_at.getTime(),
    });
    await this.publishGameResult(drawn);
  }

  private async publishGameResult(period: PeriodRow): Promise<void> {
    await this.results.publishOnce(this.lease!, 'game-result', period.id, [
      { room: null, event: 'game-result', data: toGameResult(period) },
    ]);
    await this.periods.markGameResultPublished(period.id);
  }

  /** Records the result a refunded period would have had (its seed is revealed; its beacon round, if any, verified). */
  private async recordVoidResult(period: PeriodRow, round: number | undefined): Promise<void> {
    const beacon = this.beaconOf(round);
    if (this.beacon.enabled && !beacon) return;
    const { digit } = drawResult(period.seed!, period.id, beacon?.randomness);
    await this.periods.recordVoidResult(period.id, digit, beacon, this.guard);
  }

  private async refund(period: PeriodRow, reason: 'not-drawn' | 'beacon-unavailable'): Promise<void> {
    const seed = await this.seedOf(period);
    const outcome = await this.settlement.refund(period.id, reason, this.guard, {
      seed,
      chainId: period.chain_id,
      chainIndex: period.chain_index,
    });
    if (!outcome) return;
    this.metrics.periodFinished('refund', outcome.bets, outcome.ms);
    this.metrics.refunded(reason, 1);
    await this.publishResults(outcome.period);
  }

  /** A period's results, read from the database and published a slice at a time. */
  private async publishResults(period: PeriodRow): Promise<void> {
    const read = (online: string[], announced: number) =>
      this.settlement.resultSlices(period, RESULT_SLICE_BETS, online, announced);
    await this.results.publishSlices(this.lease!, period.id, read, this.config.ROUND_SECONDS * 500);
    await this.periods.markPublished(period.id);
  }

  /**
   * Once a second: records the would-be results of refunded periods whose beacon can now be had, and announces the
   * next chain when the running one has less than FAIRNESS_CHAIN_NOTICE_HOURS left.
   */
  private async housekeeping(current: PeriodTimes): Promise<void> {
    for (const period of await this.periods.refundedWithoutVoidResult())
      await this.run(period, Date.now(), VOID_RESULT_STEPS);
    const chain = await this.chains.forPeriod(current.periodId);
    const left = chain.length - (await this.periods.nextChainIndex(chain.id)) + 1;
    if (
      left * this.config.ROUND_SECONDS * 1000 <= this.config.FAIRNESS_CHAIN_NOTICE_HOURS * 3600_000 &&
      !(await this.chains.nextAnnounced(current.periodId))
    ) {
      // The period after this chain's last index, if none is skipped on the way (an outage longer than a day is the
      // only way to skip one; the old chain then simply keeps some seeds unused).
      let first = current.periodId;
      for (let i = 0; i < left; i++) first = nextPeriodId(first, this.periodConfig);
      this.chains.prepare(first);
    }
  }

  /**
   * Settles drawn periods, oldest first, each on its own once every partition has passed its lock. A settlement that
   * fails is retried after a back-off (250 ms doubling to 30 s) and never holds up the next periods; a drawn period
   * is never refunded. Then publishes results a previous publisher left unpublished.
   */
  async settleDue(now = Date.now()): Promise<void> {
    const roundMs = this.config.ROUND_SECONDS * 1000;
    let overdue = 0;
    for (const period of await this.periods.drawnAwaitingSettlement()) {
      if (now - period.end_at.getTime() > roundMs) overdue++;
      try {
        await this.run(period, now, SETTLE_STEPS);
      } catch (error) {
        if (isFenced(error)) throw error;
        const retry = settlementRetry(Date.now(), this.settleFailures.get(period.id)?.failures ?? 0);
        this.settleFailures.set(period.id, retry);
        this.metrics.settlementFailed();
        this.logger.error({
          msg: 'period could not be settled yet; retrying after a pause, the next ones go on',
          periodId: period.id,
          failures: retry.failures,
          error: (error as Error).message,
        });
      }
    }
    this.overdue = overdue;
    // Looking for unpublished results once a second is plenty (they are due only after RESULTS_REPUBLISH_AFTER_MS).
    if (now - this.republishCheckedAt < 1000) return;
    this.republishCheckedAt = now;
    const afterMs = this.config.RESULTS_REPUBLISH_AFTER_MS;
    for (const period of await this.periods.gameResultUnpublished(afterMs))
      await this.run(period, Date.now(), ['publish-game-result']);
    for (const period of await this.periods.unpublished(afterMs))
      await this.run(period, Date.now(), ['publish-results']);
  }
}
