import { REVIEW_MESSAGES, type ReviewDecision, type TransactionStatus } from '../constants/transactions.js';
import { refusal, type Decider, type Refusal } from '../decider.js';
import { referralBonusPaise } from '../wallet/wallet-rules.js';
import { referralBonusDescription } from './payment-texts.js';

/**
 * Admin review of a deposit claim or a withdrawal (PUT /admin/update-transaction-status). Only a PENDING deposit or
 * withdrawal moves, to COMPLETED (approve) or FAILED (reject), exactly once, and never by the owner of the
 * transaction (separation of duties). What each decision moves:
 * - deposit approved: clearing:deposits → the player's main; the wallet is activated; on the player's first
 *   approved deposit, when someone referred them, the referrer earns a bonus (share of the deposit, capped);
 * - deposit rejected: nothing (a claim never moved money);
 * - withdrawal approved: the held amount is paid out (clearing:withdrawals → clearing:payouts);
 * - withdrawal rejected: the held amount returns to the player's main.
 * The caller's conditional update (status = 'PENDING' and owner ≠ reviewer) makes "exactly once" hold under races.
 */

export interface ReviewTransaction {
  readonly reviewerId: string;
  /** The wallet the admin's list showed for the entry: it must be the transaction's. */
  readonly walletId: string;
  readonly decision: ReviewDecision;
  /** Trimmed; null when empty. */
  readonly notes: string | null;
}

export interface ReviewedTransaction {
  /** Row id. */
  readonly id: string;
  /** Public id (DEP…, WDR…). */
  readonly transactionId: string;
  readonly type: string;
  readonly status: TransactionStatus;
  readonly userId: string;
  readonly walletId: string;
  /** Paise. */
  readonly amount: number;
  readonly istDay: string;
}

export interface ReviewState {
  /** The transaction named by the command; null when there is none. */
  readonly transaction: ReviewedTransaction | null;
  /** For a deposit: who referred its player, and the player's username (for the bonus's description). */
  readonly referral: { readonly referrerId: string; readonly referrerWalletId: string; readonly playerUsername: string } | null;
  /** For a deposit: whether the player has an approved deposit other than this one (read under the wallet lock). */
  readonly hasOtherApprovedDeposit: boolean;
  /** The referral terms in force: share of the first deposit in basis points, cap in paise. */
  readonly referralTerms: { readonly shareBps: number; readonly capPaise: number };
}

interface Decided {
  readonly transaction: ReviewedTransaction;
  readonly reviewerId: string;
  readonly notes: string | null;
}
export interface DepositApproved {
  readonly type: 'DepositApproved';
  readonly data: Decided;
}
export interface DepositRejected {
  readonly type: 'DepositRejected';
  readonly data: Decided;
}
export interface WithdrawalPaidOut {
  readonly type: 'WithdrawalPaidOut';
  readonly data: Decided;
}
export interface WithdrawalReturned {
  readonly type: 'WithdrawalReturned';
  readonly data: Decided;
}
export interface ReferralBonusPaid {
  readonly type: 'ReferralBonusPaid';
  readonly data: {
    readonly referrerId: string;
    readonly referrerWalletId: string;
    /** Paise, credited to the referrer's bonus balance. */
    readonly amount: number;
    readonly referredUserId: string;
    readonly depositTransactionId: string;
    readonly description: string;
    readonly istDay: string;
  };
}

/** NOT_FOUND 404, NOT_REVIEWABLE 400, OWN_TRANSACTION 403, NOT_PENDING 409. */
export type ReviewRefusalCode = 'NOT_FOUND' | 'NOT_REVIEWABLE' | 'OWN_TRANSACTION' | 'NOT_PENDING';
export type ReviewRefused = Refusal<'ReviewRefused', ReviewRefusalCode>;
export type ReviewDecisionEvent = DepositApproved | DepositRejected | WithdrawalPaidOut | WithdrawalReturned;
export type ReviewEvent = ReviewDecisionEvent | ReferralBonusPaid | ReviewRefused;

export const REVIEW_REFUSALS = {
  notFound: 'Transaction not found.',
  notReviewable: 'Only deposits and withdrawals can be reviewed.',
} as const;

const refuse = (code: ReviewRefusalCode, message: string): ReviewRefused => refusal('ReviewRefused', code, message);

/** The status a decision event leaves the transaction in. */
export function reviewedStatus(event: ReviewDecisionEvent): ReviewDecision {
  return event.type === 'DepositApproved' || event.type === 'WithdrawalPaidOut' ? 'COMPLETED' : 'FAILED';
}

/**
 * Checks, in order: the transaction exists in the named wallet; it is a deposit or a withdrawal; the reviewer does
 * not own it; it is PENDING. Then the decision's event, and for the approval of a player's first deposit with a
 * referrer, the referrer's bonus (when it comes to more than 0).
 */
export function decideReview(command: ReviewTransaction, state: ReviewState): ReviewEvent[] {
  const tx = state.transaction;
  if (!tx || tx.walletId !== command.walletId) return [refuse('NOT_FOUND', REVIEW_REFUSALS.notFound)];
  if (tx.type !== 'DEPOSIT' && tx.type !== 'WITHDRAWAL') return [refuse('NOT_REVIEWABLE', REVIEW_REFUSALS.notReviewable)];
  if (tx.userId === command.reviewerId) return [refuse('OWN_TRANSACTION', REVIEW_MESSAGES.ownTransaction)];
  if (tx.status !== 'PENDING') {
    return [refuse('NOT_PENDING', tx.type === 'DEPOSIT' ? REVIEW_MESSAGES.depositNotPending : REVIEW_MESSAGES.withdrawalNotPending)];
  }
  const data: Decided = { transaction: tx, reviewerId: command.reviewerId, notes: command.notes };
  const approve = command.decision === 'COMPLETED';
  if (tx.type === 'WITHDRAWAL') return [{ type: approve ? 'WithdrawalPaidOut' : 'WithdrawalReturned', data }];
  if (!approve) return [{ type: 'DepositRejected', data }];
  const events: ReviewEvent[] = [{ type: 'DepositApproved', data }];
  const bonus = referralBonusPaise(tx.amount, state.referralTerms);
  if (state.referral && !state.hasOtherApprovedDeposit && bonus > 0) {
    events.push({
      type: 'ReferralBonusPaid',
      data: {
        referrerId: state.referral.referrerId,
        referrerWalletId: state.referral.referrerWalletId,
        amount: bonus,
        referredUserId: tx.userId,
        depositTransactionId: tx.transactionId,
        description: referralBonusDescription(state.referral.playerUsername),
        istDay: tx.istDay,
      },
    });
  }
  return events;
}

/** A decision leaves the transaction in its final status; an approved deposit counts as the player's approved one. */
export function evolveReview(state: ReviewState, event: ReviewEvent): ReviewState {
  if (event.type === 'ReviewRefused' || event.type === 'ReferralBonusPaid' || !state.transaction) return state;
  return {
    ...state,
    transaction: { ...state.transaction, status: reviewedStatus(event) },
    hasOtherApprovedDeposit: state.hasOtherApprovedDeposit || event.type === 'DepositApproved',
  };
}

export const reviewDecider: Decider<ReviewTransaction, ReviewState, ReviewEvent> = {
  decide: decideReview,
  evolve: evolveReview,
};
