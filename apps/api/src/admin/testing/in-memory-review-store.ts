import type { TransactionRow } from '@app/db';
import { reviewedStatus, type ReviewDecisionEvent, type ReviewEvent, type ReviewState } from '@app/domain';
import type { WalletBalance } from '@app/ledger';
import { ReviewStore, type ReviewTx, type SavedReview } from '../admin-review.store.js';

interface Wallet {
  walletId: string;
  main: number;
  bonus: number;
  isActive: boolean;
}

/**
 * Review store in memory, for unit tests of the review service: transactions and wallets, the conditional update
 * (still PENDING, not the reviewer's own), one referral per referred player, all-or-nothing transactions.
 */
export class InMemoryReviewStore extends ReviewStore {
  rows = new Map<string, TransactionRow>();
  wallets = new Map<string, Wallet>();
  referredBy = new Map<string, { referrerId: string; username: string }>();
  referrals: { referrerId: string; referredUserId: string; bonusPaise: number }[] = [];
  audit: { actorId: string; beneficiaryId: string; decision: string }[] = [];
  /** Set to make the next conditional update find the row already decided (a concurrent review won). */
  loseNextRace = false;

  addTransaction(
    row: Partial<TransactionRow> &
      Pick<TransactionRow, 'id' | 'transaction_id' | 'type' | 'user_id' | 'wallet_id' | 'amount'>,
  ): void {
    const now = new Date('2026-11-23T10:00:00Z');
    this.rows.set(row.id, {
      status: 'PENDING',
      method: 'UPI',
      description: '',
      created_at: now,
      updated_at: now,
      ist_day: '2026-11-23',
      ...row,
    } as TransactionRow);
  }

  async transaction<T>(work: (tx: ReviewTx) => Promise<T>): Promise<T> {
    const before = structuredClone({
      rows: this.rows,
      wallets: this.wallets,
      referrals: this.referrals,
      audit: this.audit,
    });
    try {
      return await work({
        reviewState: (id, terms) => this.reviewState(id, terms),
        saveReview: (events) => this.saveReview(events),
      });
    } catch (error) {
      Object.assign(this, before);
      throw error;
    }
  }

  private async reviewState(transactionId: string, referralTerms: ReviewState['referralTerms']): Promise<ReviewState> {
    const row = [...this.rows.values()].find((r) => r.transaction_id === transactionId || r.id === transactionId);
    if (!row) return { transaction: null, referral: null, hasOtherApprovedDeposit: false, referralTerms };
    const referral = this.referredBy.get(row.user_id);
    const referrerWallet = referral ? this.wallets.get(referral.referrerId) : undefined;
    return {
      transaction: {
        id: row.id,
        transactionId: row.transaction_id,
        type: row.type,
        status: row.status,
        userId: row.user_id,
        walletId: row.wallet_id,
        amount: row.amount,
        istDay: row.ist_day,
      },
      referral:
        referral && referrerWallet
          ? {
              referrerId: referral.referrerId,
              referrerWalletId: referrerWallet.walletId,
              playerUsername: referral.username,
            }
          : null,
      hasOtherApprovedDeposit: [...this.rows.values()].some(
        (r) => r.user_id === row.user_id && r.type === 'DEPOSIT' && r.status === 'COMPLETED' && r.id !== row.id,
      ),
      referralTerms,
    };
  }

  private async saveReview(events: ReviewEvent[]): Promise<SavedReview | undefined> {
    const decision = events[0] as ReviewDecisionEvent;
    const row = this.rows.get(decision.data.transaction.id)!;
    if (this.loseNextRace || row.status !== 'PENDING' || row.user_id === decision.data.reviewerId) {
      this.loseNextRace = false;
      return undefined;
    }
    Object.assign(row, {
      status: reviewedStatus(decision),
      reviewed_by: decision.data.reviewerId,
      admin_notes: decision.data.notes,
    });
    const balances = new Map<string, WalletBalance>();
    const credit = (userId: string, balance: 'main' | 'bonus', amount: number) => {
      const wallet = this.wallets.get(userId)!;
      wallet[balance] += amount;
      balances.set(userId, { main: wallet.main, bonus: wallet.bonus });
    };
    if (decision.type === 'DepositApproved' || decision.type === 'WithdrawalReturned')
      credit(row.user_id, 'main', row.amount);
    if (decision.type === 'DepositApproved') this.wallets.get(row.user_id)!.isActive = true;
    for (const event of events) {
      // A referral starts (pending): no money moves until the referred player has played the deposit through.
      if (
        event.type !== 'ReferralStarted' ||
        this.referrals.some((r) => r.referredUserId === event.data.referredUserId)
      )
        continue;
      this.referrals.push({
        referrerId: event.data.referrerId,
        referredUserId: event.data.referredUserId,
        bonusPaise: event.data.bonusPaise,
      });
    }
    this.audit.push({ actorId: decision.data.reviewerId, beneficiaryId: row.user_id, decision: row.status });
    const others = decision.type === 'DepositRejected' || decision.type === 'WithdrawalPaidOut' ? [row.user_id] : [];
    return { row: { ...row }, balances, seqs: [this.audit.length], others };
  }
}
