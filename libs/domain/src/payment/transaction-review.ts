import { REVIEW_MESSAGES, type ReviewDecision, type TransactionStatus } from '../constants/transactions.js';
import { refusal, type Decider, type Refusal } from '../decider.js';
import { referralBonusPaise } from '../wallet/wallet-rules.js';

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
  readonly referral: {
    readonly referrerId: string;
    readonly referrerWalletId: string;
    readonly playerUsername: string;
  } | null;
  /** For a deposit: whether the player has an approved deposit other than this one (read under the wallet lock). */
  readonly hasOtherApprovedDeposit: boolean;
  /** The referral terms in force: share of the first deposit in basis points, cap in paise. */
  readonly referralTerms: { readonly shareBps: number; readonly capPaise: number };
  /** The transaction's player is suspended (or frozen or banned): their withdrawals are held, not paid out. */
  readonly playerSuspended?: boolean;
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
/**
 * A referred player's first deposit is approved: their referral starts (pending). No money moves: the referrer's
 * bonus is earned once the player's settled stakes reach this deposit, and never if they ask to withdraw first
 * (play-through.ts `decideReferral`; the round engine grants it).
 */
export interface ReferralStarted {
  readonly type: 'ReferralStarted';
  readonly data: {
    readonly referrerId: string;
    readonly referredUserId: string;
    /** The deposit's row id and public transaction id. */
    readonly depositId: string;
    readonly depositTransactionId: string;
    /** The qualifying deposit and the bonus it will earn (the terms in force now), paise. */
    readonly depositPaise: number;
    readonly bonusPaise: number;
  };
}

/** NOT_FOUND 404, NOT_REVIEWABLE 400, OWN_TRANSACTION 403, NOT_PENDING 409, PLAYER_SUSPENDED 409. */
export type ReviewRefusalCode = 'NOT_FOUND' | 'NOT_REVIEWABLE' | 'OWN_TRANSACTION' | 'NOT_PENDING' | 'PLAYER_SUSPENDED';
export type ReviewRefused = Refusal<'ReviewRefused', ReviewRefusalCode>;
export type ReviewDecisionEvent = DepositApproved | DepositRejected | WithdrawalPaidOut | WithdrawalReturned;
export type ReviewEvent = ReviewDecisionEvent | ReferralStarted | ReviewRefused;

export const REVIEW_REFUSALS = {
  notFound: 'Transaction not found.',
  notReviewable: 'Only deposits and withdrawals can be reviewed.',
  playerSuspended: 'This player is suspended: reinstate them before paying out, or reject the withdrawal.',
} as const;

const refuse = (code: ReviewRefusalCode, message: string): ReviewRefused => refusal('ReviewRefused', code, message);

/** The status a decision event leaves the transaction in. */
export function reviewedStatus(event: ReviewDecisionEvent): ReviewDecision {
  return event.type === 'DepositApproved' || event.type === 'WithdrawalPaidOut' ? 'COMPLETED' : 'FAILED';
}

/**
 * Checks, in order: the transaction exists in the named wallet; it is a deposit or a withdrawal; the reviewer does
 * not own it; it is PENDING; a withdrawal is paid out only while its player is not suspended. Then the decision's event, and for the approval of a player's first deposit with a
 * referrer, the start of the referral (when its bonus comes to more than 0): earned later, by play.
 */
export function decideReview(command: ReviewTransaction, state: ReviewState): ReviewEvent[] {
  const tx = state.transaction;
  if (!tx || tx.walletId !== command.walletId) return [refuse('NOT_FOUND', REVIEW_REFUSALS.notFound)];
  if (tx.type !== 'DEPOSIT' && tx.type !== 'WITHDRAWAL')
    return [refuse('NOT_REVIEWABLE', REVIEW_REFUSALS.notReviewable)];
  if (tx.userId === command.reviewerId) return [refuse('OWN_TRANSACTION', REVIEW_MESSAGES.ownTransaction)];
  if (tx.status !== 'PENDING') {
    return [
      refuse(
        'NOT_PENDING',
        tx.type === 'DEPOSIT' ? REVIEW_MESSAGES.depositNotPending : REVIEW_MESSAGES.withdrawalNotPending,
      ),
    ];
  }
  const data: Decided = { transaction: tx, reviewerId: command.reviewerId, notes: command.notes };
  const approve = command.decision === 'COMPLETED';
  // A suspended player's withdrawal is held: it can be returned to their balance, not paid out.
  if (tx.type === 'WITHDRAWAL' && approve && state.playerSuspended)
    return [refuse('PLAYER_SUSPENDED', REVIEW_REFUSALS.playerSuspended)];
  if (tx.type === 'WITHDRAWAL') return [{ type: approve ? 'WithdrawalPaidOut' : 'WithdrawalReturned', data }];
  if (!approve) return [{ type: 'DepositRejected', data }];
  const events: ReviewEvent[] = [{ type: 'DepositApproved', data }];
  const bonus = referralBonusPaise(tx.amount, state.referralTerms);
  if (state.referral && !state.hasOtherApprovedDeposit && bonus > 0) {
    events.push({
      type: 'ReferralStarted',
      data: {
        referrerId: state.referral.referrerId,
        referredUserId: tx.userId,
        depositId: tx.id,
        depositTransactionId: tx.transactionId,
        depositPaise: tx.amount,
        bonusPaise: bonus,
      },
    });
  }
  return events;
}

/** A decision leaves the transaction in its final status; an approved deposit counts as the player's approved one. */
export function evolveReview(state: ReviewState, event: ReviewEvent): ReviewState {
  if (event.type === 'ReviewRefused' || event.type === 'ReferralStarted' || !state.transaction) return state;
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
