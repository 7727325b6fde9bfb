import { sql } from 'kysely';
import { Accounts } from '@app/ledger';
import { createUser, startTestApi, TEST_API_KEY, type TestApi, type TestUser } from '@app/testing';
import {
  accountBalance,
  decide,
  deposit,
  expectLedgerConsistent,
  newUtr,
  review,
  transactionRow,
  upiWithdrawal,
  wallet,
  withdraw,
} from '../payment/testing/payments.js';

describe('admin payment review', () => {
  let api: TestApi;
  let admin: TestUser;
  beforeAll(async () => {
    api = await startTestApi({ env: { RATE_LIMITS: 'false' } });
    admin = await createUser(api, { role: 'super-admin' });
  });
  afterAll(() => api.close());
  afterEach(() => expectLedgerConsistent(api.db));

  const depositOf = async (player: TestUser, amount: number) => {
    const res = await deposit(api, player, { amount, utrNumber: newUtr(), upiApp: 'PHONEPE' });
    expect(res.status).toBe(201);
    return res.body.data.transactionId as string;
  };
  const withdrawalOf = async (player: TestUser, amount: number) => {
    const res = await withdraw(api, player, upiWithdrawal(amount));
    expect(res.status).toBe(201);
    return res.body.data.transactionId as string;
  };
  const list = async (path: 'pending-deposits' | 'pending-withdraws', query = '') => {
    const res = await api.request('GET', `/api/v1/admin/${path}${query}`, { token: admin.token });
    expect(res.status).toBe(200);
    return path === 'pending-deposits' ? res.body.data.pendingDeposits : res.body.data.pendingWithdrawals;
  };
  const auditOf = (transactionId: string) =>
    api.db
      .selectFrom('audit_log')
      .innerJoin('transactions', (join) => join.on(sql`transactions.id::text`, '=', sql.ref('audit_log.target_id')))
      .select([
        'audit_log.actor_id',
        'audit_log.action',
        'audit_log.target_type',
        'audit_log.decision',
        'audit_log.note',
        'audit_log.metadata',
        'audit_log.created_at',
      ])
      .where('transactions.transaction_id', '=', transactionId)
      .execute();

  describe('access', () => {
    it('is for the super-admin only', async () => {
      const player = await createUser(api, { main: 100_000 });
      for (const [method, path] of [
        ['GET', '/api/v1/admin/pending-deposits'],
        ['GET', '/api/v1/admin/pending-withdraws'],
        ['PUT', '/api/v1/admin/update-transaction-status'],
      ] as const) {
        expect((await api.request(method, path)).status).toBe(401);
        const forbidden = await api.request(method, path, {
          token: player.token,
          body: method === 'PUT' ? { walletId: player.walletId, transactionId: 'x', status: 'COMPLETED' } : undefined,
        });
        expect(forbidden.status).toBe(403);
      }
    });
  });

  describe('lists', () => {
    it('shows pending deposits newest first with the player, wallet and UTR', async () => {
      const player = await createUser(api, { username: 'meera_k', email: 'meera.k@gmail.com' });
      const older = await depositOf(player, 100);
      const newer = await depositOf(player, 250.75);
      const entries = await list('pending-deposits');
      const mine = entries.filter((e: { email: string }) => e.email === 'meera.k@gmail.com');
      expect(mine.map((e: { deposit: { transactionId: string } }) => e.deposit.transactionId)).toEqual([newer, older]);
      const row = await transactionRow(api.db, newer);
      expect(mine[0]).toEqual({
        userId: player.id,
        username: 'meera_k',
        email: 'meera.k@gmail.com',
        walletId: player.walletId,
        deposit: {
          _id: row.id,
          transactionId: newer,
          amount: 250.75,
          method: 'UPI',
          status: 'PENDING',
          createdAt: row.created_at.toISOString(),
          utrNumber: row.utr_number,
          upiApp: 'PHONEPE',
          adminNotes: null,
          reviewedAt: null,
          // No payer: sent as an older client does. The UTR's only claim is this one.
          payer: null,
          utrContested: false,
          utrClaims: [
            {
              kind: 'claim',
              transactionId: newer,
              heldBy: null,
              username: 'meera_k',
              email: 'meera.k@gmail.com',
              amount: 250.75,
              payer: null,
              createdAt: row.created_at.toISOString(),
              outcome: 'PENDING',
              attempts: 1,
            },
          ],
        },
      });
    });

    it('shows pending withdrawals with the payout details in full', async () => {
      const player = await createUser(api, { main: 500_000 });
      const upi = await withdrawalOf(player, 600);
      const bank = await withdraw(api, player, {
        method: 'BANK_TRANSFER',
        amount: 700,
        accountNumber: '987654321012',
        ifsc: 'hdfc0000123',
        accountHolderName: 'Ravi Kumar',
      });
      const entries = (await list('pending-withdraws')).filter(
        (e: { walletId: string }) => e.walletId === player.walletId,
      );
      expect(entries.map((e: { withdrawal: { transactionId: string } }) => e.withdrawal.transactionId)).toEqual([
        bank.body.data.transactionId,
        upi,
      ]);
      expect(entries[0]).toMatchObject({
        username: player.username,
        email: player.email,
        playerStatus: 'active',
        withdrawal: {
          // Funded outside the deposit flow: nothing deposited, nothing to play through, not flagged.
          playCheck: { deposited: 0, staked: 0, withdrawnBefore: 0, accountAgeDays: 0, flagged: false },
          amount: 700,
          method: 'BANK_TRANSFER',
          type: 'WITHDRAWAL',
          status: 'PENDING',
          bankDetails: { accountHolderName: 'Ravi Kumar', accountNumber: '987654321012', ifscCode: 'HDFC0000123' },
        },
      });
      expect(entries[1].withdrawal).toMatchObject({
        amount: 600,
        method: 'UPI',
        upiId: 'ravi.kumar@ybl',
        upiApp: 'PHONEPE',
        bankDetails: null,
      });
    });

    it('filters by status (PENDING by default, COMPLETED, FAILED, ALL) and refuses an unknown one', async () => {
      const player = await createUser(api);
      const approved = await depositOf(player, 100);
      const rejected = await depositOf(player, 200);
      const pending = await depositOf(player, 300);
      await decide(api, admin, approved, 'COMPLETED');
      await decide(api, admin, rejected, 'FAILED');
      const ids = async (query: string) =>
        (await list('pending-deposits', query))
          .filter((e: { walletId: string }) => e.walletId === player.walletId)
          .map((e: { deposit: { transactionId: string } }) => e.deposit.transactionId);
      expect(await ids('')).toEqual([pending]);
      expect(await ids('?status=PENDING')).toEqual([pending]);
      expect(await ids('?status=COMPLETED')).toEqual([approved]);
      expect(await ids('?status=FAILED')).toEqual([rejected]);
      expect(await ids('?status=ALL')).toEqual([pending, rejected, approved]);
      const bad = await api.request('GET', '/api/v1/admin/pending-withdraws?status=DONE', { token: admin.token });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Status must be PENDING, COMPLETED, FAILED or ALL.');
    });

    it('filters by IST dates: from inclusive, to inclusive to the end of its day', async () => {
      // Two players: one may hold at most 3 pending deposits.
      const [player, other] = [await createUser(api), await createUser(api)];
      const lateOn20th = await depositOf(player, 100);
      const startOf21st = await depositOf(player, 200);
      const endOf21st = await depositOf(other, 300);
      const on22nd = await depositOf(other, 400);
      const at = async (transactionId: string, iso: string) =>
        sql`UPDATE transactions SET created_at = ${iso}::timestamptz WHERE transaction_id = ${transactionId}`.execute(
          api.db,
        );
      await at(lateOn20th, '2026-11-20T18:29:59.999Z'); // 2026-11-20 23:59:59.999 IST
      await at(startOf21st, '2026-11-20T18:30:00Z'); // 2026-11-21 00:00 IST
      await at(endOf21st, '2026-11-21T18:29:59.999Z'); // 2026-11-21 23:59:59.999 IST
      await at(on22nd, '2026-11-21T18:30:00Z'); // 2026-11-22 00:00 IST
      const ids = async (query: string) =>
        (await list('pending-deposits', query))
          .filter((e: { walletId: string }) => e.walletId === player.walletId || e.walletId === other.walletId)
          .map((e: { deposit: { transactionId: string } }) => e.deposit.transactionId);
      expect(await ids('?from=2026-11-21&to=2026-11-21')).toEqual([endOf21st, startOf21st]);
      expect(await ids('?from=2026-11-21')).toEqual([on22nd, endOf21st, startOf21st]);
      expect(await ids('?to=2026-11-20')).toEqual([lateOn20th]);
      expect(await ids('?status=ALL&from=2026-11-20&to=2026-11-22')).toEqual([
        on22nd,
        endOf21st,
        startOf21st,
        lateOn20th,
      ]);
      expect(await ids('?from=2026-11-23&to=2026-11-21')).toEqual([]);
      for (const query of ['?from=21-11-2026', '?to=2026-02-30', '?from=yesterday']) {
        const bad = await api.request('GET', `/api/v1/admin/pending-deposits${query}`, { token: admin.token });
        expect(bad.status).toBe(400);
        expect(bad.body.message).toBe('Dates must be written YYYY-MM-DD.');
      }
    });
  });

  describe('PUT /admin/update-transaction-status', () => {
    it('approves a deposit: credits main, activates the wallet, records who and when', async () => {
      const player = await createUser(api);
      const transactionId = await depositOf(player, 1234.56);
      const creditedBefore = await accountBalance(api.db, Accounts.clearingDeposits);
      const res = await decide(api, admin, transactionId, 'COMPLETED', 'UTR seen in the bank statement');
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Transaction updated successfully!');
      expect(res.body.data.transaction).toMatchObject({
        transactionId,
        type: 'DEPOSIT',
        status: 'COMPLETED',
        amount: 1234.56,
        metadata: { adminNotes: 'UTR seen in the bank statement', upiApp: 'PHONEPE' },
      });
      expect(await wallet(api.db, player.id)).toMatchObject({ main: 123_456, bonus: 0, is_active: true });
      expect((await accountBalance(api.db, Accounts.clearingDeposits)) - creditedBefore).toBe(-123_456);
      const summary = await api.request('GET', '/api/v1/wallet/summary', { token: player.token });
      // Active now, but the deposit is not played through: ₹1,234.56 of settled stakes before it can be withdrawn.
      expect(summary.body.data.summary).toEqual({
        balance: 1234.56,
        bonusBalance: 0,
        isActive: true,
        isEligibleForWithdrawal: false,
        playThroughLeft: 1234.56,
        bonusWagering: null,
        identityStatus: 'verified',
      });
      const row = await transactionRow(api.db, transactionId);
      expect(row).toMatchObject({
        status: 'COMPLETED',
        reviewed_by: admin.id,
        admin_notes: 'UTR seen in the bank statement',
      });
      expect(row.reviewed_at).toBeInstanceOf(Date);
      const audit = await auditOf(transactionId);
      expect(audit).toEqual([
        expect.objectContaining({
          actor_id: admin.id,
          action: 'deposit.review',
          target_type: 'transaction',
          decision: 'COMPLETED',
          note: 'UTR seen in the bank statement',
          metadata: expect.objectContaining({
            transactionId,
            amount: 123_456,
            userId: player.id,
            walletId: player.walletId,
          }),
        }),
      ]);
    });

    it('rejects a deposit without moving money; the decision is final', async () => {
      const player = await createUser(api);
      const transactionId = await depositOf(player, 500);
      const res = await decide(api, admin, transactionId, 'FAILED', 'No such payment');
      expect(res.status).toBe(200);
      expect(res.body.data.transaction).toMatchObject({
        status: 'FAILED',
        amount: 500,
        metadata: { adminNotes: 'No such payment' },
      });
      // The player sees the reason in their transaction list.
      const listed = (await api.request('GET', '/api/v1/wallet/transactions', { token: player.token })).body.data
        .transactions;
      expect(listed.find((t: { transactionId: string }) => t.transactionId === transactionId)).toMatchObject({
        status: 'FAILED',
        metadata: { adminNotes: 'No such payment' },
      });
      expect(await wallet(api.db, player.id)).toMatchObject({ main: 0, is_active: false });
      for (const status of ['COMPLETED', 'FAILED'] as const) {
        const again = await decide(api, admin, transactionId, status);
        expect(again.status).toBe(409);
        expect(again.body.message).toBe('Only pending deposits can be updated.');
      }
      expect(await wallet(api.db, player.id)).toMatchObject({ main: 0, is_active: false });
      expect(await auditOf(transactionId)).toEqual([
        expect.objectContaining({ decision: 'FAILED', note: 'No such payment', actor_id: admin.id }),
      ]);
    });

    it('approves a withdrawal as paid out: the held amount leaves clearing for payouts, main stays', async () => {
      const player = await createUser(api, { main: 300_000 });
      const transactionId = await withdrawalOf(player, 1000);
      const paidBefore = await accountBalance(api.db, Accounts.clearingPayouts);
      const res = await decide(api, admin, transactionId, 'COMPLETED');
      expect(res.status).toBe(200);
      expect(res.body.data.transaction).toMatchObject({ status: 'COMPLETED', amount: -1000 });
      expect(await wallet(api.db, player.id)).toMatchObject({ main: 200_000 });
      expect((await accountBalance(api.db, Accounts.clearingPayouts)) - paidBefore).toBe(100_000);
      const again = await decide(api, admin, transactionId, 'FAILED');
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('Only pending withdrawals can be updated.');
      expect(await wallet(api.db, player.id)).toMatchObject({ main: 200_000 });
      expect(await auditOf(transactionId)).toEqual([
        expect.objectContaining({ action: 'withdrawal.review', decision: 'COMPLETED', note: null }),
      ]);
    });

    it("stores a withdrawal's payout reference with the approval, and the player sees it on the withdrawal", async () => {
      const player = await createUser(api, { main: 300_000 });
      const transactionId = await withdrawalOf(player, 1000);
      const res = await decide(api, admin, transactionId, 'COMPLETED', '612345678901');
      expect(res.status).toBe(200);
      const listed = (await api.request('GET', '/api/v1/wallet/transactions', { token: player.token })).body.data
        .transactions;
      expect(listed.find((t: { transactionId: string }) => t.transactionId === transactionId)).toMatchObject({
        type: 'WITHDRAWAL',
        status: 'COMPLETED',
        metadata: { adminNotes: '612345678901' },
      });
    });

    it('rejects a withdrawal by returning the held amount to main', async () => {
      const player = await createUser(api, { main: 300_000 });
      const transactionId = await withdrawalOf(player, 2500);
      expect(await wallet(api.db, player.id)).toMatchObject({ main: 50_000 });
      const res = await decide(api, admin, transactionId, 'FAILED', 'UPI id does not exist');
      expect(res.status).toBe(200);
      expect(await wallet(api.db, player.id)).toMatchObject({ main: 300_000 });
      expect((await decide(api, admin, transactionId, 'COMPLETED')).body.message).toBe(
        'Only pending withdrawals can be updated.',
      );
      expect(await wallet(api.db, player.id)).toMatchObject({ main: 300_000 });
    });

    it('accepts the row id as well, but only with the matching wallet', async () => {
      const player = await createUser(api);
      const other = await createUser(api);
      const transactionId = await depositOf(player, 100);
      const row = await transactionRow(api.db, transactionId);
      const wrongWallet = await review(api, admin, { walletId: other.walletId, transactionId, status: 'COMPLETED' });
      expect(wrongWallet.status).toBe(404);
      expect(wrongWallet.body.message).toBe('Transaction not found.');
      const unknown = await review(api, admin, {
        walletId: player.walletId,
        transactionId: 'DEP20261121NOSUCHONE',
        status: 'COMPLETED',
      });
      expect(unknown.status).toBe(404);
      expect(await wallet(api.db, player.id)).toMatchObject({ main: 0 });
      const byRowId = await review(api, admin, {
        walletId: player.walletId,
        transactionId: row.id,
        status: 'COMPLETED',
      });
      expect(byRowId.status).toBe(200);
      expect(await wallet(api.db, player.id)).toMatchObject({ main: 10_000 });
    });

    it.each([
      [{ status: 'PENDING' }, 'Status must be COMPLETED or FAILED.'],
      [{ status: undefined }, 'Status must be COMPLETED or FAILED.'],
      [{ walletId: '' }, 'walletId is required.'],
      [{ transactionId: undefined }, 'transactionId is required.'],
      [{ adminNotes: 'x'.repeat(501) }, 'Admin notes must be text of at most 500 characters.'],
    ])('refuses %j with "%s"', async (change, message) => {
      const player = await createUser(api);
      const transactionId = await depositOf(player, 100);
      const res = await review(api, admin, {
        walletId: player.walletId,
        transactionId,
        status: 'COMPLETED',
        ...change,
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect((await transactionRow(api.db, transactionId)).status).toBe('PENDING');
    });
  });

  describe('referral bonus', () => {
    it("starts one referral with the player's first approved deposit: the referrer's share is recorded, nothing is paid until the player plays it through", async () => {
      const referrer = await createUser(api, { main: 10_000 });
      const player = await createUser(api, { referredBy: referrer.id, username: 'neha_s' });
      const rejected = await depositOf(player, 9000);
      const first = await depositOf(player, 1000);
      const second = await depositOf(player, 3000);
      await decide(api, admin, rejected, 'FAILED');
      const referral = () =>
        api.db.selectFrom('referrals').selectAll().where('referred_user_id', '=', player.id).execute();
      expect(await referral()).toEqual([]);
      const houseBonusBefore = await accountBalance(api.db, Accounts.houseBonus);
      expect((await decide(api, admin, first, 'COMPLETED')).status).toBe(200);
      // 10 % of ₹1,000, waiting on ₹1,000 of the player's settled stakes.
      expect(await referral()).toEqual([
        expect.objectContaining({
          referrer_id: referrer.id,
          deposit_paise: 100_000,
          bonus_paise: 10_000,
          status: 'pending',
          decided_at: null,
        }),
      ]);
      expect(await wallet(api.db, referrer.id)).toMatchObject({ main: 10_000, bonus: 0 });
      expect(await accountBalance(api.db, Accounts.houseBonus)).toBe(houseBonusBefore);
      expect((await decide(api, admin, second, 'COMPLETED')).status).toBe(200);
      expect(await referral()).toHaveLength(1);
      expect(await wallet(api.db, player.id)).toMatchObject({ main: 400_000, bonus: 0 });
      expect(
        (await api.request('GET', '/api/v1/wallet/transactions', { token: referrer.token })).body.data.transactions,
      ).toEqual([]);
      const audit = await auditOf(first);
      expect(audit[0]!.metadata).toMatchObject({
        referralStarted: { referrerId: referrer.id, depositPaise: 100_000, bonusPaise: 10_000 },
      });
    });

    it('caps the bonus at ₹500 and starts nothing without a referrer', async () => {
      const referrer = await createUser(api);
      const player = await createUser(api, { referredBy: referrer.id });
      await decide(api, admin, await depositOf(player, 10_000), 'COMPLETED');
      expect(
        await api.db
          .selectFrom('referrals')
          .select('bonus_paise')
          .where('referred_user_id', '=', player.id)
          .executeTakeFirstOrThrow(),
      ).toEqual({ bonus_paise: 50_000 });
      expect(await wallet(api.db, referrer.id)).toMatchObject({ bonus: 0, main: 0, is_active: false });
      const loner = await createUser(api);
      await decide(api, admin, await depositOf(loner, 5_000), 'COMPLETED');
      expect(
        await api.db.selectFrom('referrals').select('referrer_id').where('referred_user_id', '=', loner.id).execute(),
      ).toEqual([]);
    });

    it('a BONUS transaction is not reviewable', async () => {
      const referrer = await createUser(api, { main: 10_000 });
      const row = await api.db
        .insertInto('transactions')
        .values({
          transaction_id: 'BON20261129TESTBONUS1',
          user_id: referrer.id,
          wallet_id: referrer.walletId,
          type: 'BONUS',
          method: 'BONUS',
          status: 'COMPLETED',
          amount: 100,
          description: 'Referral bonus',
          ist_day: '2026-11-29',
        })
        .returning('transaction_id')
        .executeTakeFirstOrThrow();
      const review = await api.request('PUT', '/api/v1/admin/update-transaction-status', {
        token: admin.token,
        body: { walletId: referrer.walletId, transactionId: row.transaction_id, status: 'FAILED' },
      });
      expect(review.status).toBe(400);
      expect(review.body.message).toBe('Only deposits and withdrawals can be reviewed.');
    });
  });

  describe('live balance', () => {
    const connectAs = async (user: TestUser) => {
      const socket = api.socket({ apiKey: TEST_API_KEY, token: user.token });
      await new Promise<void>((resolve, reject) => {
        socket.on('connect', () => resolve());
        socket.on('connect_error', reject);
      });
      // The handshake's access token signs the socket in, which joins it to its player's room.
      await new Promise((r) => setTimeout(r, 100));
      return socket;
    };
    const nextBalance = (socket: Awaited<ReturnType<typeof connectAs>>) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no balance-update')), 3000);
        socket.once('balance-update', (data) => {
          clearTimeout(timer);
          resolve(data);
        });
      });

    it('sends balance-update to the player after an approval (not to the referrer: a referral pays later), and after a withdrawal is requested or returned', async () => {
      const referrer = await createUser(api, { bonus: 2_500 });
      const player = await createUser(api, { referredBy: referrer.id });
      const playerSocket = await connectAs(player);
      const referrerSocket = await connectAs(referrer);
      const stranger = await connectAs(await createUser(api, { main: 10_000 }));
      const leaked: unknown[] = [];
      stranger.on('balance-update', (data) => leaked.push(data));
      referrerSocket.on('balance-update', (data) => leaked.push(data));
      const transactionId = await depositOf(player, 2000);
      const playerUpdate = nextBalance(playerSocket);
      expect((await decide(api, admin, transactionId, 'COMPLETED')).status).toBe(200);
      expect(await playerUpdate).toEqual({ balance: 2000, mainBalance: 2000, bonusBalance: 0 });

      // A player funded outside the deposit flow has nothing to play through.
      const funded = await createUser(api, { main: 200_000 });
      const fundedSocket = await connectAs(funded);
      const held = nextBalance(fundedSocket);
      const withdrawalId = await withdrawalOf(funded, 500);
      expect(await held).toEqual({ balance: 1500, mainBalance: 1500, bonusBalance: 0 });
      const returned = nextBalance(fundedSocket);
      await decide(api, admin, withdrawalId, 'FAILED');
      expect(await returned).toEqual({ balance: 2000, mainBalance: 2000, bonusBalance: 0 });
      expect(leaked).toEqual([]);
      // Published events leave the outbox.
      const { rows } = await sql<{
        n: number;
      }>`SELECT count(*) AS n FROM outbox o JOIN events e ON e.seq = o.event_seq WHERE e.user_id IN (${player.id}, ${funded.id})`.execute(
        api.db,
      );
      expect(Number(rows[0]!.n)).toBe(0);
    });
  });
});
