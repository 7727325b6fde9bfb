import type { UpiApp } from '../constants/upi-apps.js';

/** Server texts of deposits and withdrawals where the spec gives none (the form's rules carry their own). */
export const PAYMENT_MESSAGES = {
  /** A claim of a UTR the player's own approved deposit holds (409). */
  utrUsed: 'This UTR number has already been used.',
  /** A claim of a UTR the player's own pending claim holds (409); nothing is recorded. */
  utrAlreadyClaimed: 'You have already claimed this UTR number. It is waiting for review.',
  /** A claim of a UTR another player's pending claim holds (409); recorded as a contest the reviewer sees. */
  utrContested:
    'Another player has already claimed this UTR number and it is waiting for review. We have recorded your claim too, so the reviewer will check both against the bank statement. If the payment is yours, their claim will be rejected and you can submit this UTR again.',
  /** A claim of a UTR another player's approved deposit holds (409); recorded as a contest the reviewer sees. */
  utrCreditedToOther:
    'This UTR number has already been credited to another player. We have recorded your claim for review: if the payment is yours, please contact support with its receipt.',
  /** Deposits are by UPI only (400). */
  depositMethod: 'Deposits are accepted by UPI only.',
  /** A player's wallet row is missing (404). */
  walletNotFound: 'Wallet not found.',
} as const;

/**
 * The deposit rule in a player's words: on the deposit screen (beside the payer field) and on the terms page.
 */
export const DEPOSIT_RULES: readonly string[] = [
  'A deposit is credited to the player who made the payment.',
  "With the UTR, tell us who paid: the UPI ID you paid from, or the account holder's name as your bank shows it. We check both against our bank statement.",
  "If someone else has already claimed your UTR, submit it anyway: we record your claim, the reviewer checks both, and the claim that does not match the payment is rejected. Claiming another person's payment is cheating.",
];

/** What the admin console says beside a deposit claim under review. */
export const DEPOSIT_REVIEW_TEXTS = {
  /** A claim stored without a payer: sent by a client older than the field. */
  payerNotGiven: 'Not given (older app)',
  /** The dialog's warning on a UTR two or more players claimed. */
  contestedWarning:
    'More than one player claimed this UTR. Approve only the claim whose payer and amount match the bank statement; reject the others.',
  /** The history's title. */
  historyTitle: 'Every claim of this UTR',
  /** A contest's outcome, and what it was refused for. */
  refused: 'Refused: UTR held',
} as const;

/** The row's flag of a UTR claimed by more than one player: 'UTR claimed by 2 players'. */
export function utrContestedFlag(players: number): string {
  return `UTR claimed by ${players} players`;
}

/** What a player's transaction list says about a deposit claim. */
export const DEPOSIT_DESCRIPTION = 'UPI deposit';

/** An account number as a player sees it: every character but the last 4 masked ('123456789012' → 'XXXXXXXX9012'). */
export function maskAccountNumber(accountNumber: string): string {
  const visible = 4;
  if (accountNumber.length <= visible) return accountNumber;
  return 'X'.repeat(accountNumber.length - visible) + accountNumber.slice(-visible);
}

/** What a player's transaction list says about a withdrawal: where the money goes (a bank account masked). */
export function withdrawalDescription(
  request:
    | { readonly method: 'UPI'; readonly upiId: string; readonly upiApp?: UpiApp }
    | { readonly method: 'BANK_TRANSFER'; readonly accountNumber: string },
): string {
  return request.method === 'UPI'
    ? `Withdrawal to UPI ${request.upiId}`
    : `Withdrawal to bank account ${maskAccountNumber(request.accountNumber)}`;
}

/** What the referrer's transaction list says about the bonus a referred player's first deposit earned them. */
export function referralBonusDescription(referredUsername: string): string {
  return `Referral bonus: ${referredUsername}'s first deposit`;
}
