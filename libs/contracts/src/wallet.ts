import type {
  DepositMethod,
  GameKey,
  IdentityStatus,
  PaymentMethod,
  TransactionStatus,
  TransactionType,
  UpiApp,
  WithdrawalMethod,
} from '@app/domain';

// The vocabulary is the domain's: one declaration, read by the server, the wire and the client.
export type { PaymentMethod, TransactionStatus, TransactionType, UpiApp };

/** GET /wallet/summary → data.summary. `balance` is the main (withdrawable) balance, in rupees. */
export interface WalletSummary {
  balance: number;
  bonusBalance: number;
  isActive: boolean;
  isEligibleForWithdrawal: boolean;
  /** Rupees still to stake (settled, from main) before the deposits since the last withdrawal can be withdrawn; 0 when none. */
  playThroughLeft: number;
  /** The bonus balance's wagering requirement, or null when it has none: rupees of settled stakes still asked before it moves to main, of how many, and when an unplayed bonus goes back to the house (ISO). */
  bonusWagering: BonusWagering | null;
  /** The player's identity check: a withdrawal needs it `verified` (docs/identity-checks.md). */
  identityStatus: IdentityStatus;
}
export interface BonusWagering {
  left: number;
  required: number;
  expiresAt: string;
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
  /**
   * The reviewer's words, shown to the player: the reason of a rejected (FAILED) deposit or withdrawal, or the bank
   * or UPI reference of a paid (COMPLETED) withdrawal; null when none was given.
   */
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
  /**
   * Who paid: the UPI ID the money came from, or the account holder's name as the payer's bank shows it. The
   * current form always sends it; a client older than it omits it (the claim is then stored without a payer).
   */
  payer?: string;
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
  /**
   * The payout of every choice (gross win = stake × payout), per game then choice: `{ color: { red: 2, green: 2,
   * violet: 4.5 }, bigSmall: { big: 2, small: 2 }, number: { '0': 9, … } }` (PAYOUTS). What a bet placed now is paid.
   */
  payouts: Record<GameKey, Record<string, number>>;
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
  /**
   * What must be played before money leaves: a bonus is withdrawable after settled stakes of `bonusWageringMultiplier`
   * × the bonus and goes back unplayed after `bonusExpiryDays`; a withdrawal needs settled stakes of
   * `withdrawalTurnoverPercent` % of the deposits since the previous withdrawal.
   */
  playThrough: { bonusWageringMultiplier: number; bonusExpiryDays: number; withdrawalTurnoverPercent: number };
  /**
   * The server's clock when this answer was made (epoch ms): with the moment the answer arrived it places the
   * current period before the live socket has announced it.
   */
  serverTime?: number;
}
