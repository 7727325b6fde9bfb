import { MAX_PENDING_DEPOSITS } from '@app/domain';

/** Texts of the deposit screen that only the web app says. */
export const DEPOSIT_TEXTS = {
  /** Shown instead of the payment buttons when MAX_PENDING_DEPOSITS claims wait for review (the spec gives no text). */
  tooManyPendingTitle: `You have ${MAX_PENDING_DEPOSITS} deposits waiting for review.`,
  tooManyPending:
    'Please do not pay now: a new deposit can be claimed once one of them has been reviewed. You can follow them in your wallet.',
  toWallet: 'Go to Wallet',
} as const;
