import type { DisputeStatus, DisputeSubjectType } from '@app/domain';
import type { BetStatus } from './bet.js';
import type { TransactionStatus, TransactionType } from './wallet.js';

export type { DisputeStatus, DisputeSubjectType };

/** POST /disputes: a bet id or a transaction's row id (`_id` of the wallet list), and what is wrong. */
export interface OpenDisputeRequest {
  betId?: string;
  transactionId?: string;
  message: string;
}
/** PUT /admin/disputes/:id/answer */
export interface AnswerDisputeRequest {
  answer: string;
}

/** The bet a dispute is about, as it is now. */
export interface DisputeBet {
  _id: string;
  periodId: string;
  betType: string;
  betValue: string;
  amount: number;
  status: BetStatus;
  isWin: boolean | null;
  winAmount: number;
  /** The digit the period drew (null until drawn, or refunded). */
  result: { digit: number; color: string; bigSmall: string } | null;
  periodStatus: string | null;
}
/** The transaction a dispute is about, as it is now, with its review. */
export interface DisputeTransaction {
  _id: string;
  transactionId: string;
  type: TransactionType;
  method: string;
  status: TransactionStatus;
  amount: number;
  createdAt: string;
  utrNumber: string | null;
  adminNotes: string | null;
  reviewedAt: string | null;
}

export interface Dispute {
  id: string;
  status: DisputeStatus;
  subjectType: DisputeSubjectType;
  periodId: string | null;
  /** Where the bet's fairness proof is served (the player's own route); null for a transaction. */
  proofPath: string | null;
  message: string;
  answer: string | null;
  answeredAt: string | null;
  closedAt: string | null;
  /** When the answer is due (opened + 14 days). */
  dueAt: string;
  createdAt: string;
  bet: DisputeBet | null;
  transaction: DisputeTransaction | null;
}
/** A dispute in the console: the player beside it. */
export interface AdminDispute extends Dispute {
  player: { id: string; username: string; email: string };
}

export interface DisputeData {
  dispute: Dispute;
}
export interface DisputesData {
  disputes: Dispute[];
}
export interface AdminDisputeData {
  dispute: AdminDispute;
}
export interface AdminDisputesData {
  disputes: AdminDispute[];
}
