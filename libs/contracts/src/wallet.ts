import type { DepositMethod, GameKey, PaymentMethod, TransactionStatus, TransactionType, UpiApp, WithdrawalMethod } from '@app/domain';

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
  method: DepositMethod;
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
  method: WithdrawalMethod;
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
  payouts: Record<GameKey, number>;
  gstRate: number;
  /** GST_RATE in basis points, as the domain converts it (1800 = 18 %). */
  gstBps: number;
  allowedEmailDomains: string[];
  payment: PaymentConfig;
  /** The stake buttons, in paise. */
  stakesPaise: number[];
  /** Deposit bounds per request, in paise. */
  deposit: { minPaise: number; maxPaise: number };
  /** Withdrawal bounds per request and per IST day, in paise. */
  withdrawal: { minPaise: number; maxPaise: number; dailyMaxPaise: number };
  /** Referral bonus: the referrer's share of a referred player's first approved deposit, in basis points, capped in paise. */
  referral: { shareBps: number; capPaise: number };
}
