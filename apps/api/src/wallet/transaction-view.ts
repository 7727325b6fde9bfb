import type { BankDetails, Transaction, UpiApp } from '@app/contracts';
import type { TransactionRow } from '@app/db';
import { maskAccountNumber, paiseToRupees } from '@app/domain';

export { maskAccountNumber };

/** Money out of the wallet is negative in the player's list; deposits, bonuses and refunds are positive. */
export function signedPaise(row: Pick<TransactionRow, 'type' | 'amount'>): number {
  return row.type === 'WITHDRAWAL' ? -row.amount : row.amount;
}

function bankDetails(row: TransactionRow, mask: boolean): BankDetails | null {
  if (!row.bank_account_number) return null;
  return {
    accountHolderName: row.bank_holder_name ?? '',
    accountNumber: mask ? maskAccountNumber(row.bank_account_number) : row.bank_account_number,
    ifscCode: row.bank_ifsc ?? '',
  };
}

/** A transaction row as its owner sees it (GET /wallet/transactions): rupees, signed, bank account masked. */
export function toTransaction(row: TransactionRow): Transaction {
  return {
    _id: row.id,
    type: row.type,
    method: row.method,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    transactionId: row.transaction_id,
    description: row.description,
    amount: paiseToRupees(signedPaise(row)),
    metadata: {
      upiApp: (row.upi_app as UpiApp | null) ?? null,
      upiId: row.upi_id,
      utrNumber: row.utr_number,
      adminNotes: row.admin_notes,
      bankDetails: bankDetails(row, true),
    },
  };
}

/** Bank details in full, for the admin who pays the withdrawal out. */
export function fullBankDetails(row: TransactionRow): BankDetails | null {
  return bankDetails(row, false);
}
