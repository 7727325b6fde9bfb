import { randomInt } from 'node:crypto';
import type { Database } from '@app/db';
import type { TestApi, TestResponse, TestUser } from '@app/testing';

// The ledger checks every money test ends with live in the shared test stack.
export { accountBalance, countRows, expectLedgerConsistent, wallet } from '@app/testing';

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
  return db
    .selectFrom('transactions')
    .selectAll()
    .where('transaction_id', '=', transactionId)
    .executeTakeFirstOrThrow();
}

/** Approves or rejects a transaction as the admin panel does (walletId + transactionId of the entry). */
export async function decide(
  api: TestApi,
  admin: TestUser,
  transactionId: string,
  status: 'COMPLETED' | 'FAILED',
  adminNotes?: string,
) {
  const row = await transactionRow(api.db, transactionId);
  return review(api, admin, { walletId: row.wallet_id, transactionId, status, ...(adminNotes ? { adminNotes } : {}) });
}
