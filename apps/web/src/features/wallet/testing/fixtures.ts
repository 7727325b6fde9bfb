import type { Transaction, WalletSummary } from '@app/contracts';
import { transactionFromWire, type PlayerTransaction } from '../../../shared/records';

export const summaryOf = (over: Partial<WalletSummary> = {}): WalletSummary => ({
  balance: 2500,
  bonusBalance: 150,
  isActive: true,
  isEligibleForWithdrawal: true,
  playThroughLeft: 0,
  bonusWagering: null,
  identityStatus: 'verified',
  ...over,
});

let seq = 0;

/** A transaction as GET /wallet/transactions returns it. */
export function transactionOf(over: Partial<Transaction> = {}): Transaction {
  seq += 1;
  const id = over.transactionId ?? `TXN${String(seq).padStart(6, '0')}`;
  return {
    _id: `id-${id}`,
    type: 'DEPOSIT',
    method: 'UPI',
    status: 'PENDING',
    createdAt: '2026-11-21T04:45:00.000Z',
    updatedAt: '2026-11-21T04:45:00.000Z',
    transactionId: id,
    description: '',
    amount: 500,
    metadata: {},
    ...over,
  };
}

/** A transaction as the wallet slice keeps it (signed paise), as `fetchTransactions` makes it from the wire. */
export function playerTransactionOf(over: Partial<PlayerTransaction> = {}): PlayerTransaction {
  return { ...transactionFromWire(transactionOf({ transactionId: over.transactionId })), ...over };
}
