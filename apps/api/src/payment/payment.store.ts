import type {
  DepositClaimContested,
  DepositRequested,
  DepositClaimState,
  WithdrawalRequested,
  WithdrawalState,
} from '@app/domain';
import type { WalletBalance } from '@app/ledger';

/**
 * Why the database refused a claim the decider accepted: too many are pending, or (should the claim be stored
 * without asking who holds the UTR) another claim holds its UTR.
 */
export class DepositClaimConflict extends Error {
  constructor(readonly reason: 'UTR_USED' | 'TOO_MANY_PENDING' | 'DEPOSIT_LIMIT') {
    super(reason);
  }
}

/** One database transaction of a payment request: the state its decider needs, and the events to store. */
export interface PaymentTx {
  /**
   * The account's role, its wallet, whether a deposit of it was approved before, and the claim that holds the UTR
   * (normalised) now: read afresh each call, so a call after a lost race sees the winner.
   */
  depositClaimState(userId: string, utrNumber: string): Promise<DepositClaimState>;
  /**
   * Stores a PENDING claim (no money moves) and its event; null, storing nothing, when another claim came to hold
   * the UTR since the state was read (the caller reads the state again and decides again). Throws
   * DepositClaimConflict when the player already has the most pending claims (the insert trigger, under the wallet
   * lock).
   */
  saveDepositClaim(claim: DepositRequested['data']): Promise<{ transactionId: string } | null>;
  /** Records a refusal by one of the player's own deposit limits (for the care signals; moves nothing). */
  saveLimitHit(hit: { userId: string; kind: 'deposit'; message: string }): Promise<void>;
  /** Records a contest beside the claim that held the UTR (a repeat of the same contest counts an attempt). */
  saveUtrContest(contest: DepositClaimContested['data']): Promise<void>;
  /** The role, then the wallet locked for update, the IST day of the transaction and what was requested that day. */
  withdrawalState(userId: string): Promise<WithdrawalState>;
  /** Stores the PENDING withdrawal and the hold (main → clearing:withdrawals) with its event. */
  saveWithdrawal(
    request: WithdrawalRequested['data'],
  ): Promise<{ transactionId: string; balances: Map<string, WalletBalance>; seqs: number[] }>;
}

/** Where deposit claims and withdrawal requests are kept (Postgres; an in-memory fake in unit tests). */
export abstract class PaymentStore {
  /** Runs `work` in one transaction: everything it stored is committed together, or nothing when it throws. */
  abstract transaction<T>(work: (tx: PaymentTx) => Promise<T>): Promise<T>;
}
