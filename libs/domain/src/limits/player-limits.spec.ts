import { deciderSpecification } from '../testing/index.js';
import { decideBets, initialBetState, type PlaceBet } from '../bet/bet-decider.js';
import { depositClaimDecider, type DepositClaimState } from '../payment/deposit-claim.js';
import { formatIstDateTime, limitMessage, limitPassedBy, type LimitUsage } from './limit-usage.js';
import {
  initialPlayerLimits,
  LIMIT_LOOSEN_DELAY_MS,
  limitsInForce,
  playerLimitsDecider,
  PLAY_SAFELY_MESSAGES,
  sessionLimitMessage,
  type PlayerLimitsState,
} from './player-limits.js';

const spec = deciderSpecification(playerLimitsDecider);
// 29 Nov 2026, 08:35 UTC = 14:05 IST.
const NOW = Date.UTC(2026, 10, 29, 8, 35);
const DAY = 24 * 3_600_000;
const none = initialPlayerLimits();
const withDaily = (rupees: number): PlayerLimitsState => ({
  ...none,
  limits: { ...none.limits, deposit24h: { value: rupees * 100, pending: null } },
});

describe('setting one’s own limits', () => {
  it('given no limit, when a 24-hour deposit limit is set, then it applies now (a new limit is stricter)', () => {
    spec
      .given(none)
      .when({ type: 'SetLimits', nowMs: NOW, limits: { deposit24h: 2000 } })
      .then([{ type: 'LimitApplied', data: { kind: 'deposit24h', value: 200_000, atMs: NOW } }]);
  });

  it('given ₹2,000, when set lower to ₹1,000, then it applies now', () => {
    spec
      .given(withDaily(2000))
      .when({ type: 'SetLimits', nowMs: NOW, limits: { deposit24h: 1000 } })
      .then([{ type: 'LimitApplied', data: { kind: 'deposit24h', value: 100_000, atMs: NOW } }]);
  });

  it('given ₹2,000, when set higher to ₹5,000, then it is pending for 24 hours and ₹2,000 stays in force until then', () => {
    spec
      .given(withDaily(2000))
      .when({ type: 'SetLimits', nowMs: NOW, limits: { deposit24h: 5000 } })
      .then([
        {
          type: 'LimitChangeScheduled',
          data: { kind: 'deposit24h', value: 500_000, effectiveAtMs: NOW + LIMIT_LOOSEN_DELAY_MS },
        },
      ]);
    const after = playerLimitsDecider.evolve(withDaily(2000), {
      type: 'LimitChangeScheduled',
      data: { kind: 'deposit24h', value: 500_000, effectiveAtMs: NOW + DAY },
    });
    expect(limitsInForce(after, NOW + DAY - 1).limits.deposit24h.value).toBe(200_000);
    expect(limitsInForce(after, NOW + DAY).limits.deposit24h).toEqual({ value: 500_000, pending: null });
  });

  it('given ₹2,000, when removed, then the removal is pending for 24 hours', () => {
    spec
      .given(withDaily(2000))
      .when({ type: 'SetLimits', nowMs: NOW, limits: { deposit24h: null } })
      .then([{ type: 'LimitChangeScheduled', data: { kind: 'deposit24h', value: null, effectiveAtMs: NOW + DAY } }]);
  });

  it('given a pending raise, when cancelled, then the pending change goes and the current limit stays', () => {
    const pending = {
      type: 'LimitChangeScheduled',
      data: { kind: 'deposit24h', value: 500_000, effectiveAtMs: NOW + DAY },
    } as const;
    spec
      .given(withDaily(2000), pending)
      .when({ type: 'CancelPendingLimit', nowMs: NOW + 1000, kind: 'deposit24h' })
      .then([{ type: 'PendingLimitCancelled', data: { kind: 'deposit24h' } }]);
    spec
      .given(withDaily(2000), pending)
      .when({ type: 'SetLimits', nowMs: NOW + 1000, limits: { deposit24h: 2000 } })
      .then([{ type: 'PendingLimitCancelled', data: { kind: 'deposit24h' } }]);
  });

  it('given a pending raise, when set lower, then the lower limit applies now and replaces it', () => {
    const pending = {
      type: 'LimitChangeScheduled',
      data: { kind: 'deposit24h', value: 500_000, effectiveAtMs: NOW + DAY },
    } as const;
    const events = spec
      .given(withDaily(2000), pending)
      .when({ type: 'SetLimits', nowMs: NOW, limits: { deposit24h: 1500 } })
      .events();
    expect(events).toEqual([{ type: 'LimitApplied', data: { kind: 'deposit24h', value: 150_000, atMs: NOW } }]);
    expect(playerLimitsDecider.evolve(withDaily(2000), events[0]!).limits.deposit24h.pending).toBeNull();
  });

  it('given nothing pending, when a cancel is asked, then it is refused; a change whose day has passed is in force, not pending', () => {
    spec
      .given(withDaily(2000))
      .when({ type: 'CancelPendingLimit', nowMs: NOW, kind: 'deposit24h' })
      .thenRefused('NOTHING_PENDING', PLAY_SAFELY_MESSAGES.nothingPending);
    const pending = {
      type: 'LimitChangeScheduled',
      data: { kind: 'deposit24h', value: 500_000, effectiveAtMs: NOW + DAY },
    } as const;
    spec
      .given(withDaily(2000), pending)
      .when({ type: 'CancelPendingLimit', nowMs: NOW + DAY, kind: 'deposit24h' })
      .thenRefused('NOTHING_PENDING');
  });

  it('refuses a limit that is not whole rupees in bounds, an unknown limit and a reminder other than 15, 30 or 60 — and changes nothing', () => {
    spec
      .given(none)
      .when({ type: 'SetLimits', nowMs: NOW, limits: { loss24h: 10.5 } })
      .thenRefused('INVALID_REQUEST', PLAY_SAFELY_MESSAGES.moneyLimit);
    spec
      .given(none)
      .when({ type: 'SetLimits', nowMs: NOW, limits: { sessionMinutes: 2 } })
      .thenRefused('INVALID_REQUEST', PLAY_SAFELY_MESSAGES.sessionLimit);
    spec
      .given(none)
      .when({ type: 'SetLimits', nowMs: NOW, limits: { bogus: 5 } })
      .thenRefused('INVALID_REQUEST', PLAY_SAFELY_MESSAGES.unknownLimit);
    spec
      .given(none)
      .when({ type: 'SetLimits', nowMs: NOW, realityCheckMinutes: 45 })
      .thenRefused('INVALID_REQUEST', PLAY_SAFELY_MESSAGES.realityCheck);
  });

  it('sets the reminder at once and a session limit like any other limit', () => {
    spec
      .given(none)
      .when({ type: 'SetLimits', nowMs: NOW, limits: { sessionMinutes: 60 }, realityCheckMinutes: 15 })
      .then([
        { type: 'LimitApplied', data: { kind: 'sessionMinutes', value: 60, atMs: NOW } },
        { type: 'RealityCheckSet', data: { minutes: 15 } },
      ]);
  });
});

const usage = (over: Partial<LimitUsage> = {}): LimitUsage => ({
  kind: 'deposit24h',
  limitPaise: 200_000,
  usedPaise: 150_000,
  oldestAtMs: NOW - DAY + 60_000,
  ...over,
});

describe('a deposit over the deposit limit', () => {
  const player: DepositClaimState = {
    role: 'user',
    wallet: { walletId: 'w-1', isActive: true },
    hasApprovedDeposit: true,
    utrHolder: null,
  };
  const claim = (amount: number) => ({
    userId: 'u-1',
    method: 'UPI',
    amount,
    utrNumber: '412345678901',
    upiApp: 'PHONEPE',
    payer: 'ravi@okaxis',
  });
  const claims = deciderSpecification(depositClaimDecider);

  it('given ₹1,500 claimed of ₹2,000 in 24 hours, when ₹1,000 is claimed, then it is refused naming the limit, what it leaves and when it resets', () => {
    // The oldest counted claim leaves the window 24 hours after it was made.
    const message = `Your 24-hour deposit limit of ₹2,000 leaves ₹500 until ${formatIstDateTime(NOW + 60_000)}.`;
    claims
      .given({ ...player, depositLimits: [usage()] })
      .when(claim(1000))
      .thenRefused('DEPOSIT_LIMIT', message);
    expect(formatIstDateTime(NOW)).toBe('29 Nov 2026, 14:05 IST');
  });

  it('given ₹1,500 claimed of ₹2,000, when exactly ₹500 is claimed, then it is taken', () => {
    expect(
      claims
        .given({ ...player, depositLimits: [usage()] })
        .when(claim(500))
        .events()[0]!.type,
    ).toBe('DepositRequested');
  });

  it('when the window has dropped the old claims (nothing counts), then the whole limit is there again', () => {
    expect(
      claims
        .given({ ...player, depositLimits: [usage({ usedPaise: 0, oldestAtMs: null })] })
        .when(claim(2000))
        .events()[0]!.type,
    ).toBe('DepositRequested');
    claims
      .given({ ...player, depositLimits: [usage({ usedPaise: 0, oldestAtMs: null })] })
      .when(claim(2500))
      .thenRefused('DEPOSIT_LIMIT', 'Your 24-hour deposit limit of ₹2,000 leaves ₹2,000.');
  });
});

describe('a bet over the loss limit', () => {
  const placeBet = (n: number, amount = 50_000): PlaceBet => ({
    commandId: `c-${n}`,
    userId: 'u-1',
    periodId: 'P',
    betType: ['color', 'bigSmall', 'number'][n % 3]!,
    betValue: ['red', 'big', '7'][n % 3]!,
    amount,
    receivedAtMs: 1000,
  });
  const state = (loss: LimitUsage) =>
    initialBetState({ main: 1_000_000, currentPeriodId: 'P', periodLockMs: 5000, lossLimits: [loss] });

  it('given a ₹1,000 loss limit with ₹400 lost and ₹100 at stake, when ₹500 more is staked then ₹100, then the first fits and the second is refused', () => {
    const loss = usage({ kind: 'loss24h', limitPaise: 100_000, usedPaise: 50_000 });
    const { events } = decideBets([placeBet(0), placeBet(1, 10_000)], state(loss));
    expect(events[0]!.type).toBe('BetPlaced');
    expect(events[1]).toMatchObject({
      type: 'BetRejected',
      data: {
        code: 'LOSS_LIMIT',
        reason: `Your 24-hour loss limit of ₹1,000 leaves ₹0 until ${formatIstDateTime(NOW + 60_000)}.`,
      },
    });
  });

  it('counts each unsettled stake as lost: three bets of ₹500 against ₹1,000 place two', () => {
    const { events } = decideBets(
      [0, 1, 2].map((n) => placeBet(n)),
      state(usage({ kind: 'loss7d', limitPaise: 100_000, usedPaise: 0, oldestAtMs: null })),
    );
    expect(events.map((e) => (e.type === 'BetRejected' ? e.data.code : e.type))).toEqual([
      'BetPlaced',
      'BetPlaced',
      'LOSS_LIMIT',
    ]);
  });

  it('of several limits, names the one that leaves the least; net winnings leave more room', () => {
    const day = usage({ kind: 'loss24h', limitPaise: 100_000, usedPaise: 90_000 });
    const week = usage({ kind: 'loss7d', limitPaise: 300_000, usedPaise: 295_000 });
    expect(limitPassedBy([day, week], 20_000)).toBe(week);
    expect(limitPassedBy([usage({ kind: 'loss24h', limitPaise: 100_000, usedPaise: -50_000 })], 140_000)).toBeNull();
    expect(limitMessage(week)).toMatch(/^Your 7-day loss limit of ₹3,000 leaves ₹50 until /);
  });
});

describe('the session limit', () => {
  it('says when the player may play again', () => {
    expect(sessionLimitMessage(60, NOW + 3_600_000)).toBe(
      'You have reached your session limit of 60 minutes. You can play again from 29 Nov 2026, 15:05 IST.',
    );
  });
});
