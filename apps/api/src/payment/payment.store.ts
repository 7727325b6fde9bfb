import type { DepositRequested, DepositClaimState, WithdrawalRequested, WithdrawalState } from '@app/domain';
import type { WalletBalance } from '@app/ledger';

/** Why the database refused a claim the decider accepted: another claim of the UTR won, or too many are pending. */
export class DepositClaimConflict extends Error {
  constructor(readonly reason: 'UTR_USED' | 'TOO_MANY_PENDING') {
    super(reason);
  }
}

/** One database transaction of a payment request: the state its decider needs, and the events to store. */
export interface PaymentTx {
  /** The account's role, its wallet and whether a deposit of it was approved before. */
  depositClaimState(userId: string): Promise<DepositClaimState>;
  /**
   * Stores a PENDING claim (no money moves) and its event. Throws DepositClaimConflict when the UTR was claimed
   * before (UNIQUE) or the player already has the most pending claims (the insert trigger, under the wallet lock).
   */
  saveDepositClaim(claim: DepositRequested['data']): Promise<{ transactionId: string }>;
  /** The role, then the wallet locked for update, the IST day of the transaction and what was requested that day. */
  withdrawalState(userId: string): Promise<WithdrawalState>;
  /** Stores the PENDING withdrawal and the hold (main → clearing:withdrawals) with its event. */
  saveWithdrawal(request: WithdrawalRequested['data']): Promise<{ transactionId: string; balances: Map<string, WalletBalance>; seqs: number[] }>;
}

/** Where deposit claims and withdrawal requests are kept (Postgres; an in-memory fake in unit tests). */
export abstract class PaymentStore {
  /** Runs `work` in one transaction: everything it stored is committed together, or nothing when it throws. */
  abstract transaction<T>(work: (tx: PaymentTx) => Promise<T>): Promise<T>;
}
