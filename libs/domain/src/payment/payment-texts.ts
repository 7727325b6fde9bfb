import type { UpiApp } from '../constants/upi-apps.js';

/** Server texts of deposits and withdrawals where the spec gives none (the form's rules carry their own). */
export const PAYMENT_MESSAGES = {
  /** A second claim of a UTR, whatever became of the first (409). */
  utrUsed: 'This UTR number has already been used.',
  /** Deposits are by UPI only (400). */
  depositMethod: 'Deposits are accepted by UPI only.',
  /** A player's wallet row is missing (404). */
  walletNotFound: 'Wallet not found.',
} as const;

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
  request: { readonly method: 'UPI'; readonly upiId: string; readonly upiApp?: UpiApp } | { readonly method: 'BANK_TRANSFER'; readonly accountNumber: string },
): string {
  return request.method === 'UPI' ? `Withdrawal to UPI ${request.upiId}` : `Withdrawal to bank account ${maskAccountNumber(request.accountNumber)}`;
}

/** What the referrer's transaction list says about the bonus a referred player's first deposit earned them. */
export function referralBonusDescription(referredUsername: string): string {
  return `Referral bonus: ${referredUsername}'s first deposit`;
}
