/** What a player's transaction list says about a reviewed deposit or withdrawal. */
export const TRANSACTION_REVIEW_TEXTS = {
  /** The reviewer's reason of a rejected deposit or withdrawal. */
  reason: 'Reason',
  /** The bank or UPI reference of a paid withdrawal, as the reviewer recorded it. */
  payoutReference: 'Payout reference',
  /** The reviewer's note on anything else. */
  note: 'Note',
  /** Under a rejected deposit: what to do next. */
  failedDepositHelp: "If you paid, submit the UTR again with the payer's details, or contact support.",
  /** Under a rejected withdrawal: where the money is and what to do next. */
  failedWithdrawalHelp:
    'The amount is back in your main balance. Check your payout details and request again, or contact support.',
} as const;
