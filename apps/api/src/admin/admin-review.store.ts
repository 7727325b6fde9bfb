import type { TransactionRow } from '@app/db';
import type { ReviewEvent, ReviewState } from '@app/domain';
import type { WalletBalance } from '@app/ledger';

/** What storing a review did: the decided row, the balances it changed and players whose wallet changed otherwise. */
export interface SavedReview {
  row: TransactionRow;
  balances: Map<string, WalletBalance>;
  seqs: number[];
  /** Players to send a balance-update though no balance of theirs moved (their wallet or list did). */
  others: string[];
}

/** One database transaction of an admin review. */
export interface ReviewTx {
  /**
   * The transaction (by public id, or row id), and for a deposit: who referred its player and whether another
   * deposit of the player was approved — read after locking the player's (and referrer's) wallet, so two approvals
   * of one player's deposits are serialised and exactly one of them is the first.
   */
  reviewState(transactionId: string, referralTerms: ReviewState['referralTerms']): Promise<ReviewState>;
  /**
   * Stores the decision (conditional update: still PENDING and not the reviewer's own), its postings, the referral
   * bonus (once per referred player) and the audit row. Undefined, storing nothing, when another review won the race.
   */
  saveReview(events: ReviewEvent[]): Promise<SavedReview | undefined>;
}

/** Where reviews are kept (Postgres; an in-memory fake in unit tests). */
export abstract class ReviewStore {
  abstract transaction<T>(work: (tx: ReviewTx) => Promise<T>): Promise<T>;
}
