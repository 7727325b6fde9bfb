import { createUser, startTestApi, type TestApi, type TestUser } from '@app/testing';
import { decide, deposit, expectLedgerConsistent, newUtr, wallet } from '../payment/testing/payments.js';

describe('referral bonus configuration', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ env: { RATE_LIMITS: 'false', REFERRAL_SHARE: '0.05', REFERRAL_CAP_RUPEES: '20' } });
  });
  afterAll(() => api.close());
  afterEach(() => expectLedgerConsistent(api.db));

  it('takes the share and the cap from REFERRAL_SHARE and REFERRAL_CAP_RUPEES (the referral waits on play: nothing is paid yet)', async () => {
    const admin = await createUser(api, { role: 'super-admin' });
    const referrer = await createUser(api);
    const small = await createUser(api, { referredBy: referrer.id });
    const big = await createUser(api, { referredBy: referrer.id });
    const depositOf = async (player: TestUser, amount: number) =>
      (await deposit(api, player, { amount, utrNumber: newUtr() })).body.data.transactionId;
    const referral = (player: TestUser) =>
      api.db
        .selectFrom('referrals')
        .select(['bonus_paise', 'deposit_paise', 'status'])
        .where('referred_user_id', '=', player.id)
        .executeTakeFirstOrThrow();
    await decide(api, admin, await depositOf(small, 123.45), 'COMPLETED'); // 5 % of ₹123.45 = ₹6.1725 → ₹6.17
    expect(await referral(small)).toEqual({ bonus_paise: 617, deposit_paise: 12_345, status: 'pending' });
    await decide(api, admin, await depositOf(big, 1000), 'COMPLETED'); // 5 % of ₹1,000 = ₹50 → capped at ₹20
    expect(await referral(big)).toEqual({ bonus_paise: 2_000, deposit_paise: 100_000, status: 'pending' });
    expect(await wallet(api.db, referrer.id)).toMatchObject({ bonus: 0 });
  });
});
