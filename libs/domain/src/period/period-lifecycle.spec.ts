import fc from 'fast-check';
import { decideRefund, decideSettlement, PERIOD_STATUSES, type PeriodStatus } from '../settlement/period-settlement.js';
import { periodIdAt, periodInfo, type PeriodConfig } from './period-clock.js';
import {
  decidePeriodStep,
  HEAL_WITHIN_MS,
  missedPeriods,
  nextLookAt,
  periodsToOpen,
  REFUND_REASONS,
  settlementBackoffMs,
  settlementRetry,
  untilNextTick,
  type PeriodLifecycleConfig,
  type PeriodLifecycleState,
  type PeriodStep,
} from './period-lifecycle.js';

const LOCK = 1_000_000;
const END = LOCK + 5_000;
const config: PeriodLifecycleConfig = {
  roundMs: 30_000,
  beaconWaitMs: 10_000,
  refenceAfterMs: 3_000,
  beacon: true,
  republishAfterMs: 5_000,
};

/** An open period at its lock with two partitions not yet fenced and its beacon due 2 s after the lock. */
const given = (over: Partial<PeriodLifecycleState> = {}): PeriodLifecycleState => ({
  status: 'OPEN',
  lockAt: LOCK,
  endAt: END,
  missingFences: 2,
  fencesSentAt: null,
  betsCommitted: false,
  beaconDueAt: LOCK + 2_000,
  beaconVerified: false,
  settleNotBefore: null,
  drawnAt: null,
  gameResultPublished: false,
  settledAt: null,
  resultsClaimedAt: null,
  resultsPublished: false,
  refundReason: null,
  voidResultRecorded: false,
  ...over,
});
/** A period drawn at its end, its game result broadcast. */
const drawn = (over: Partial<PeriodLifecycleState> = {}) =>
  given({
    status: 'DRAWN',
    missingFences: 0,
    betsCommitted: true,
    beaconVerified: true,
    drawnAt: END,
    gameResultPublished: true,
    ...over,
  });
/** A period settled just after its end, its results published. */
const settled = (over: Partial<PeriodLifecycleState> = {}) =>
  drawn({ status: 'SETTLED', settledAt: END + 100, resultsPublished: true, ...over });
/** A period refunded a round after its end (not drawn), results published, its would-be result not yet recorded. */
const refunded = (over: Partial<PeriodLifecycleState> = {}) =>
  given({
    status: 'REFUNDED',
    missingFences: 0,
    refundReason: 'not-drawn',
    settledAt: END + 30_001,
    resultsPublished: true,
    ...over,
  });
const when = (now: number, state: PeriodLifecycleState, cfg = config) => decidePeriodStep(now, state, cfg);
const types = (steps: PeriodStep[]) => steps.map((s) => (s.type === 'refund' ? `refund:${s.reason}` : s.type));

describe('period lifecycle: what the round clock does next for an open period', () => {
  it('given an open period before its lock, when the clock asks, then nothing, until the lock', () => {
    expect(when(LOCK - 1, given())).toEqual([]);
    expect(nextLookAt(LOCK - 1, given(), config)).toBe(LOCK);
  });

  it('at the lock: fence every partition', () => {
    expect(types(when(LOCK, given()))).toEqual(['fence']);
  });

  it('fences sent and not yet recorded (lost, a stream emptied, a new leader) are sent again only after REFENCE_AFTER_MS', () => {
    expect(types(when(LOCK + 2_999, given({ fencesSentAt: LOCK, beaconVerified: true })))).toEqual([]);
    expect(nextLookAt(LOCK + 2_999, given({ fencesSentAt: LOCK, beaconVerified: true }), config)).toBe(LOCK + 3_000);
    expect(types(when(LOCK + 3_000, given({ fencesSentAt: LOCK, beaconVerified: true })))).toEqual(['fence']);
  });

  it('every partition fenced: commit the bets, before the beacon round is even produced', () => {
    expect(types(when(LOCK + 100, given({ missingFences: 0, fencesSentAt: LOCK })))).toEqual(['commit-bets']);
  });

  it('the beacon round produced: fetch it (again on every look until it is verified)', () => {
    expect(types(when(LOCK + 1_999, given({ missingFences: 0, betsCommitted: true })))).toEqual([]);
    expect(types(when(LOCK + 2_000, given({ missingFences: 0, betsCommitted: true })))).toEqual(['fetch-beacon']);
    expect(types(when(LOCK + 2_500, given({ missingFences: 0, betsCommitted: true })))).toEqual(['fetch-beacon']);
  });

  it('at the end, committed and the beacon verified: draw', () => {
    const ready = given({ missingFences: 0, betsCommitted: true, beaconVerified: true });
    expect(types(when(END - 1, ready))).toEqual([]);
    expect(nextLookAt(END - 1, ready, config)).toBe(END);
    expect(types(when(END, ready))).toEqual(['draw']);
  });

  it('at the end with the bets just fenced: commit, then draw', () => {
    expect(types(when(END, given({ missingFences: 0, beaconVerified: true })))).toEqual(['commit-bets', 'draw']);
  });

  it('at the end with a partition still to fence: no draw before every bet is committed', () => {
    expect(types(when(END, given({ missingFences: 1, fencesSentAt: END - 1_000, beaconVerified: true })))).toEqual([]);
    expect(
      types(when(END + 2_000, given({ missingFences: 1, fencesSentAt: END - 1_000, beaconVerified: true }))),
    ).toEqual(['fence']);
  });

  it('without a beacon (FAIRNESS_BEACON=none) a committed period draws at its end', () => {
    const chainOnly = { ...config, beacon: false };
    expect(types(when(END, given({ missingFences: 0, betsCommitted: true, beaconDueAt: null }), chainOnly))).toEqual([
      'draw',
    ]);
  });

  it('no verified beacon BEACON_WAIT_MS after the end (relays down, a forged round): refund, beacon-unavailable', () => {
    const waiting = given({ missingFences: 0, betsCommitted: true });
    expect(types(when(END + 10_000, waiting))).toEqual(['fetch-beacon']);
    expect(nextLookAt(END + 10_000, waiting, config)).toBe(END + 10_001);
    expect(types(when(END + 10_001, waiting))).toEqual(['refund:beacon-unavailable']);
  });

  it('past a round, a period is refunded as not drawn, whatever else was missing (the engine was down)', () => {
    const short = { ...config, roundMs: 4_000 };
    expect(types(when(END + 4_001, given({ missingFences: 0, betsCommitted: true }), short))).toEqual([
      'refund:not-drawn',
    ]);
    expect(types(when(END + 30_001, given({ missingFences: 0, betsCommitted: true })))).toEqual(['refund:not-drawn']);
  });

  it('a partition down past a round (never fenced): refund, not-drawn; not a millisecond earlier', () => {
    expect(types(when(END + 30_001, given({ missingFences: 1, fencesSentAt: END, beaconVerified: true })))).toEqual([
      'refund:not-drawn',
    ]);
    expect(
      types(when(END + 30_000, given({ missingFences: 1, fencesSentAt: END + 29_000, beaconVerified: true }))),
    ).toEqual([]);
    expect(
      nextLookAt(END + 30_000, given({ missingFences: 1, fencesSentAt: END + 29_000, beaconVerified: true }), config),
    ).toBe(END + 30_001);
  });

  it('a refund that could not be written is decided again on the next look (the period is still OPEN)', () => {
    const stuck = given({ missingFences: 0, betsCommitted: true, beaconVerified: true });
    expect(types(when(END + 30_001, stuck))).toEqual(['refund:not-drawn']);
    expect(types(when(END + 90_000, stuck))).toEqual(['refund:not-drawn']);
  });
});

describe('period lifecycle: a drawn period', () => {
  it('is settled, never refunded, however late', () => {
    for (const late of [0, 30_001, 3_600_000, 86_400_000]) expect(types(when(END + late, drawn()))).toEqual(['settle']);
  });

  it('a settlement that failed is retried after its back-off (250 ms doubling to 30 s)', () => {
    const failed = drawn({ settleNotBefore: END + 1_000 });
    expect(when(END + 999, failed)).toEqual([]);
    expect(nextLookAt(END + 999, failed, config)).toBe(END + 1_000);
    expect(types(when(END + 1_000, failed))).toEqual(['settle']);
    expect([1, 2, 3, 8, 20, 50].map(settlementBackoffMs)).toEqual([250, 500, 1_000, 30_000, 30_000, 30_000]);
    expect(settlementRetry(END, 0)).toEqual({ failures: 1, notBefore: END + 250 });
    expect(settlementRetry(END, 2)).toEqual({ failures: 3, notBefore: END + 1_000 });
  });

  it('drawn before its bets were committed at the lock, it still waits for its fences', () => {
    expect(types(when(END, drawn({ missingFences: 1, fencesSentAt: null })))).toEqual(['fence']);
    expect(types(when(END + 1_000, drawn({ missingFences: 1, fencesSentAt: END })))).toEqual([]);
  });

  it('its game result not recorded as broadcast after RESULTS_REPUBLISH_AFTER_MS: broadcast it, beside settling', () => {
    expect(types(when(END + 5_000, drawn({ gameResultPublished: false })))).toEqual(['settle']);
    expect(types(when(END + 5_001, drawn({ gameResultPublished: false })))).toEqual(['publish-game-result', 'settle']);
    expect(types(when(END + 5_001, settled({ gameResultPublished: false })))).toEqual(['publish-game-result']);
    expect(types(when(END + HEAL_WITHIN_MS, settled({ gameResultPublished: false })))).toEqual([]);
  });
});

describe('period lifecycle: a settled or refunded period', () => {
  it('published: nothing left to do', () => {
    expect(when(END + 60_000, settled())).toEqual([]);
    expect(when(END + 60_000, refunded({ voidResultRecorded: true }))).toEqual([]);
    expect(when(END + 60_000, refunded({ refundReason: 'missed', settledAt: END + 600_000 }))).toEqual([]);
  });

  it('is never settled, drawn or refunded again', () => {
    for (const state of [settled(), refunded()])
      for (const now of [END, END + 30_001, END + 86_400_000])
        expect(types(when(now, state)).filter((t) => /settle|draw|refund/.test(t))).toEqual([]);
  });

  it('results not recorded as published RESULTS_REPUBLISH_AFTER_MS after the last claim, the settlement or the end: publish', () => {
    const unpublished = settled({ resultsPublished: false });
    expect(types(when(END + 5_100, unpublished))).toEqual([]);
    expect(nextLookAt(END + 5_100, unpublished, config)).toBe(END + 5_101);
    expect(types(when(END + 5_101, unpublished))).toEqual(['publish-results']);
    expect(
      types(
        when(
          END + 5_101,
          unpublished.resultsClaimedAt === null ? { ...unpublished, resultsClaimedAt: END + 4_000 } : unpublished,
        ),
      ),
    ).toEqual([]);
    expect(types(when(END + 9_001, { ...unpublished, resultsClaimedAt: END + 4_000 }))).toEqual(['publish-results']);
    expect(types(when(END + 5_001, { ...unpublished, settledAt: null }))).toEqual(['publish-results']);
    expect(types(when(END + HEAL_WITHIN_MS, unpublished))).toEqual([]);
  });

  it('refunded undrawn: once its beacon round is produced, fetch it, then record the result it would have had', () => {
    const due = refunded({ beaconDueAt: LOCK + 2_000 });
    expect(types(when(END + 31_000, due))).toEqual(['fetch-beacon']);
    expect(types(when(END + 31_000, { ...due, beaconVerified: true }))).toEqual(['record-void-result']);
    expect(types(when(END + 31_000, { ...due, refundReason: 'beacon-unavailable', beaconVerified: true }))).toEqual([
      'record-void-result',
    ]);
    expect(types(when(END + 31_000, { ...due, beaconDueAt: null }))).toEqual([]);
    expect(types(when(END + 31_000, { ...due, beaconDueAt: null }, { ...config, beacon: false }))).toEqual([
      'record-void-result',
    ]);
    expect(types(when(END + HEAL_WITHIN_MS, due))).toEqual([]);
  });

  it('refunded as missed, or under the old settlement-deadline (drawn), has no would-be result to record', () => {
    expect(when(END + 31_000, refunded({ refundReason: 'missed', beaconVerified: true }))).toEqual([]);
    expect(when(END + 31_000, refunded({ refundReason: 'settlement-deadline', beaconVerified: true }))).toEqual([]);
  });
});

describe('period lifecycle: opening and catching up', () => {
  const periods: PeriodConfig = { roundSeconds: 30, lockSeconds: 5 };
  const at = Date.UTC(2026, 10, 27, 10, 0, 3);
  const current = periodInfo(periodIdAt(at, periods), periods);

  it('the current period and the next one are kept open', () => {
    const { current: open, next } = periodsToOpen(at, periods);
    expect(open).toEqual(current);
    expect(next.startTime).toBe(current.endTime);
  });

  it('no period recorded before: a new deployment starts at the current period, nothing is missed', () => {
    expect(missedPeriods(null, current, periods)).toBeNull();
  });

  it('the period just before recorded: nothing is missed', () => {
    expect(missedPeriods(periodIdAt(current.startTime - 30_000, periods), current, periods)).toBeNull();
  });

  it('after an outage: every period between the last recorded and the current one is recorded missed', () => {
    const last = periodIdAt(current.startTime - 5 * 30_000, periods);
    expect(missedPeriods(last, current, periods)).toEqual({
      from: periodIdAt(current.startTime - 4 * 30_000, periods),
      before: current.periodId,
    });
  });

  it('after an outage longer than a day: only the last day is recorded', () => {
    const last = periodIdAt(current.startTime - 3 * 86_400_000, periods);
    expect(missedPeriods(last, current, periods)).toEqual({
      from: periodIdAt(current.startTime - 86_400_000, periods),
      before: current.periodId,
    });
  });
});

describe('when the clock looks again', () => {
  const periods: PeriodConfig = { roundSeconds: 10, lockSeconds: 2 };
  const period = periodInfo(periodIdAt(Date.UTC(2026, 10, 27, 10, 0, 3), periods), periods);

  it('every 50 ms away from a boundary', () => {
    expect(untilNextTick(period.startTime + 1000, periods)).toBe(50);
    expect(untilNextTick(period.lockTime + 500, periods)).toBe(50);
  });

  it('just after the lock and just after the period ends, not up to a tick later', () => {
    expect(untilNextTick(period.lockTime - 30, periods)).toBe(31);
    expect(untilNextTick(period.endTime - 7, periods)).toBe(8);
    expect(untilNextTick(period.endTime - 1, periods)).toBe(2);
    // At the lock itself the next boundary is the period's end.
    expect(untilNextTick(period.lockTime, periods)).toBe(50);
  });

  it('at the instant a period’s next step falls due, when that is sooner', () => {
    expect(untilNextTick(period.startTime + 1000, periods, period.startTime + 1020)).toBe(20);
    expect(untilNextTick(period.startTime + 1000, periods, period.startTime + 999)).toBe(0);
    expect(untilNextTick(period.startTime + 1000, periods, period.startTime + 9_000)).toBe(50);
  });
});

const arbitraryState = fc.record({
  status: fc.constantFrom(...PERIOD_STATUSES),
  missingFences: fc.integer({ min: 0, max: 3 }),
  fencesSentAt: fc.option(fc.integer({ min: LOCK - 10_000, max: END + 60_000 }), { nil: null }),
  betsCommitted: fc.boolean(),
  beaconDueAt: fc.option(fc.integer({ min: LOCK, max: LOCK + 6_000 }), { nil: null }),
  beaconVerified: fc.boolean(),
  settleNotBefore: fc.option(fc.integer({ min: LOCK, max: END + 60_000 }), { nil: null }),
  drawnAt: fc.option(fc.integer({ min: END, max: END + 40_000 }), { nil: null }),
  gameResultPublished: fc.boolean(),
  settledAt: fc.option(fc.integer({ min: END, max: END + 60_000 }), { nil: null }),
  resultsClaimedAt: fc.option(fc.integer({ min: END, max: END + 60_000 }), { nil: null }),
  resultsPublished: fc.boolean(),
  refundReason: fc.option(
    fc.constantFrom(
      'not-drawn' as const,
      'beacon-unavailable' as const,
      'missed' as const,
      'settlement-deadline' as const,
    ),
    { nil: null },
  ),
  voidResultRecorded: fc.boolean(),
});
const arbitraryNow = fc.oneof(
  fc.integer({ min: LOCK - 1_000, max: END + 120_000 }),
  fc.integer({ min: END + HEAL_WITHIN_MS - 10_000, max: END + HEAL_WITHIN_MS + 10_000 }),
);
const arbitraryConfig = fc
  .record({
    beacon: fc.boolean(),
    roundMs: fc.constantFrom(4_000, 30_000),
    republishAfterMs: fc.constantFrom(1_000, 5_000),
  })
  .map((c) => ({ ...config, ...c }));
const roundOf30s = { ...config, beacon: true, roundMs: 30_000 as const, republishAfterMs: 5_000 as const };

describe('period lifecycle: properties, for any state and instant', () => {
  it('a period is drawn only while OPEN, settled only while DRAWN, refunded only while OPEN: a DRAWN period is never refunded', () => {
    fc.assert(
      fc.property(arbitraryState, arbitraryNow, arbitraryConfig, (over, now, cfg) => {
        const state = given(over);
        for (const step of when(now, state, cfg)) {
          if (step.type === 'draw' || step.type === 'refund' || step.type === 'commit-bets')
            expect(state.status).toBe('OPEN');
          if (step.type === 'settle') expect(state.status).toBe('DRAWN');
          if (step.type === 'publish-results' || step.type === 'record-void-result')
            expect(['SETTLED', 'REFUNDED']).toContain(state.status);
        }
      }),
      { numRuns: 5_000 },
    );
  });

  it('a refund is the only step when it is decided; a draw comes last, after the bets are committed and the beacon verified', () => {
    fc.assert(
      fc.property(arbitraryState, arbitraryNow, arbitraryConfig, (over, now, cfg) => {
        const state = given(over);
        const steps = types(when(now, state, cfg));
        if (steps.some((t) => t.startsWith('refund'))) expect(steps).toHaveLength(1);
        const draw = steps.indexOf('draw');
        if (draw >= 0) {
          expect(draw).toBe(steps.length - 1);
          // Committed already, or every partition fenced and committed just before (a partition added to
          // BET_PARTITIONS after the commit is fenced beside the draw; the period's settlement waits for it).
          expect(state.betsCommitted || (state.missingFences === 0 && steps.indexOf('commit-bets') === draw - 1)).toBe(
            true,
          );
          expect(!cfg.beacon || state.beaconVerified).toBe(true);
          expect(now).toBeGreaterThanOrEqual(state.endAt);
        }
      }),
      { numRuns: 5_000 },
    );
  });

  it('nothing changes by time alone before nextLookAt', () => {
    fc.assert(
      fc.property(
        arbitraryState,
        arbitraryNow,
        arbitraryConfig,
        fc.double({ min: 0, max: 1, noNaN: true }),
        (over, now, cfg, fraction) => {
          const state = given(over);
          const at = nextLookAt(now, state, cfg);
          if (at !== null) expect(at).toBeGreaterThan(now);
          const later = at === null ? now + 1_000_000 : now + Math.floor((at - 1 - now) * fraction);
          expect(when(later, state, cfg)).toEqual(when(now, state, cfg));
        },
      ),
      { numRuns: 5_000 },
    );
  });

  it('every refund it decides is of a period decideRefund refunds (OPEN), for every reason the clock decides', () => {
    const reasons = new Set<string>();
    fc.assert(
      fc.property(arbitraryState, arbitraryNow, arbitraryConfig, (over, now, cfg) => {
        const state = given(over);
        for (const step of when(now, state, cfg)) {
          if (step.type !== 'refund') continue;
          reasons.add(step.reason);
          expect(decideRefund({ periodId: 'p' }, { periodId: 'p', status: state.status, bets: [] })).toHaveLength(1);
        }
      }),
      {
        numRuns: 3_000,
        // Each reason at least once whatever the seed: random states reach `beacon-unavailable` (OPEN, the beacon
        // unverified, between BEACON_WAIT_MS and a round after the end) in about one run in four hundred.
        examples: [
          [given({ missingFences: 0, betsCommitted: true }), END + config.beaconWaitMs + 1, roundOf30s],
          [given({ missingFences: 0, betsCommitted: true, beaconVerified: true }), END + 30_001, roundOf30s],
        ],
      },
    );
    // `missed` is recorded when catching up (missedPeriods), with no bets.
    expect([...reasons].sort()).toEqual(REFUND_REASONS.filter((r) => r !== 'missed').sort());
  });

  it('decideRefund refuses every status but OPEN and decideSettlement every status but DRAWN, as the lifecycle never asks', () => {
    for (const status of PERIOD_STATUSES) {
      expect(decideRefund({ periodId: 'p' }, { periodId: 'p', status, bets: [] }).length).toBe(
        status === 'OPEN' ? 1 : 0,
      );
      const settle = decideSettlement(
        {
          periodId: 'p',
          result: { digit: 3, color: 'green', bigSmall: 'small' } as never,
          payouts: { color: 2, bigSmall: 2, number: 9 },
          gstBps: 0,
        } as never,
        { periodId: 'p', status, bets: [] },
      );
      expect(settle.filter((e) => e.type === 'PeriodSettled').length).toBe(status === 'DRAWN' ? 1 : 0);
    }
  });
});

/**
 * A period run through time by a clock that does what it is told, in a world with faults: partitions that record
 * their fence late or never, a beacon that arrives late or never, settlements that fail for a while, an engine that
 * is down for stretches. Whatever happens: statuses only go OPEN → DRAWN → SETTLED or OPEN → REFUNDED, a period is
 * drawn once and settled once, never refunded once drawn, and every period is final within a round of its end plus
 * the settlement's retries once the faults end.
 */
describe('period lifecycle: a period run through time with faults', () => {
  const world = fc.record({
    fenceRecordedAt: fc.option(fc.integer({ min: LOCK, max: END + 40_000 }), { nil: null }),
    beaconAt: fc.option(fc.integer({ min: LOCK + 2_000, max: END + 20_000 }), { nil: null }),
    settleFailures: fc.integer({ min: 0, max: 6 }),
    downFrom: fc.integer({ min: LOCK - 1_000, max: END + 40_000 }),
    downFor: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 45_000 })),
    cfg: arbitraryConfig,
  });

  it('the lifecycle order holds and every period ends final', () => {
    fc.assert(
      fc.property(world, ({ fenceRecordedAt, beaconAt, settleFailures, downFrom, downFor, cfg }) => {
        let state = given({ beaconDueAt: cfg.beacon ? LOCK + 2_000 : null });
        let failuresLeft = settleFailures;
        let failures = 0;
        const statuses: PeriodStatus[] = ['OPEN'];
        let draws = 0;
        let settles = 0;
        const until = END + 200_000;
        for (let now = LOCK - 500; now <= until; now += 50) {
          if (now >= downFrom && now < downFrom + downFor) continue;
          // The world moves: a fence recorded, a beacon verified.
          if (
            state.missingFences > 0 &&
            state.fencesSentAt !== null &&
            fenceRecordedAt !== null &&
            now >= fenceRecordedAt
          )
            state = { ...state, missingFences: 0 };
          for (const step of when(now, state, cfg)) {
            switch (step.type) {
              case 'fence':
                state = { ...state, fencesSentAt: now };
                break;
              case 'commit-bets':
                state = { ...state, betsCommitted: true };
                break;
              case 'fetch-beacon':
                if (beaconAt !== null && now >= beaconAt) state = { ...state, beaconVerified: true };
                break;
              case 'draw':
                draws++;
                state = { ...state, status: 'DRAWN', drawnAt: now, gameResultPublished: true };
                break;
              case 'settle':
                if (failuresLeft > 0) {
                  failuresLeft--;
                  const retry = settlementRetry(now, failures);
                  failures = retry.failures;
                  state = { ...state, settleNotBefore: retry.notBefore };
                } else {
                  settles++;
                  state = { ...state, status: 'SETTLED', settledAt: now, resultsPublished: true };
                }
                break;
              case 'refund':
                expect(state.status).toBe('OPEN');
                state = {
                  ...state,
                  status: 'REFUNDED',
                  refundReason: step.reason,
                  settledAt: now,
                  resultsPublished: true,
                };
                break;
              default:
                break;
            }
          }
          if (statuses[statuses.length - 1] !== state.status) statuses.push(state.status);
        }
        expect([
          ['OPEN', 'DRAWN', 'SETTLED'],
          ['OPEN', 'REFUNDED'],
        ]).toContainEqual(statuses);
        expect(draws).toBeLessThanOrEqual(1);
        expect(settles).toBeLessThanOrEqual(1);
        if (state.status === 'REFUNDED') expect(draws).toBe(0);
        // A period whose fences, beacon and engine were all there in time is drawn and settled, not refunded.
        const engineUp = downFor === 0 || downFrom > END + 1_000 || downFrom + downFor < LOCK;
        if (
          engineUp &&
          fenceRecordedAt !== null &&
          fenceRecordedAt < END &&
          (!cfg.beacon || (beaconAt !== null && beaconAt < END))
        )
          expect(state.status).toBe('SETTLED');
        // Without a fence recorded, never drawn; without a beacon (and one required), never drawn.
        if (fenceRecordedAt === null) expect(state.status).toBe('REFUNDED');
        if (cfg.beacon && beaconAt === null) expect(state.status).toBe('REFUNDED');
      }),
      { numRuns: 400 },
    );
  });
});
