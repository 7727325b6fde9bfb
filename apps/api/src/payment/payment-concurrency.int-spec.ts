import { Accounts } from '@app/ledger';
import { createUser, startTestApi, type TestApi, type TestResponse, type TestUser } from '@app/testing';
import {
  accountBalance,
  decide,
  deposit,
  expectLedgerConsistent,
  newUtr,
  transactionRow,
  upiWithdrawal,
  wallet,
  withdraw,
} from './testing/payments.js';

/** Real parallel HTTP requests against one api node: the database decides every race. */
describe('payments under concurrency', () => {
  let api: TestApi;
  let admin: TestUser;
  let secondAdmin: TestUser;
  beforeAll(async () => {
    api = await startTestApi({ env: { RATE_LIMITS: 'false' } });
    admin = await createUser(api, { role: 'super-admin' });
    secondAdmin = await createUser(api, { role: 'super-admin' });
  });
  afterAll(() => api.close());
  afterEach(() => expectLedgerConsistent(api.db));

  const statuses = (responses: TestResponse[]) => responses.map((r) => r.status).sort();
  const count = (responses: TestResponse[], status: number) => responses.filter((r) => r.status === status).length;

  it('50 parallel withdrawals above the balance: exactly the affordable ones succeed and main never goes below zero', async () => {
    const player = await createUser(api, { main: 500_000 }); // ₹5,000: ten withdrawals of ₹500
    const heldBefore = await accountBalance(api.db, Accounts.clearingWithdrawals);
    const responses = await Promise.all(Array.from({ length: 50 }, () => withdraw(api, player, upiWithdrawal(500))));
    expect(count(responses, 201)).toBe(10);
    expect(count(responses, 400)).toBe(40);
    for (const refused of responses.filter((r) => r.status === 400))
      expect(refused.body.message).toBe('Insufficient balance.');
    expect(await wallet(api.db, player.id)).toMatchObject({ main: 0 });
    expect((await accountBalance(api.db, Accounts.clearingWithdrawals)) - heldBefore).toBe(500_000);
    const rows = await api.db
      .selectFrom('transactions')
      .select(['status', 'amount'])
      .where('user_id', '=', player.id)
      .execute();
    expect(rows).toHaveLength(10);
    expect(rows.every((r) => r.status === 'PENDING' && r.amount === 50_000)).toBe(true);
    expect(new Set(responses.filter((r) => r.status === 201).map((r) => r.body.data.transactionId)).size).toBe(10);
  });

  it('parallel withdrawals across the daily limit: exactly ₹25,000 is accepted for the IST day', async () => {
    const player = await createUser(api, { main: 10_000_000 }); // ₹1,00,000: the daily cap binds, not the balance
    const responses = await Promise.all(Array.from({ length: 12 }, () => withdraw(api, player, upiWithdrawal(5_000))));
    expect(count(responses, 201)).toBe(5);
    expect(count(responses, 400)).toBe(7);
    for (const refused of responses.filter((r) => r.status === 400))
      expect(refused.body.message).toBe('Maximum withdrawal per day is ₹25,000.');
    expect(await wallet(api.db, player.id)).toMatchObject({ main: 10_000_000 - 2_500_000 });
    // Mixed amounts racing for the last ₹5,000 of the day.
    const other = await createUser(api, { main: 10_000_000 });
    expect((await withdraw(api, other, upiWithdrawal(20_000))).status).toBe(201);
    const race = await Promise.all(
      [3_000, 2_000, 4_000, 1_000, 2_500, 5_000, 500, 1_500].map((amount) =>
        withdraw(api, other, upiWithdrawal(amount)),
      ),
    );
    const accepted = race.filter((r) => r.status === 201);
    const rows = await api.db
      .selectFrom('transactions')
      .select('amount')
      .where('user_id', '=', other.id)
      .where('type', '=', 'WITHDRAWAL')
      .execute();
    const total = rows.reduce((sum, r) => sum + r.amount, 0);
    expect(total).toBeLessThanOrEqual(2_500_000);
    expect(rows).toHaveLength(1 + accepted.length);
    expect(accepted.length).toBeGreaterThan(0);
  });

  it('parallel claims of one UTR: exactly one pending claim; every other player is recorded as a contest of it', async () => {
    const players = await Promise.all(Array.from({ length: 5 }, () => createUser(api)));
    const utr = newUtr();
    const variants = [
      utr,
      `${utr.slice(0, 4)} ${utr.slice(4, 8)} ${utr.slice(8)}`,
      ` ${utr}`,
      `${utr.slice(0, 6)}-${utr.slice(6)}  `,
    ];
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        deposit(api, players[i % players.length]!, {
          amount: 1000,
          utrNumber: variants[i % variants.length],
          payer: 'RAVI KUMAR',
        }),
      ),
    );
    expect(statuses(responses)).toEqual([201, ...Array<number>(19).fill(409)]);
    const winner = players[responses.findIndex((r) => r.status === 201) % players.length]!;
    responses.forEach((res, i) => {
      if (res.status === 201) return;
      const own = players[i % players.length] === winner;
      expect(res.body.message).toMatch(
        own ? /^You have already claimed this UTR number/ : /^Another player has already claimed this UTR number/,
      );
    });
    const rows = await api.db
      .selectFrom('transactions')
      .select(['id', 'user_id', 'status'])
      .where('utr_number', '=', utr)
      .execute();
    expect(rows).toEqual([{ id: expect.any(String), user_id: winner.id, status: 'PENDING' }]);
    // One contest per other player (their 4 requests each counted as attempts), all of the one pending claim.
    const contests = await api.db
      .selectFrom('utr_contests')
      .select(['user_id', 'held_by', 'attempts'])
      .where('utr_number', '=', utr)
      .execute();
    expect(contests.map((c) => c.user_id).sort()).toEqual(
      players
        .filter((p) => p !== winner)
        .map((p) => p.id)
        .sort(),
    );
    expect(contests.every((c) => c.held_by === rows[0]!.id && c.attempts === 4)).toBe(true);
  });

  it('two players claiming one UTR at the same moment: exactly one pending claim, the other a contest', async () => {
    for (let round = 0; round < 10; round += 1) {
      const [a, b] = [await createUser(api), await createUser(api)];
      const utr = newUtr();
      const [ra, rb] = await Promise.all([
        deposit(api, a, { amount: 500, utrNumber: utr, payer: 'asha@ybl' }),
        deposit(api, b, { amount: 500, utrNumber: utr, payer: 'ravi@ybl' }),
      ]);
      expect([ra.status, rb.status].sort()).toEqual([201, 409]);
      const loser = ra.status === 409 ? a : b;
      const held = await api.db
        .selectFrom('transactions')
        .select(['id', 'status'])
        .where('utr_number', '=', utr)
        .execute();
      expect(held).toEqual([{ id: expect.any(String), status: 'PENDING' }]);
      const contests = await api.db
        .selectFrom('utr_contests')
        .select(['user_id', 'held_by'])
        .where('utr_number', '=', utr)
        .execute();
      expect(contests).toEqual([{ user_id: loser.id, held_by: held[0]!.id }]);
    }
  });

  it('double approval of one deposit by two admins: exactly one credits the wallet', async () => {
    const player = await createUser(api);
    const transactionId = (await deposit(api, player, { amount: 2000, utrNumber: newUtr() })).body.data.transactionId;
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => decide(api, i % 2 ? admin : secondAdmin, transactionId, 'COMPLETED')),
    );
    expect(statuses(responses)).toEqual([200, ...Array<number>(9).fill(409)]);
    for (const refused of responses.filter((r) => r.status === 409))
      expect(refused.body.message).toBe('Only pending deposits can be updated.');
    expect(await wallet(api.db, player.id)).toMatchObject({ main: 200_000, is_active: true });
    const row = await transactionRow(api.db, transactionId);
    const audit = await api.db.selectFrom('audit_log').selectAll().where('target_id', '=', row.id).execute();
    expect(audit).toHaveLength(1);
  });

  it('approve and reject racing on one withdrawal: exactly one decision applies', async () => {
    const player = await createUser(api, { main: 1_000_000 });
    const transactionId = (await withdraw(api, player, upiWithdrawal(4_000))).body.data.transactionId;
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => decide(api, admin, transactionId, i % 2 ? 'COMPLETED' : 'FAILED')),
    );
    expect(statuses(responses)).toEqual([200, ...Array<number>(9).fill(409)]);
    for (const refused of responses.filter((r) => r.status === 409))
      expect(refused.body.message).toBe('Only pending withdrawals can be updated.');
    const decided = (await transactionRow(api.db, transactionId)).status;
    const winner = responses.find((r) => r.status === 200)!;
    expect(winner.body.data.transaction.status).toBe(decided);
    expect(await wallet(api.db, player.id)).toMatchObject({ main: decided === 'FAILED' ? 1_000_000 : 600_000 });
  });

  it('parallel approvals of a referred player’s deposits open one referral, of the first deposit; no bonus before play', async () => {
    const referrer = await createUser(api);
    const player = await createUser(api, { referredBy: referrer.id });
    const ids: string[] = [];
    // Three: the most a player may have waiting for review.
    for (const amount of [1000, 2000, 3000])
      ids.push((await deposit(api, player, { amount, utrNumber: newUtr() })).body.data.transactionId);
    const responses = await Promise.all(ids.map((id, i) => decide(api, i % 2 ? admin : secondAdmin, id, 'COMPLETED')));
    expect(statuses(responses)).toEqual([200, 200, 200]);
    expect(await wallet(api.db, player.id)).toMatchObject({ main: 600_000 });
    const referrals = await api.db
      .selectFrom('referrals')
      .select(['deposit_paise', 'bonus_paise', 'status'])
      .where('referred_user_id', '=', player.id)
      .execute();
    expect(referrals).toHaveLength(1);
    // Whichever approval committed first was the first deposit: the bonus will be 10 % of it, once it is played.
    const [referral] = referrals;
    expect([100_000, 200_000, 300_000]).toContain(Number(referral!.deposit_paise));
    expect({ bonus: Number(referral!.bonus_paise), status: referral!.status }).toEqual({
      bonus: Number(referral!.deposit_paise) / 10,
      status: 'pending',
    });
    expect(
      await api.db
        .selectFrom('transactions')
        .select('amount')
        .where('user_id', '=', referrer.id)
        .where('type', '=', 'BONUS')
        .execute(),
    ).toEqual([]);
    expect(await wallet(api.db, referrer.id)).toMatchObject({ bonus: 0 });
  });

  it('withdrawals racing an approval of a deposit on the same wallet stay consistent', async () => {
    const player = await createUser(api, { main: 100_000 }); // ₹1,000
    const depositId = (await deposit(api, player, { amount: 1000, utrNumber: newUtr() })).body.data.transactionId;
    const responses = await Promise.all([
      decide(api, admin, depositId, 'COMPLETED'),
      ...Array.from({ length: 8 }, () => withdraw(api, player, upiWithdrawal(500))),
    ]);
    expect(responses[0]!.status).toBe(200);
    const accepted = count(responses.slice(1), 201);
    expect(accepted).toBeGreaterThanOrEqual(2);
    expect(accepted).toBeLessThanOrEqual(4);
    expect(await wallet(api.db, player.id)).toMatchObject({ main: 200_000 - accepted * 50_000 });
  });
});
