import { sql, type Kysely } from 'kysely';
import type { DB } from '@app/db';
import { exactPaise } from '@app/domain';
import { Accounts } from './accounts.js';
import { BALANCES } from './reconcile.js';

/** Figures are exact bigint paise (see ReconciliationReport). */
export interface PaymentsReconciliationReport {
  ok: boolean;
  /** Money held for requested withdrawals: the `clearing:withdrawals` balance vs the PENDING withdrawals. */
  heldForWithdrawals: { ledger: bigint; pendingWithdrawals: bigint };
  /** Money paid out: the `clearing:payouts` balance vs the COMPLETED withdrawals. */
  paidOut: { ledger: bigint; completedWithdrawals: bigint };
  /** Deposits credited: what `clearing:deposits` gave out vs the COMPLETED deposits (ledger ≥ approved deposits). */
  deposits: { ledgerCredited: bigint; completedDeposits: bigint };
}

/**
 * Cross-checks the payment clearing accounts against the `transactions` table. Read-only. Exact for
 * withdrawals (every hold, payout and return goes through one of them); for deposits the ledger may have
 * credited more than the approved deposits (funding outside the payment flow, e.g. test fixtures), never less.
 * Sums are read as exact text and compared as bigint: a one-paisa difference is found at any volume.
 */
export async function reconcilePayments(db: Kysely<DB>): Promise<PaymentsReconciliationReport> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const { rows: ledger } = await sql<{ account: string; total: string }>`
      SELECT account, sum(amount)::text AS total FROM ${BALANCES}
      WHERE account IN (${Accounts.clearingWithdrawals}, ${Accounts.clearingPayouts}, ${Accounts.clearingDeposits})
      GROUP BY account
    `.execute(trx);
      const { rows: txs } = await sql<{ type: string; status: string; total: string }>`
      SELECT type, status, sum(amount)::text AS total FROM transactions
      WHERE type IN ('DEPOSIT', 'WITHDRAWAL') GROUP BY type, status
    `.execute(trx);
      const account = (name: string) => exactPaise(ledger.find((r) => r.account === name)?.total ?? '0');
      const tx = (type: string, status: string) =>
        exactPaise(txs.find((r) => r.type === type && r.status === status)?.total ?? '0');
      const report: PaymentsReconciliationReport = {
        ok: false,
        heldForWithdrawals: {
          ledger: account(Accounts.clearingWithdrawals),
          pendingWithdrawals: tx('WITHDRAWAL', 'PENDING'),
        },
        paidOut: { ledger: account(Accounts.clearingPayouts), completedWithdrawals: tx('WITHDRAWAL', 'COMPLETED') },
        deposits: {
          ledgerCredited: -account(Accounts.clearingDeposits),
          completedDeposits: tx('DEPOSIT', 'COMPLETED'),
        },
      };
      report.ok =
        report.heldForWithdrawals.ledger === report.heldForWithdrawals.pendingWithdrawals &&
        report.paidOut.ledger === report.paidOut.completedWithdrawals &&
        report.deposits.ledgerCredited >= report.deposits.completedDeposits;
      return report;
    });
}
