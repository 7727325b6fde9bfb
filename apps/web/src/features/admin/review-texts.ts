/** The admin console's words in the Approve / Reject dialog of a deposit or withdrawal. */
export const REVIEW_TEXTS = {
  reason: 'Reason (shown to the player)',
  reasonHint: 'Say why, so the player knows what to do next (e.g. "No payment with this UTR in the bank statement").',
  reasonRequired: 'Give a reason to reject.',
  payoutReference: 'Payout reference (optional)',
  payoutReferenceHint: 'The bank or UPI reference of the transfer you made; the player sees it on the withdrawal.',
  destinationTitle: 'Pay to',
  upiId: 'UPI ID',
  accountNumber: 'Account number',
  ifsc: 'IFSC',
  holderName: 'Account holder',
  noDestination: 'No payout details recorded',
} as const;

/** The console's words about claims waiting for a review: the nav badge, the section headings, the scroll hint. */
export const PENDING_TEXTS = {
  /** The Payment tab's badge, read out: '3 pending'. */
  pending: (n: number) => `${n} pending`,
  /** After a section's title, making 'Deposits · 3 pending'. */
  headingCount: (n: number) => ` · ${n} pending`,
  /** Under a table that scrolls with rows out of sight: '2 more below'. */
  moreBelow: (n: number) => `${n} more below`,
} as const;
