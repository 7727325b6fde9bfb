/** Transaction vocabulary shared by the wallet, the admin panel and the server (SPEC §3, §4). */

export const TRANSACTION_STATUSES = ['PENDING', 'COMPLETED', 'FAILED'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export function isTransactionStatus(value: unknown): value is TransactionStatus {
  return typeof value === 'string' && (TRANSACTION_STATUSES as readonly string[]).includes(value);
}

export const TRANSACTION_TYPES = ['DEPOSIT', 'WITHDRAWAL', 'BONUS', 'REFUND'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const PAYMENT_METHODS = ['UPI', 'BANK_TRANSFER', 'CARD', 'WALLET', 'BONUS', 'REFUND'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** How a player may deposit: UPI only. */
export const DEPOSIT_METHODS = ['UPI'] as const satisfies readonly PaymentMethod[];
export type DepositMethod = (typeof DEPOSIT_METHODS)[number];

/** Methods a player may choose for a withdrawal. */
export const WITHDRAWAL_METHODS = ['UPI', 'BANK_TRANSFER'] as const satisfies readonly PaymentMethod[];
export type WithdrawalMethod = (typeof WITHDRAWAL_METHODS)[number];

export const METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  UPI: 'UPI Payment',
  BANK_TRANSFER: 'Bank Transfer',
  CARD: 'Card Payment',
  WALLET: 'Wallet Transfer',
  BONUS: 'Bonus',
  REFUND: 'Refund',
};

/** The label of a transaction method; anything not in the list is shown raw. */
export function methodLabel(method: string): string {
  return Object.prototype.hasOwnProperty.call(METHOD_LABELS, method) ? METHOD_LABELS[method as PaymentMethod] : method;
}

/** Admin review: only a PENDING item moves, to COMPLETED (Approve) or FAILED (Reject). */
export const REVIEW_MESSAGES = {
  depositNotPending: 'Only pending deposits can be updated.',
  withdrawalNotPending: 'Only pending withdrawals can be updated.',
  /** Separation of duties; the spec gives no text. */
  ownTransaction: 'You cannot review a transaction of your own account.',
} as const;

/** What an admin review may decide: COMPLETED approves, FAILED rejects. */
export const REVIEW_DECISIONS = ['COMPLETED', 'FAILED'] as const satisfies readonly TransactionStatus[];
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** The longest note an admin may attach to a review. */
export const ADMIN_NOTES_MAX_LENGTH = 500;

/**
 * Whether an admin may move a transaction from `current` to `next`; returns null when allowed, else the spec's
 * message for the kind of transaction.
 */
export function reviewTransitionError(
  kind: 'deposit' | 'withdrawal',
  current: TransactionStatus,
  next: TransactionStatus,
): string | null {
  if (current === 'PENDING' && (next === 'COMPLETED' || next === 'FAILED')) return null;
  return kind === 'deposit' ? REVIEW_MESSAGES.depositNotPending : REVIEW_MESSAGES.withdrawalNotPending;
}
