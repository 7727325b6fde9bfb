import type { BetMessage, GameKey } from '@app/contracts';
import {
  createUser,
  enginePlayThrough,
  eventually,
  expectLedgerReconciles,
  freshPeriod,
  startTestApi,
  startTestEngine,
  TEST_API_KEY,
  type TestApi,
  type TestEngine,
  type TestUser,
} from '@app/testing';
import { decide, deposit, newUtr, upiWithdrawal, wallet, withdraw } from './testing/payments.js';

const ROUNDS = {
  ROUND_SECONDS: '4',
  LOCK_SECONDS: '1',
  BET_PARTITIONS: '2',
  FAIRNESS_CHAIN_LENGTH: '3000',
  RATE_LIMITS: 'false',
};
const periodConfig = { roundSeconds: 4, lockSeconds: 1 };

/**
 * The referral farm, replayed against the api and the round engine: a referred accomplice deposits, the referrer's
 * bonus and the accomplice's money go on opposite sides of big/small, and everything withdrawable is withdrawn.
 * Before the play-through rules it cashed out more than it paid in whichever side won (the accomplice withdrew the
 * deposit at once; the referral bonus was paid on approval; a bonus stake's win landed in main). Now each step is
 * refused or paid in play money, and the pair ends with less withdrawable money than it paid in, whatever the draws.
 */
describe('the referral farm loses money', () => {
  let api: TestApi;
  let engine: TestEngine;
  beforeAll(async () => {
    api = await startTestApi({ env: ROUNDS });
    engine = await startTestEngine({
      database: api.database,
      env: { ...ROUNDS, REDIS_PREFIX: api.config.REDIS_PREFIX },
    });
  });
  afterAll(async () => {
    await engine.close();
    await api.close();
  });

  /** Places bets in one fresh period and waits until the engine has settled them. */
  async function playRound(
    bets: Array<{ user: TestUser; betType: GameKey; betValue: string; amount: number }>,
  ): Promise<void> {
    const period = await freshPeriod(periodConfig, 2000);
    for (const bet of bets) {
      const socket = await api.connect({ apiKey: TEST_API_KEY, token: bet.user.token });
      const answer = new Promise<BetMessage>((resolve) => socket.once('bet-message', resolve));
      socket.emit('place-bet', {
        periodId: period.periodId,
        betType: bet.betType,
        betValue: bet.betValue,
        amount: bet.amount,
      });
      expect(await answer).toMatchObject({ success: true });
      socket.disconnect();
    }
    await eventually(
      async () =>
        (await api.db.selectFrom('bets').select('status').where('period_id', '=', period.periodId).execute()).every(
          (b) => b.status === 'COMPLETED',
        ),
      15_000,
      `the bets of ${period.periodId} settled`,
    );
  }

  it('replays the farm: no early withdrawal, no bonus before play, bonus winnings stay play money; the pair loses', async () => {
    const admin = await createUser(api, { role: 'super-admin' });
    const referrer = await createUser(api);
    const accomplice = await createUser(api, { referredBy: referrer.id });
    const depositOf = async (user: TestUser, amount: number) => {
      const res = await deposit(api, user, {
        amount,
        utrNumber: newUtr(),
        upiApp: 'PHONEPE',
        payer: 'ravi.kumar@okaxis',
      });
      expect(res.status).toBe(201);
      expect((await decide(api, admin, res.body.data.transactionId, 'COMPLETED')).status).toBe(200);
    };
    // Cash in: ₹1,000 each.
    await depositOf(accomplice, 1000);
    await depositOf(referrer, 1000);
    const cashIn = 200_000;

    // 1. The accomplice cannot take the deposit back unplayed; the referrer has no bonus yet.
    const early = await withdraw(api, accomplice, upiWithdrawal(900));
    expect({ status: early.status, message: early.body.message }).toEqual({
      status: 403,
      message: 'You need to play ₹1,000 more before you can withdraw.',
    });
    expect(await wallet(api.db, referrer.id)).toMatchObject({ bonus: 0 });
    const summary = (await api.request('GET', '/api/v1/wallet/summary', { token: accomplice.token })).body.data.summary;
    expect(summary).toMatchObject({ isEligibleForWithdrawal: false, playThroughLeft: 1000 });

    // 2. The accomplice plays the deposit through, hedged by the referrer: the pair pays the house edge on ₹2,000.
    await playRound([
      { user: accomplice, betType: 'bigSmall', betValue: 'big', amount: 1000 },
      { user: referrer, betType: 'bigSmall', betValue: 'small', amount: 1000 },
    ]);
    expect(
      (await api.request('GET', '/api/v1/wallet/summary', { token: accomplice.token })).body.data.summary,
    ).toMatchObject({ playThroughLeft: 0 });

    // 3. Only now is the referral granted: ₹100 of bonus, play money until ₹500 of stakes are settled.
    const playThrough = await enginePlayThrough(api.db, engine.config);
    expect(await playThrough.run()).toMatchObject({ granted: 1 });
    expect(await wallet(api.db, referrer.id)).toMatchObject({ bonus: 10_000 });
    const referrerSummary = (await api.request('GET', '/api/v1/wallet/summary', { token: referrer.token })).body.data
      .summary;
    expect(referrerSummary.bonusWagering).toMatchObject({ left: 500, required: 500 });

    // 4. The bonus on one side, the accomplice's money (if any is left) on the other.
    const mainAfterHedge = {
      accomplice: (await wallet(api.db, accomplice.id)).main,
      referrer: (await wallet(api.db, referrer.id)).main,
    };
    const bets: Parameters<typeof playRound>[0] = [
      { user: referrer, betType: 'bigSmall', betValue: 'big', amount: 100 },
    ];
    if (mainAfterHedge.accomplice >= 10_000)
      bets.push({ user: accomplice, betType: 'bigSmall', betValue: 'small', amount: 100 });
    await playRound(bets);
    const referrerAfter = await wallet(api.db, referrer.id);
    // The bonus stake's win (if it won) went to bonus, not main: the referrer's main did not move.
    expect(referrerAfter.main).toBe(mainAfterHedge.referrer);
    expect(await playThrough.run()).toMatchObject({ released: 0 });

    // 5. Everything withdrawable is less than what the pair paid in, whichever side won each round.
    const withdrawable = (await wallet(api.db, accomplice.id)).main + referrerAfter.main;
    expect(withdrawable).toBeLessThan(cashIn);
    // The most the pair can have: ₹2,000 − the ₹180 GST of the first hedge (+ ₹82 net if the accomplice won the second).
    expect(withdrawable).toBeLessThanOrEqual(cashIn - 18_000 + 8_200);
    await expectLedgerReconciles(api.db);
  });
});
