import type { PaymentMethod, TransactionStatus, TransactionType, UpiApp } from '@app/domain';

// The vocabulary is the domain's: one declaration, read by the server, the wire and the client.
export type { PaymentMethod, TransactionStatus, TransactionType, UpiApp };

/** GET /wallet/summary → data.summary. `balance` is the main (withdrawable) balance, in rupees. */
export interface WalletSummary {
  balance: number;
  bonusBalance: number;
  isActive: boolean;
  isEligibleForWithdrawal: boolean;
}
export interface WalletSummaryData {
  summary: WalletSummary;
}

export interface BankDetails {
  accountHolderName: string;
  /** Masked except the last 4 digits. */
  accountNumber: string;
  ifscCode: string;
}

export interface TransactionMetadata {
  upiApp?: UpiApp | null;
  upiId?: string | null;
  utrNumber?: string | null;
  adminNotes?: string | null;
  bankDetails?: BankDetails | null;
}

/** GET /wallet/transactions → data.transactions (newest first). */
export interface Transaction {
  _id: string;
  type: TransactionType;
  method: PaymentMethod | string;
  status: TransactionStatus;
  createdAt: string;
  updatedAt: string;
  transactionId: string;
  description: string;
  /** Signed rupees: money in is positive, money out negative. */
  amount: number;
  metadata: TransactionMetadata;
}
export interface TransactionsData {
  transactions: Transaction[];
}

/** POST /payment/deposit */
export interface DepositRequest {
  method: 'UPI';
  amount: number;
  utrNumber: string;
  upiApp?: UpiApp;
}
export interface DepositResult {
  utrNumber: string;
  isActive: boolean;
  isFirstDeposit: boolean;
  message: string;
  transactionId: string;
}

/** POST /payment/withdraw */
export interface WithdrawRequest {
  method: 'UPI' | 'BANK_TRANSFER';
  amount: number;
  upiId?: string;
  upiApp?: UpiApp;
  accountNumber?: string;
  ifsc?: string;
  accountHolderName?: string;
}
export interface WithdrawResult {
  transactionId: string;
  isActive: boolean;
  message: string;
}

/** Deposit/withdraw payment instructions served to the client. */
export interface PaymentConfig {
  payeeVpa: string;
  payeeName: string;
}

/** GET /app-config → what the client needs to mirror server rules. */
export interface ClientConfig {
  roundSeconds: number;
  lockSeconds: number;
  payouts: { color: number; bigSmall: number; number: number };
  gstRate: number;
  allowedEmailDomains: string[];
  payment: PaymentConfig;
}
