import type { ClientConfig } from '@app/contracts';
import {
  DEFAULT_PAYOUTS,
  GST_BPS,
  LOCK_SECONDS,
  parsePayouts,
  ROUND_SECONDS,
  STAKES_PAISE,
  winBreakdown,
} from '@app/domain';
import { createAppStore } from '../../app/store';
import { createApiClient } from '../../shared/api';
import { createFakeFetch, fail, memoryTokens, ok, pending, type FakeRoute } from '../../test/fake-fetch';
import { clockTicked, gameSelected } from '../game/game.slice';
import { periodAnnounced } from '../socket/live-events';
import { periodInfo } from '../socket/testing/live-fixtures';
import {
  selectBetPanelGame,
  selectCardState,
  selectIsLocked,
  selectPotentialWin,
  selectRoundSeconds,
  selectShowNextRoundOverlay,
} from '../game/selectors';
import { configLoaded } from './config.slice';
import {
  selectAllowedEmailDomains,
  selectDepositBounds,
  selectGameOdds,
  selectGstPercent,
  selectLockSeconds,
  selectPayoutOptions,
  selectReferralTerms,
  selectStakesPaise,
} from './selectors';

/**
 * What the API answers with LOCK_SECONDS=8 PAYOUTS=number=8,violet=4.5 GST_RATE=0.2
 * ALLOWED_EMAIL_DOMAINS=gmail.com,example.com.
 */
const SERVER: ClientConfig = {
  roundSeconds: 30,
  lockSeconds: 8,
  payouts: parsePayouts('number=8,violet=4.5'),
  gstRate: 0.2,
  gstBps: 2000,
  allowedEmailDomains: ['gmail.com', 'example.com'],
  payment: { payeeVpa: 'winround@okaxis', payeeName: 'WinRound' },
  stakesPaise: [1000, 5000, 10000, 20000, 50000, 100000],
  deposit: { minPaise: 10_000, maxPaise: 1_000_000 },
  withdrawal: { minPaise: 50_000, maxPaise: 2_500_000, dailyMaxPaise: 2_500_000 },
  referral: { shareBps: 500, capPaise: 25_000 },
  playThrough: { bonusWageringMultiplier: 3, bonusExpiryDays: 14, withdrawalTurnoverPercent: 50 },
};

function start(routes: Record<string, FakeRoute>) {
  const fake = createFakeFetch({ 'GET /auth/refresh-token': pending, ...routes });
  const store = createAppStore({ api: createApiClient({ fetch: fake.fetch, tokens: memoryTokens('t') }) });
  return { store, fake };
}

describe('server configuration in the store', () => {
  test("until the server answers, the spec's values apply", () => {
    const { store } = start({ 'GET /app-config': pending });
    const state = store.getState();
    expect(state.config.loaded).toBe(false);
    expect(selectLockSeconds(state)).toBe(LOCK_SECONDS);
    expect(selectPayoutOptions(state)).toEqual({ payouts: DEFAULT_PAYOUTS, gstBps: GST_BPS });
    expect(selectGstPercent(state)).toBe(18);
    expect(selectStakesPaise(state)).toEqual(STAKES_PAISE);
    expect(selectAllowedEmailDomains(state)).toEqual(['gmail.com']);
    expect(selectRoundSeconds(state)).toBe(ROUND_SECONDS);
  });

  test('the store loads GET /app-config once at start', async () => {
    const { store, fake } = start({ 'GET /app-config': () => ok(SERVER) });
    await vi.waitFor(() => expect(store.getState().config.loaded).toBe(true));
    expect(fake.callsTo('GET /app-config')).toHaveLength(1);
    const state = store.getState();
    expect(selectLockSeconds(state)).toBe(8);
    expect(selectPayoutOptions(state)).toEqual({ payouts: SERVER.payouts, gstBps: 2000 });
    expect(selectGstPercent(state)).toBe(20);
    expect(selectAllowedEmailDomains(state)).toEqual(['gmail.com', 'example.com']);
    expect(selectDepositBounds(state)).toEqual(SERVER.deposit);
    expect(selectReferralTerms(state)).toEqual({ shareBps: 500, capPaise: 25_000 });
    // The payee stays with the deposit feature.
    expect(state.config.rules).not.toHaveProperty('payment');
  });

  test('a failed load is retried, and the defaults hold meanwhile', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { store, fake } = start({ 'GET /app-config': (_call, nth) => (nth === 0 ? fail(503) : ok(SERVER)) });
      await vi.waitFor(() => expect(fake.callsTo('GET /app-config')).toHaveLength(1));
      expect(selectLockSeconds(store.getState())).toBe(LOCK_SECONDS);
      await vi.advanceTimersByTimeAsync(1_000);
      await vi.waitFor(() => expect(store.getState().config.loaded).toBe(true));
      expect(selectLockSeconds(store.getState())).toBe(8);
    } finally {
      vi.useRealTimers();
    }
  });

  test('payouts from a server before payouts per choice (one per game) apply to every choice; anything else is ignored', () => {
    const { store } = start({ 'GET /app-config': pending });
    store.dispatch(
      configLoaded({ payouts: { color: 2, bigSmall: 2, number: 8 } as unknown as ClientConfig['payouts'] }),
    );
    expect(selectPayoutOptions(store.getState()).payouts).toEqual(parsePayouts('number=8'));
    store.dispatch(configLoaded({ payouts: { color: { red: 3 } } as unknown as ClientConfig['payouts'] }));
    expect(selectPayoutOptions(store.getState()).payouts).toEqual(parsePayouts('number=8'));
  });

  test('a field the server does not send keeps its default', () => {
    const { store } = start({ 'GET /app-config': pending });
    store.dispatch(configLoaded({ lockSeconds: 8 }));
    expect(selectLockSeconds(store.getState())).toBe(8);
    expect(selectPayoutOptions(store.getState()).payouts).toEqual(DEFAULT_PAYOUTS);
  });
});

describe('game selectors on the server configuration', () => {
  const P1 = periodInfo({ periodId: '202611210541' });

  test('the lock follows LOCK_SECONDS: 8 s left is locked at 8, open at the default 5', () => {
    const { store } = start({ 'GET /app-config': pending });
    store.dispatch(periodAnnounced({ ...P1, receivedAt: P1.serverTime }));
    store.dispatch(clockTicked(8));
    store.dispatch(gameSelected('number'));
    expect(selectBetPanelGame(store.getState())).toBe('number');
    expect(selectIsLocked(store.getState())).toBe(false);
    expect(selectCardState(store.getState(), 'number')).toBe('open');

    store.dispatch(configLoaded(SERVER));
    expect(selectIsLocked(store.getState())).toBe(true);
    expect(selectCardState(store.getState(), 'number')).toBe('locked');
    expect(selectBetPanelGame(store.getState())).toBeNull();
    expect(selectShowNextRoundOverlay(store.getState())).toBe(false);
  });

  test('the potential win and the odds use the payout table and GST from the server, to the paisa', () => {
    const { store } = start({ 'GET /app-config': pending });
    expect(selectPotentialWin(store.getState(), 1000, 'number', '7')).toEqual({ gross: 9000, gst: 1440, net: 7560 });
    store.dispatch(configLoaded(SERVER));
    expect(selectPotentialWin(store.getState(), 1000, 'number', '7')).toEqual({ gross: 8000, gst: 1400, net: 6600 });
    expect(selectPotentialWin(store.getState(), 100000, 'number', '0')).toEqual({
      gross: 800000,
      gst: 140000,
      net: 660000,
    });
    // Violet pays its own ×4.5: ₹10 → ₹45 gross, 20 % GST on ₹35 (₹7), ₹38 credited; red stays ×2.
    expect(selectPotentialWin(store.getState(), 1000, 'color', 'violet')).toEqual({ gross: 4500, gst: 700, net: 3800 });
    expect(selectPotentialWin(store.getState(), 1000, 'color', 'red')).toEqual({ gross: 2000, gst: 200, net: 1800 });
    expect(selectGameOdds(store.getState()).color.map((o) => [o.choice, o.payout, o.rtpGross])).toEqual([
      ['red', 2, 0.8],
      ['green', 2, 0.8],
      ['violet', 4.5, 0.9],
    ]);
    const odds = selectGameOdds(store.getState());
    expect(odds.number[0]).toMatchObject({ payout: 8, rtpGross: 0.8 });
    // Net of 20 % GST on the 7 won above the stake: 0.1 × (8 − 0.2 × 7) = 0.66.
    expect(odds.number[0]!.rtpNet).toBeCloseTo(0.66, 10);
    expect(winBreakdown(1000, 'number', '7', selectPayoutOptions(store.getState()))).toEqual({
      gross: 8000,
      gst: 1400,
      net: 6600,
    });
  });
});
