import type { Kysely } from 'kysely';
import type { DB } from '@app/db';
import { paiseToDecimalString } from '@app/domain';
import {
  reconcile,
  reconcilePayments,
  type PaymentsReconciliationReport,
  type ReconciliationReport,
} from '@app/ledger';

/** Every ledger check in one report: the books (postings vs wallets, zero sum) and the payment clearing accounts. */
export interface LedgerCheckReport {
  ok: boolean;
  checkedAt: string;
  ledger: ReconciliationReport;
  payments: PaymentsReconciliationReport;
  /** Number of differences found (0 when ok). */
  differences: number;
}

export async function checkLedger(db: Kysely<DB>): Promise<LedgerCheckReport> {
  const ledger = await reconcile(db);
  const payments = await reconcilePayments(db);
  const differences =
    (ledger.total !== 0n ? 1 : 0) +
    ledger.unbalancedEntries.length +
    ledger.walletMismatches.length +
    (payments.heldForWithdrawals.ledger !== payments.heldForWithdrawals.pendingWithdrawals ? 1 : 0) +
    (payments.paidOut.ledger !== payments.paidOut.completedWithdrawals ? 1 : 0) +
    (payments.deposits.ledgerCredited < payments.deposits.completedDeposits ? 1 : 0);
  return { ok: ledger.ok && payments.ok, checkedAt: new Date().toISOString(), ledger, payments, differences };
}

const rupees = (paise: bigint) => paiseToDecimalString(paise);

/** A plain-text report for operators (the CLI prints it). */
export function formatLedgerReport(report: LedgerCheckReport): string {
  const { ledger, payments } = report;
  const lines = [
    `Ledger reconciliation at ${report.checkedAt}: ${report.ok ? 'OK' : `${report.differences} DIFFERENCE(S)`}`,
    `  postings: ${ledger.postings}, wallets: ${ledger.wallets}, sum of all postings: ${ledger.total} paise`,
    '  house and clearing accounts (₹):',
    ...Object.entries(ledger.houseAccounts).map(
      ([account, total]) => `    ${account.padEnd(22)} ${rupees(total).padStart(16)}`,
    ),
    `  held for withdrawals: ledger ₹${rupees(payments.heldForWithdrawals.ledger)}, pending withdrawals ₹${rupees(payments.heldForWithdrawals.pendingWithdrawals)}`,
    `  paid out:             ledger ₹${rupees(payments.paidOut.ledger)}, completed withdrawals ₹${rupees(payments.paidOut.completedWithdrawals)}`,
    `  deposits credited:    ledger ₹${rupees(payments.deposits.ledgerCredited)}, approved deposits ₹${rupees(payments.deposits.completedDeposits)}`,
  ];
  for (const entry of ledger.unbalancedEntries)
    lines.push(`  UNBALANCED journal entry ${entry.eventSeq}: sum ${entry.sum} paise`);
  for (const m of ledger.walletMismatches)
    lines.push(`  WALLET ${m.userId} ${m.balance}: wallet ${m.wallet} paise, postings ${m.postings} paise`);
  return lines.join('\n');
}
