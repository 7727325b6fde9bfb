import type { PeriodRefundCause } from '../settlement/bet-result-texts.js';
import type { PeriodStatus } from '../settlement/period-settlement.js';
import {
  currentPeriod,
  nextPeriodId,
  periodIdAt,
  periodInfo,
  type PeriodConfig,
  type PeriodTimes,
} from './period-clock.js';

/**
 * A period's life as the round clock runs it (DESIGN §3), decided here and executed by the engine, which only loads
 * the state, asks, and does what it is told (docs/period-lifecycle.md):
 *
 *   (none) ──open──▶ OPEN ──lock──▶ fence every bet partition ──all fenced──▶ commit the bets (Merkle root, before the
 *   result exists) ──beacon round produced──▶ fetch and verify it ──end──▶ draw (seed ⊕ beacon) ──▶ DRAWN ──▶ settle
 *   ──▶ SETTLED ──▶ publish (healing: results not recorded as published after RESULTS_REPUBLISH_AFTER_MS)
 *
 * Only a period that was never drawn is refunded, and only for one of these reasons:
 * - `not-drawn`: not drawn within a round of its end (the engine was down, or its bets could not be committed);
 * - `beacon-unavailable`: within that round, no verified beacon by BEACON_WAIT_MS after the end;
 * - `missed`: no engine ran at all during it (recorded on catching up: `missedPeriods`; it has no bets).
 * (Periods refunded before migration 0015 may carry `settlement-deadline`: drawn, not settled in time. No period gets
 * it now.)
 * A refunded period (not `missed`) gets the result it would have had recorded once its beacon round is at hand.
 * A DRAWN period is always settled (its result is public: voiding it would let whoever stalls the engine void the
 * rounds the house loses); a settlement that fails is retried after a back-off, and never holds up other periods.
 */

/** Why a period was refunded. `missed`: no engine ran during it (recorded when catching up). */
export const REFUND_REASONS = ['not-drawn', 'beacon-unavailable', 'missed'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** Past this long after its end, a period's results are no longer republished nor its would-be result recorded. */
export const HEAL_WITHIN_MS = 3_600_000;
/** The clock looks again at least this often (the state also changes outside it: fences, beacons, other engines). */
export const TICK_MS = 50;

export interface PeriodLifecycleConfig {
  /** Round length (ms): a period not drawn this long after its end is refunded. */
  readonly roundMs: number;
  /** Longest wait for a verified beacon after the period's end (ms); a round at most counts (then it is `not-drawn`). */
  readonly beaconWaitMs: number;
  /** Fences still missing this long after they were sent are sent again (ms). */
  readonly refenceAfterMs: number;
  /** Whether draws mix in public randomness (false: FAIRNESS_BEACON=none, the chain alone). */
  readonly beacon: boolean;
  /** Results (or a game result) not recorded as published this long after they were due are published again (ms). */
  readonly republishAfterMs: number;
}

/** What the engine knows of one period when it asks. Times in Unix ms. */
export interface PeriodLifecycleState {
  readonly status: PeriodStatus;
  readonly lockAt: number;
  readonly endAt: number;
  /** Bet partitions that have not yet recorded passing the period's lock (0 without partitions). */
  readonly missingFences: number;
  /** When fences were last sent for this period (null: never, as far as this leader knows). */
  readonly fencesSentAt: number | null;
  /** The Merkle root of its bets is recorded. */
  readonly betsCommitted: boolean;
  /** When its beacon round is produced (null without a beacon). */
  readonly beaconDueAt: number | null;
  /** Its beacon round is verified and at hand. */
  readonly beaconVerified: boolean;
  /** A failed settlement is not retried before this instant (null: no failure). */
  readonly settleNotBefore: number | null;
  /** When it was drawn (null: never). */
  readonly drawnAt: number | null;
  /** Its game result is recorded as broadcast. */
  readonly gameResultPublished: boolean;
  /** When it was settled or refunded (null: not yet). */
  readonly settledAt: number | null;
  /** When a publisher last claimed its results (null: none did). */
  readonly resultsClaimedAt: number | null;
  /** Its results (bet results, balances) are recorded as published. */
  readonly resultsPublished: boolean;
  /** Why it was refunded (null unless REFUNDED; `settlement-deadline` only on periods refunded before 0015). */
  readonly refundReason: PeriodRefundCause | null;
  /** The result it would have had is recorded (refunded periods). */
  readonly voidResultRecorded: boolean;
}

export type PeriodStep =
  | { readonly type: 'fence' }
  | { readonly type: 'commit-bets' }
  | { readonly type: 'fetch-beacon' }
  | { readonly type: 'draw' }
  | { readonly type: 'settle' }
  | { readonly type: 'refund'; readonly reason: Exclude<RefundReason, 'missed'> }
  | { readonly type: 'publish-game-result' }
  | { readonly type: 'publish-results' }
  | { readonly type: 'record-void-result' };

export type PeriodStepType = PeriodStep['type'];

/**
 * The steps due for a period at `now`, in the order to take them (none: nothing to do yet; `nextLookAt` says when
 * time alone would change that). A period is never drawn, settled or refunded once it has left the status that
 * allows it, and a DRAWN period is never refunded.
 */
export function decidePeriodStep(
  now: number,
  period: PeriodLifecycleState,
  config: PeriodLifecycleConfig,
): PeriodStep[] {
  const steps: PeriodStep[] = [];
  if (republishGameResultDue(now, period, config)) steps.push({ type: 'publish-game-result' });
  switch (period.status) {
    case 'OPEN':
      return [...steps, ...openPeriodSteps(now, period, config)];
    case 'DRAWN':
      return [...steps, ...drawnPeriodSteps(now, period, config)];
    case 'SETTLED':
    case 'REFUNDED':
      return [...steps, ...finishedPeriodSteps(now, period, config)];
  }
}

function fenceDue(now: number, period: PeriodLifecycleState, config: PeriodLifecycleConfig): boolean {
  return (
    period.missingFences > 0 && (period.fencesSentAt === null || now - period.fencesSentAt >= config.refenceAfterMs)
  );
}

function openPeriodSteps(now: number, period: PeriodLifecycleState, config: PeriodLifecycleConfig): PeriodStep[] {
  if (now < period.lockAt) return [];
  const beaconReady = !config.beacon || period.beaconVerified;
  if (now >= period.endAt) {
    const late = now - period.endAt;
    // Not drawn within a round (the engine was down, or the bets were never committed): whatever else is missing.
    if (late > config.roundMs) return [{ type: 'refund', reason: 'not-drawn' }];
    if (!beaconReady && late > config.beaconWaitMs) return [{ type: 'refund', reason: 'beacon-unavailable' }];
  }
  const steps: PeriodStep[] = [];
  if (fenceDue(now, period, config)) steps.push({ type: 'fence' });
  if (period.missingFences === 0 && !period.betsCommitted) steps.push({ type: 'commit-bets' });
  if (!beaconReady && period.beaconDueAt !== null && now >= period.beaconDueAt) steps.push({ type: 'fetch-beacon' });
  const committed = period.betsCommitted || (period.missingFences === 0 && steps.some((s) => s.type === 'commit-bets'));
  if (now >= period.endAt && committed && beaconReady) steps.push({ type: 'draw' });
  return steps;
}

function drawnPeriodSteps(now: number, period: PeriodLifecycleState, config: PeriodLifecycleConfig): PeriodStep[] {
  // Periods drawn before bets were committed at the lock may still wait for a partition's fence.
  if (period.missingFences > 0) return fenceDue(now, period, config) ? [{ type: 'fence' }] : [];
  if (period.settleNotBefore !== null && now < period.settleNotBefore) return [];
  return [{ type: 'settle' }];
}

/** Healing only: results not recorded as published, and the would-be result of a refunded period. */
function finishedPeriodSteps(now: number, period: PeriodLifecycleState, config: PeriodLifecycleConfig): PeriodStep[] {
  if (now - period.endAt >= HEAL_WITHIN_MS) return [];
  const steps: PeriodStep[] = [];
  if (!period.resultsPublished && now - resultsDueFrom(period) > config.republishAfterMs)
    steps.push({ type: 'publish-results' });
  // Only a period refunded undrawn has a would-be result to record (`missed` ones had no bets; `settlement-deadline`
  // ones were drawn).
  if (
    period.status === 'REFUNDED' &&
    (period.refundReason === 'not-drawn' || period.refundReason === 'beacon-unavailable') &&
    !period.voidResultRecorded
  ) {
    if (!config.beacon) steps.push({ type: 'record-void-result' });
    else if (period.beaconDueAt !== null && now >= period.beaconDueAt)
      steps.push(period.beaconVerified ? { type: 'record-void-result' } : { type: 'fetch-beacon' });
  }
  return steps;
}

/** Results are due from the last claim of a publisher, else the settlement, else the end. */
function resultsDueFrom(period: PeriodLifecycleState): number {
  return period.resultsClaimedAt ?? period.settledAt ?? period.endAt;
}

function republishGameResultDue(now: number, period: PeriodLifecycleState, config: PeriodLifecycleConfig): boolean {
  return (
    period.status !== 'OPEN' &&
    period.drawnAt !== null &&
    !period.gameResultPublished &&
    now - period.drawnAt > config.republishAfterMs &&
    now - period.endAt < HEAL_WITHIN_MS
  );
}

/**
 * The next instant after `now` at which time alone changes what `decidePeriodStep` decides for this period (null:
 * never). Between now and then, the decision stays what it is unless the state changes (a fence recorded, a beacon
 * verified, another engine's write), which is why the clock also looks again every TICK_MS.
 */
export function nextLookAt(now: number, period: PeriodLifecycleState, config: PeriodLifecycleConfig): number | null {
  const at: Array<number | null> = [period.endAt + HEAL_WITHIN_MS];
  if (period.status !== 'OPEN' && period.drawnAt !== null && !period.gameResultPublished)
    at.push(period.drawnAt + config.republishAfterMs + 1);
  switch (period.status) {
    case 'OPEN':
      at.push(
        period.lockAt,
        period.endAt,
        period.endAt + config.beaconWaitMs + 1,
        period.endAt + config.roundMs + 1,
        period.beaconDueAt,
      );
      if (period.fencesSentAt !== null) at.push(period.fencesSentAt + config.refenceAfterMs);
      break;
    case 'DRAWN':
      at.push(period.settleNotBefore);
      if (period.fencesSentAt !== null) at.push(period.fencesSentAt + config.refenceAfterMs);
      break;
    case 'SETTLED':
    case 'REFUNDED':
      if (!period.resultsPublished) at.push(resultsDueFrom(period) + config.republishAfterMs + 1);
      at.push(period.beaconDueAt);
      break;
  }
  const future = at.filter((t): t is number => t !== null && t > now);
  return future.length > 0 ? Math.min(...future) : null;
}

/**
 * How long until the clock looks again: TICK_MS, or less so that it looks just after the next lock or the next
 * period's start (the new period is announced and the ended one drawn as soon as it ends, not up to a tick later), or
 * just at `lookAt` (the earliest `nextLookAt` of the periods it runs) when that comes sooner.
 */
export function untilNextTick(now: number, config: PeriodConfig, lookAt: number | null = null): number {
  const period = currentPeriod(now, config);
  const boundary = now < period.lockTime ? period.lockTime : period.endTime;
  const next = Math.min(TICK_MS, boundary - now + 1, lookAt === null ? TICK_MS : lookAt - now);
  return Math.max(0, next);
}

/** The pause before retrying a failed settlement: 250 ms doubling per failure, at most 30 s. */
export function settlementBackoffMs(failures: number): number {
  return Math.min(30_000, 250 * 2 ** Math.max(0, Math.min(failures - 1, 20)));
}

/** After a failed settlement (the `failures`-th in a row): the count and the instant before which it is not retried. */
export function settlementRetry(now: number, previousFailures: number): { failures: number; notBefore: number } {
  const failures = previousFailures + 1;
  return { failures, notBefore: now + settlementBackoffMs(failures) };
}

/** How far back periods missed while no engine ran are recorded (older ones stay a gap). */
export const CATCH_UP_WITHIN_MS = 86_400_000;

/**
 * The periods no engine ran, to record refunded (`missed`) before `current` is opened, so that ids have no gap:
 * those after `lastRecordedId` (the latest period recorded before it) and before `current`, at most a day back.
 * Null when there are none (or nothing was ever recorded: a new deployment starts at `current`).
 */
export function missedPeriods(
  lastRecordedId: string | null,
  current: PeriodTimes,
  config: PeriodConfig,
): { from: string; before: string } | null {
  if (lastRecordedId === null) return null;
  const dayAgo = periodIdAt(current.startTime - CATCH_UP_WITHIN_MS, config);
  let from = nextPeriodId(lastRecordedId, config);
  if (from < dayAgo) from = dayAgo;
  return from < current.periodId ? { from, before: current.periodId } : null;
}

/** The periods the clock keeps open: the current one and the next (opened ahead, after the ended one is drawn). */
export function periodsToOpen(now: number, config: PeriodConfig): { current: PeriodTimes; next: PeriodTimes } {
  const current = currentPeriod(now, config);
  return { current, next: periodInfo(nextPeriodId(current.periodId, config), config) };
}
