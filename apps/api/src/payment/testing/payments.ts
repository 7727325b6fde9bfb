import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '@app/db';
import { exactPaise, exactPaiseToNumber } from '@app/domain';
import { reconcile, reconcilePayments } from '@app/ledger';
import type { TestApi, TestResponse } from '../../testing/test-api.js';
import type { TestUser } from '../../testing/users.js';

/** A fresh 12-digit UPI UTR. */
export function newUtr(): string {
  return String(randomInt(100_000, 999_999)) + String(randomInt(100_000, 999_999));
}

export function deposit(api: TestApi, user: TestUser, body: Record<string, unknown>): Promise<TestResponse> {
  return api.request('POST', '/api/v1/payment/deposit', { token: user.token, body: { method: 'UPI', ...body } });
}

export function withdraw(api: TestApi, user: TestUser, body: Record<string, unknown>): Promise<TestResponse> {
  return api.request('POST', '/api/v1/payment/withdraw', { token: user.token, body });
}

export const upiWithdrawal = (amount: number) => ({ method: 'UPI', amount, upiApp: 'PHONEPE', upiId: 'ravi.kumar' });

export function review(api: TestApi, admin: TestUser, body: Record<string, unknown>): Promise<TestResponse> {
  return api.request('PUT', '/api/v1/admin/update-transaction-status', { token: admin.token, body });
}

/** The transaction row a player's request created, by its public id. */
export async function transactionRow(db: Database, transactionId: string) {
  return db.selectFrom('transactions').selectAll().where('transaction_id', '=', transactionId).executeTakeFirstOrThrow();
}

/** Approves or rejects a transaction as the admin panel does (walletId + transactionId of the entry). */
export async function decide(api: TestApi, admin: TestUser, transactionId: string, status: 'COMPLETED' | 'FAILED', adminNotes?: string) {
  const row = await transactionRow(api.db, transactionId);
  return review(api, admin, { walletId: row.wallet_id, transactionId, status, ...(adminNotes ? { adminNotes } : {}) });
}

export async function wallet(db: Database, userId: string) {
  return db.selectFrom('wallets').select(['main', 'bonus', 'is_active']).where('user_id', '=', userId).executeTakeFirstOrThrow();
}

/** Balance of a ledger account rebuilt from its postings (paise). */
export async function accountBalance(db: Database, account: string): Promise<number> {
  const { rows } = await sql<{ total: string }>`SELECT coalesce(sum(amount), 0)::text AS total FROM ledger_postings WHERE account = ${account}`.execute(db);
  return exactPaiseToNumber(exactPaise(rows[0]!.total), account);
}

export async function countRows(db: Database, table: 'transactions' | 'ledger_postings' | 'events' | 'audit_log'): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db);
  return Number(rows[0]!.n);
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
