import type { AccountNoticeKind } from '@app/contracts';

/**
 * The player-facing words of account notices (a deposit approved or rejected, a withdrawal paid or rejected, a
 * referral bonus), kept together so they move into the message catalogues in one piece.
 */
export const NOTICE_TEXTS = {
  'deposit-approved': (amount: string) => `Your deposit of ${amount} was approved and added to your balance.`,
  'deposit-rejected': (amount: string) => `Your deposit of ${amount} was not approved.`,
  'withdrawal-paid': (amount: string) => `Your withdrawal of ${amount} has been paid.`,
  'withdrawal-rejected': (amount: string) =>
    `Your withdrawal of ${amount} was not paid. The amount is back in your main balance.`,
  'referral-bonus': (amount: string) => `You earned a referral bonus of ${amount}.`,
} as const satisfies Record<AccountNoticeKind, (amount: string) => string>;

export const NOTICE_REASON = (reason: string) => `Reason: ${reason}`;
export const NOTICE_LINKS = {
  transaction: 'View transaction',
  help: 'Get help',
} as const;
