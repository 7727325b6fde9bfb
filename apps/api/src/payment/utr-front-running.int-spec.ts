import type { AdminDepositEntry } from '@app/contracts';
import { createUser, startTestApi, type TestApi, type TestUser } from '@app/testing';
import { decide, deposit, expectLedgerConsistent, newUtr, wallet } from './testing/payments.js';

/**
 * "Whoever types a UTR first owns the payment" (the front-running issue), replayed through the API: a UTR belongs
 * to whoever paid it, the reviewer sees every claim of it, and a rejected claim releases it.
 */
describe('UTR front-running', () => {
  let api: TestApi;
  let admin: TestUser;
  beforeAll(async () => {
    api = await startTestApi({ env: { RATE_LIMITS: 'false' } });
    admin = await createUser(api, { role: 'super-admin' });
  });
  afterAll(() => api.close());
  afterEach(() => expectLedgerConsistent(api.db));

  const pendingDeposits = async (query = ''): Promise<AdminDepositEntry[]> => {
    const res = await api.request('GET', `/api/v1/admin/pending-deposits${query}`, { token: admin.token });
    expect(res.status).toBe(200);
    return res.body.data.pendingDeposits;
  };
  const entryOf = async (utr: string, query = '') =>
    (await pendingDeposits(query)).filter((e) => e.deposit.utrNumber === utr);

  it('thief claims → payer refused and recorded → admin sees both, flagged → rejects the thief → payer claims and is credited', async () => {
    const thief = await createUser(api, { username: 'quick_thief' });
    const payer = await createUser(api, { username: 'real_payer' });
    const utr = newUtr();

    // The thief saw the UTR (a shared screenshot) and types it first, naming a made-up payer.
    const stolen = await deposit(api, thief, { amount: 2000, utrNumber: utr, payer: 'Q THIEF' });
    expect(stolen.status).toBe(201);

    // The real payer is refused, told what happens next, and the claim is recorded.
    const refused = await deposit(api, payer, {
      amount: 2000,
      utrNumber: utr,
      upiApp: 'GOOGLE_PAY',
      payer: 'Real.Payer@OKAXIS',
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      success: false,
      message:
        'Another player has already claimed this UTR number and it is waiting for review. We have recorded your claim too, so the reviewer will check both against the bank statement. If the payment is yours, their claim will be rejected and you can submit this UTR again.',
    });

    // The reviewer sees the thief's claim flagged, with every claim of the UTR: claimant, amount, payer, time, outcome.
    const [held] = await entryOf(utr);
    expect(held).toMatchObject({
      username: 'quick_thief',
      deposit: { transactionId: stolen.body.data.transactionId, payer: 'Q THIEF', utrContested: true },
    });
    expect(held!.deposit.utrClaims).toEqual([
      {
        kind: 'claim',
        transactionId: stolen.body.data.transactionId,
        heldBy: null,
        username: 'quick_thief',
        email: thief.email,
        amount: 2000,
        payer: 'Q THIEF',
        createdAt: expect.any(String),
        outcome: 'PENDING',
        attempts: 1,
      },
      {
        kind: 'contest',
        transactionId: null,
        heldBy: stolen.body.data.transactionId,
        username: 'real_payer',
        email: payer.email,
        amount: 2000,
        payer: 'real.payer@okaxis',
        createdAt: expect.any(String),
        outcome: 'REFUSED',
        attempts: 1,
      },
    ]);

    // The bank statement names real.payer@okaxis: the thief's claim is rejected, which releases the UTR.
    expect(
      (await decide(api, admin, stolen.body.data.transactionId, 'FAILED', 'Payer does not match the statement')).status,
    ).toBe(200);
    const claimed = await deposit(api, payer, {
      amount: 2000,
      utrNumber: utr,
      upiApp: 'GOOGLE_PAY',
      payer: 'real.payer@okaxis',
    });
    expect(claimed.status).toBe(201);

    // The payer's claim shows the whole history, still flagged.
    const [mine] = await entryOf(utr);
    expect(mine).toMatchObject({ username: 'real_payer', deposit: { payer: 'real.payer@okaxis', utrContested: true } });
    expect(mine!.deposit.utrClaims!.map((c) => [c.kind, c.username, c.outcome])).toEqual([
      ['claim', 'quick_thief', 'FAILED'],
      ['contest', 'real_payer', 'REFUSED'],
      ['claim', 'real_payer', 'PENDING'],
    ]);
    expect((await decide(api, admin, claimed.body.data.transactionId, 'COMPLETED')).status).toBe(200);
    expect(await wallet(api.db, payer.id)).toMatchObject({ main: 200_000, is_active: true });
    expect(await wallet(api.db, thief.id)).toMatchObject({ main: 0, is_active: false });

    // Now it is spent: the thief's second try is refused and recorded against the approved claim.
    const again = await deposit(api, thief, { amount: 2000, utrNumber: utr, payer: 'Q THIEF' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      'This UTR number has already been credited to another player. We have recorded your claim for review: if the payment is yours, please contact support with its receipt.',
    );
    const [approved] = await entryOf(utr, '?status=COMPLETED');
    expect(approved!.deposit.utrClaims!.at(-1)).toMatchObject({
      kind: 'contest',
      username: 'quick_thief',
      heldBy: claimed.body.data.transactionId,
      outcome: 'REFUSED',
    });
  });

  it('a UTR only one player claimed is not flagged; a repeated contest is one row with its attempts', async () => {
    const [holder, other] = [await createUser(api), await createUser(api)];
    const alone = newUtr();
    await deposit(api, holder, { amount: 100, utrNumber: alone, payer: 'Asha Rao' });
    // The holder's own repeat is refused and is no contest.
    expect((await deposit(api, holder, { amount: 100, utrNumber: alone, payer: 'Asha Rao' })).status).toBe(409);
    const [entry] = await entryOf(alone);
    expect(entry!.deposit).toMatchObject({ utrContested: false, payer: 'Asha Rao' });
    expect(entry!.deposit.utrClaims).toHaveLength(1);

    for (let i = 0; i < 3; i += 1)
      expect((await deposit(api, other, { amount: 100, utrNumber: alone, payer: 'Ravi Kumar' })).status).toBe(409);
    const [flagged] = await entryOf(alone);
    expect(flagged!.deposit.utrContested).toBe(true);
    expect(flagged!.deposit.utrClaims!.map((c) => [c.kind, c.attempts])).toEqual([
      ['claim', 1],
      ['contest', 3],
    ]);
  });

  it('an older client that sends no payer still claims; the reviewer sees no payer', async () => {
    const player = await createUser(api);
    const utr = newUtr();
    expect((await deposit(api, player, { amount: 300, utrNumber: utr, upiApp: 'PHONEPE' })).status).toBe(201);
    const [entry] = await entryOf(utr);
    expect(entry!.deposit.payer).toBeNull();
    expect(entry!.deposit.utrClaims).toEqual([expect.objectContaining({ payer: null, outcome: 'PENDING' })]);
  });

  it('a payer, once given, never changes', async () => {
    const player = await createUser(api);
    const utr = newUtr();
    const res = await deposit(api, player, { amount: 300, utrNumber: utr, payer: 'ravi@ybl' });
    await expect(
      api.db
        .updateTable('transactions')
        .set({ payer: 'someone@else' } as never)
        .where('transaction_id', '=', res.body.data.transactionId)
        .execute(),
    ).rejects.toThrow(/money facts are immutable/);
  });
});
