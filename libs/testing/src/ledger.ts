import { sql } from 'kysely';
import type { Database } from '@app/db';
import { exactPaise, exactPaiseToNumber } from '@app/domain';
import { BALANCES, reconcile, reconcilePayments, reportToJson } from '@app/ledger';

/** A player's wallet projection (paise). */
export async function balanceOf(db: Database, userId: string): Promise<{ main: number; bonus: number }> {
  return db.selectFrom('wallets').select(['main', 'bonus']).where('user_id', '=', userId).executeTakeFirstOrThrow();
}

/** A player's wallet projection with its activation flag (paise). */
export async function wallet(db: Database, userId: string) {
  return db
    .selectFrom('wallets')
    .select(['main', 'bonus', 'is_active'])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** Balance of a ledger account rebuilt from its postings and its opening balance of archived months (paise). */
export async function accountBalance(db: Database, account: string): Promise<number> {
  const { rows } = await sql<{
    total: string;
  }>`SELECT coalesce(sum(amount), 0)::text AS total FROM ${BALANCES} WHERE account = ${account}`.execute(db);
  return exactPaiseToNumber(exactPaise(rows[0]!.total), account);
}

export async function countRows(
  db: Database,
  table: 'transactions' | 'ledger_postings' | 'events' | 'audit_log',
): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db);
  return Number(rows[0]!.n);
}

/** The invariant every round test ends with: balances equal their postings, everything sums to zero, no settled period keeps a pending bet. */
export async function expectLedgerReconciles(db: Database): Promise<void> {
  const report = await reconcile(db);
  if (!report.ok) throw new Error(`ledger does not reconcile: ${reportToJson(report)}`);
  const { rows } = await sql<{
    n: number;
  }>`SELECT count(*) AS n FROM bets WHERE status = 'PENDING' AND period_id IN (SELECT id FROM periods WHERE status IN ('SETTLED', 'REFUNDED'))`.execute(
    db,
  );
  if (Number(rows[0]!.n) !== 0) throw new Error('a settled or refunded period still has pending bets');
}

/** The ledger invariants every money test ends with: balanced, projections equal postings, clearing accounts match. */
export async function expectLedgerConsistent(db: Database): Promise<void> {
  const report = await reconcile(db);
  expect(report).toMatchObject({ ok: true, total: 0n, unbalancedEntries: [], walletMismatches: [] });
  const payments = await reconcilePayments(db);
  expect(payments.heldForWithdrawals.ledger).toBe(payments.heldForWithdrawals.pendingWithdrawals);
  expect(payments.paidOut.ledger).toBe(payments.paidOut.completedWithdrawals);
  expect(payments.ok).toBe(true);
}
