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

/** The console's words about claims waiting for a review: the nav badge, the section headings, the pages. */
export const PENDING_TEXTS = {
  /** The Payment tab's badge, read out: '3 pending'. */
  pending: (n: number) => `${n} pending`,
  /** After a section's title, making 'Deposits · 3 pending'. */
  headingCount: (n: number) => ` · ${n} pending`,
  /** Under a list longer than a page: 'Showing 1–50 of 132'. */
  showing: (from: number, to: number, total: number) => `Showing ${from}–${to} of ${total}`,
  /** The next page, with how many claims follow this one: 'Next page · 82 more'. */
  nextPage: (more: number) => `Next page · ${more} more`,
  previousPage: 'Previous page',
  /** The pages' navigation, named after its list: 'Deposits pages'. */
  pages: (title: string) => `${title} pages`,
} as const;

/** The payments desk's search box above each list. */
export const SEARCH_TEXTS = {
  /** Its label, named after its list: 'Search deposits'. */
  label: (title: string) => `Search ${title.toLowerCase()}`,
  placeholder: 'UTR, player, transaction id or amount',
  search: 'Search',
  clear: 'Clear',
  /** Said instead of the empty list's text when a search finds nothing. */
  noMatch: (q: string) => `No claims match "${q}".`,
} as const;

/** The button on each claim that opens its player's view. */
export const PLAYER_VIEW_TEXTS = {
  open: (username: string) => `View player ${username}`,
} as const;
