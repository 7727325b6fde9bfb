import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '@app/db/testing';
import { Accounts } from './accounts.js';
import { recordEntries } from './journal.js';
import { reconcile, reportToJson } from './reconcile.js';
import { reconcilePayments } from './reconcile-payments.js';

/**
 * Reconciliation at volumes past 2^53 paise (₹90 lakh crore): every single amount and balance is a safe integer,
 * but the house and clearing totals are not, and a float would round a one-paisa difference away.
 */
describe('reconciliation is exact past 2^53 paise', () => {
  let t: TestDatabase;
  const players: string[] = [];
  const each = 2 ** 50; // paise per player: 9 of them pass 2^53 together
  const expectedCredited = 9n * 2n ** 50n + 1n; // 10133099161583617: no double holds it

  beforeAll(async () => {
    t = await createTestDatabase();
    for (let i = 0; i < 9; i++) {
      const tag = randomBytes(4).toString('hex');
      const { id } = await t.db
        .insertInto('users')
        .values({
          username: `whale${i}`,
          email: `whale.${tag}@gmail.com`,
          password_hash: 'x',
          referral_code: `W${tag.toUpperCase()}`.slice(0, 8),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db.insertInto('wallets').values({ user_id: id }).execute();
      players.push(id);
    }
    // Balanced entries shaped like approved deposits: clearing:deposits gives, the player's main receives.
    const credit = (userId: string, amount: number) => ({
      type: 'DepositApproved',
      stream: `wallet:${userId}`,
      userId,
      payload: { amount },
      postings: [
        { account: Accounts.clearingDeposits, amount: -amount },
        { account: Accounts.userMain(userId), amount },
      ],
    });
    await t.db
      .transaction()
      .execute((trx) => recordEntries(trx, [...players.map((id) => credit(id, each)), credit(players[0]!, 1)]));
  });
  afterAll(() => t.drop());

  it('reports the house and clearing totals to the paisa, and balances', async () => {
    const report = await reconcile(t.db);
    expect(report.ok).toBe(true);
    expect(report.total).toBe(0n);
    expect(report.houseAccounts[Accounts.clearingDeposits]).toBe(-expectedCredited);
    const payments = await reconcilePayments(t.db);
    expect(payments.deposits.ledgerCredited).toBe(expectedCredited);
    expect(payments.ok).toBe(true);
    expect(JSON.parse(reportToJson(report)).houseAccounts[Accounts.clearingDeposits]).toBe('-10133099161583617');
  });

  it('finds a one-paisa drift of a projection at that volume, and reports it exactly', async () => {
    await sql`UPDATE wallets SET main = main + 1 WHERE user_id = ${players[3]!}`.execute(t.db);
    try {
      const report = await reconcile(t.db);
      expect(report.ok).toBe(false);
      expect(report.walletMismatches).toEqual([
        { userId: players[3]!, balance: 'main', wallet: BigInt(each) + 1n, postings: BigInt(each) },
      ]);
    } finally {
      await sql`UPDATE wallets SET main = main - 1 WHERE user_id = ${players[3]!}`.execute(t.db);
    }
    expect((await reconcile(t.db)).ok).toBe(true);
  });
});
