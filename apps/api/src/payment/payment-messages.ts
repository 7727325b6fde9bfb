import { WALLET_MESSAGES } from '@app/domain';

/** Server texts of the payment calls where the spec gives none (the rest come from @app/domain). */
export const PAYMENT_MESSAGES = {
  /** A second claim of a UTR, whatever became of the first (409). */
  utrUsed: 'This UTR number has already been used.',
  /** Deposits are by UPI only (400). */
  depositMethod: 'Deposits are accepted by UPI only.',
  /** A withdrawal from a wallet no deposit has activated yet (403): the wallet banner's text. */
  walletNotActive: WALLET_MESSAGES.depositNotActive,
} as const;
