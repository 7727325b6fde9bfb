import { gstBpsToPercent } from '../payout/payout.js';
import { GST_BPS, ROUND_SECONDS, WITHDRAWAL_PROCESSING_TIME } from './limits.js';

/**
 * Player- and admin-facing texts of SPEC §1, §2 and §8, word for word, so the web client and the server say the
 * same thing. Validation messages live beside their rules (validation/*), bet texts in validation/bet.ts.
 */

/** What a player is told when something failed without a message of its own (the registration default, SPEC §8). */
export const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again.';

/** Default error per call, shown when the server's response carries no `message` (SPEC §8). */
export const ERROR_DEFAULTS = {
  login: 'Network error occurred',
  refresh: 'Token refresh failed',
  logout: 'Logout failed',
  forgotPassword: 'Forgot password failed',
  profileFetch: 'Failed to fetch user profile',
  profileUpdate: 'Failed to update user profile',
  walletSummary: 'Failed to fetch wallet summary',
  transactions: 'Failed to fetch transaction history',
  bets: 'Failed to fetch bets',
  depositInitiate: 'Failed to initiate deposit',
  withdrawInitiate: 'Failed to initiate withdrawal',
  adminProfile: 'Failed to fetch admin profile',
  dashboard: 'Failed to fetch dashboard stats',
  pendingDeposits: 'Failed to fetch pending deposits',
  pendingWithdraws: 'Failed to fetch pending withdraws',
  updateStatus: 'Failed to update transaction status',
  registration: SOMETHING_WENT_WRONG,
} as const;

/** Forgot-password steps: shown when success is false without a message, and on network failure. */
export const FORGOT_PASSWORD_FALLBACKS = {
  request: 'Failed to send OTP.',
  verify: 'OTP verification failed.',
  reset: 'Password reset failed.',
  network: 'Network error. Please try again.',
} as const;

/** Deposit and withdraw forms: shown when the error is not a string. */
export const FORM_FALLBACKS = {
  deposit: 'Deposit failed.',
  withdraw: 'Withdrawal failed.',
} as const;

/** Default success texts. */
export const SUCCESS_TEXTS = {
  depositInitiated: 'Deposit initiated successfully',
  withdrawalSubmitted: `Withdrawal request submitted successfully. Processing time: ${WITHDRAWAL_PROCESSING_TIME}.`,
  depositSubmitted: 'Deposit request submitted.',
} as const;

/** Empty states. */
export const EMPTY_STATES = {
  transactions: 'No Transactions',
  betHistory: 'No betting history available',
  recentUsers: 'No recent users.',
  recentBets: 'No recent bets.',
  recentGameResults: 'No recent game results.',
  deposits: 'No deposits found.',
  withdrawals: 'No withdrawals found.',
} as const;

/** Admin panel texts. */
export const ADMIN_TEXTS = {
  transactionUpdated: 'Transaction updated successfully!',
  /**
   * The spec's note promised user and game management the console does not have ('You have access to manage
   * users, payments, and game settings.'); it now says what the console does.
   */
  settingNote:
    'From this console you review payments, players, care flags, identity checks and disputes. Results cannot be set by anyone.',
  /**
   * The label of the pendingDeposit stat. The spec's 'Failed Payments' (in red) named deposits that are waiting,
   * not failed; the card says what it sums.
   */
  pendingDepositLabel: 'Pending Deposits',
} as const;

/** 'Error updating transaction: {error}'. */
export function adminUpdateErrorText(error: string): string {
  return `Error updating transaction: ${error}`;
}

/** 'Error: {error}' (the dashboard). */
export function adminDashboardErrorText(error: string): string {
  return `Error: ${error}`;
}

/** The rules the terms quote: the round length and the GST rate in basis points (the server's configuration). */
export interface TermsRules {
  readonly roundSeconds?: number;
  readonly gstBps?: number;
}

/**
 * The terms page's list (SPEC §1), in the spec's order and words, for the configured round length and GST rate
 * (with the defaults: 'Rounds last 30 seconds.', '18% GST on winnings, with net payouts.').
 */
export function termsTexts({ roundSeconds = ROUND_SECONDS, gstBps = GST_BPS }: TermsRules = {}): readonly string[] {
  return [
    '18+ only.',
    `Rounds last ${roundSeconds} seconds.`,
    'No change or cancel after a bet.',
    `${gstBpsToPercent(gstBps)}% GST on winnings, with net payouts.`,
    'No refunds for confirmed bets. Unsettled bets after technical errors may be reversed at discretion.',
    'Cheating means a permanent ban.',
    'Deposits and withdrawals may need verification.',
    'Suspicious activity can freeze the account.',
  ];
}

/** The terms page's list with the spec's values. */
export const TERMS: readonly string[] = termsTexts();

/** The 404 page's title. */
export const NOT_FOUND_TITLE = 'Page Not Found';

/**
 * What a failed call shows: the server's `message` when it is a non-empty string, else the call's default
 * (SPEC §8: "Every call shows the server's message field if present, else a default").
 */
export function errorMessageOr(body: unknown, fallback: string): string {
  if (typeof body === 'object' && body !== null && 'message' in body) {
    const message = (body as { message: unknown }).message;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return fallback;
}
