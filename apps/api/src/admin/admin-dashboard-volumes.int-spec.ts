import { jest } from '@jest/globals';
import { sql } from 'kysely';
import type { DashboardData } from '@app/contracts';
import { paiseToDecimalString } from '@app/domain';
import { Accounts, recordEntries, type JournalEntry } from '@app/ledger';
import { expectLedgerConsistent } from '../payment/testing/payments.js';
import { createUser, startTestApi, type TestApi, type TestUser } from '@app/testing';

jest.setTimeout(120_000);

/**
 * The dashboard at volumes a float cannot hold: every row is legitimate in shape (amounts within their bounds,
 * balanced journal entries, projections equal to postings, reconciliation OK), yet the wallet total passes 2^53
 * paise. Every figure must still be exact to the paisa.
 */
describe('admin dashboard with extreme legitimate volumes', () => {
  const PLAYERS = 2_000; // each at the limits: 3 pending deposits of ₹10,000, ₹25,000 withdrawn today
  const WHALES = 9; // 2^50 paise each: together past 2^53
  const LEFT_EACH = 10_999_999; // ₹1,09,999.99 left in each player's wallet
  let api: TestApi;
  let admin: TestUser;
  let data: DashboardData;

  beforeAll(async () => {
    api = await startTestApi({ env: { RATE_LIMITS: 'false' } });
    admin = await createUser(api, { role: 'super-admin' });
    const { rows: players } = await sql<{ id: string; wallet_id: string }>`
      WITH u AS (
        INSERT INTO users (username, email, password_hash, referral_code)
        SELECT 'bulk' || i, 'bulk.' || i || '@gmail.com', 'x', 'B' || lpad(i::text, 7, '0') FROM generate_series(1, ${PLAYERS + WHALES}::int) AS i
        RETURNING id
      )
      INSERT INTO wallets (user_id, is_active) SELECT id, true FROM u RETURNING user_id AS id, id AS wallet_id
    `.execute(api.db);
    const whales = players.slice(0, WHALES);
    const bulk = players.slice(WHALES);

    const entry = (type: string, userId: string, postings: JournalEntry['postings']): JournalEntry => ({
      type,
      stream: `wallet:${userId}`,
      userId,
      payload: {},
      postings,
      outbox: false,
    });
    await api.db.transaction().execute(async (trx) => {
      const entries: JournalEntry[] = [];
      // Whales: approved-deposit shaped credits of 2^50 paise; the first gets one paisa more.
      whales.forEach((w, i) => {
        const amount = 2 ** 50 + (i === 0 ? 1 : 0);
        entries.push(
          entry('DepositApproved', w.id, [
            { account: Accounts.clearingDeposits, amount: -amount },
            { account: Accounts.userMain(w.id), amount },
          ]),
        );
      });
      for (const p of bulk) {
        // The approved ₹10,000 deposit and earlier funds: what was withdrawn and what is left.
        entries.push(
          entry('DepositApproved', p.id, [
            { account: Accounts.clearingDeposits, amount: -(5_000_000 + LEFT_EACH) },
            { account: Accounts.userMain(p.id), amount: 5_000_000 + LEFT_EACH },
          ]),
        );
        // ₹25,000 held for today's pending withdrawal, ₹25,000 paid out yesterday.
        entries.push(
          entry('WithdrawalRequested', p.id, [
            { account: Accounts.userMain(p.id), amount: -5_000_000 },
            { account: Accounts.clearingWithdrawals, amount: 2_500_000 },
            { account: Accounts.clearingPayouts, amount: 2_500_000 },
          ]),
        );
      }
      await recordEntries(trx, entries);
      // Their requests: deposits of ₹10,000 (3 pending, 1 approved), withdrawals of ₹25,000 (1 pending today, 1 paid).
      const ids = bulk.map((p) => p.id);
      const walletIds = bulk.map((p) => p.wallet_id);
      await sql`
        INSERT INTO transactions (transaction_id, user_id, wallet_id, type, method, status, amount, utr_number, upi_id, reviewed_at, ist_day)
        SELECT
          k.prefix || lpad(n::text, 6, '0') || k.slot, p.user_id, p.wallet_id, k.type, 'UPI', k.status, k.amount,
          CASE WHEN k.type = 'DEPOSIT' THEN 'UTR' || lpad(n::text, 8, '0') || k.slot END,
          CASE WHEN k.type = 'WITHDRAWAL' THEN 'bulk' || n || '@ybl' END,
          CASE WHEN k.status = 'COMPLETED' THEN now() END,
          CASE WHEN k.slot = 'B' THEN current_date - 1 ELSE current_date END
        FROM unnest(${ids}::uuid[], ${walletIds}::uuid[]) WITH ORDINALITY AS p(user_id, wallet_id, n)
        CROSS JOIN (VALUES
          ('DEP', 'P1', 'DEPOSIT', 'PENDING', 1000000), ('DEP', 'P2', 'DEPOSIT', 'PENDING', 1000000), ('DEP', 'P3', 'DEPOSIT', 'PENDING', 1000000),
          ('DEP', 'C1', 'DEPOSIT', 'COMPLETED', 1000000),
          ('WDR', 'A', 'WITHDRAWAL', 'PENDING', 2500000), ('WDR', 'B', 'WITHDRAWAL', 'COMPLETED', 2500000)
        ) AS k(prefix, slot, type, status, amount)
      `.execute(trx);
    });

    const res = await api.request('GET', '/api/v1/admin/dashboard', { token: admin.token });
    expect(res.status).toBe(200);
    data = res.body.data;
  });
  afterAll(() => api.close());

  it('the seed is legitimate: the ledger reconciles, exactly', async () => {
    await expectLedgerConsistent(api.db);
  });

  it('every money figure is exact to the paisa, the wallet total past 2^53 paise included', () => {
    const walletTotal = 9n * 2n ** 50n + 1n + BigInt(PLAYERS) * BigInt(LEFT_EACH);
    expect(walletTotal > 2n ** 53n).toBe(true);
    expect(data.stats).toMatchObject({
      totalWalletBalance: '101331211615816.17',
      totalDeposit: '80000000.00', // 2,000 × 4 × ₹10,000
      pendingDeposit: '60000000.00',
      completedDeposit: '20000000.00',
      totalWithdraw: '100000000.00', // 2,000 × 2 × ₹25,000
      pendingWithdraw: '50000000.00',
      completedWithdraw: '50000000.00',
      totalUsers: PLAYERS + WHALES,
    });
    expect(data.stats.totalWalletBalance).toBe(paiseToDecimalString(walletTotal));
    // What a float would have said: 101331211615816.16.
    expect((Number(walletTotal) / 100).toFixed(2)).not.toBe(data.stats.totalWalletBalance);
  });

  it('agrees with Postgres’ own exact sum', async () => {
    const { rows } = await sql<{ total: string }>`
      SELECT (sum(w.main::numeric + w.bonus) / 100)::numeric(30, 2)::text AS total FROM wallets w JOIN users u ON u.id = w.user_id WHERE u.role = 'user'
    `.execute(api.db);
    expect(data.stats.totalWalletBalance).toBe(rows[0]!.total);
  });
});
