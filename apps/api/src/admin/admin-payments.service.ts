import { BadRequestException, ConflictException, ForbiddenException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import type { AdminDepositEntry, AdminWithdrawalEntry, Transaction } from '@app/contracts';
import { AppConfig } from '@app/config';
import type { TransactionRow, TransactionStatus } from '@app/db';
import { dateRangeFilter, isIstDateKey, paiseToRupees, referralBonusPaise, REVIEW_MESSAGES } from '@app/domain';
import { Accounts, lockWallets, recordEntries, type JournalEntry, type WalletBalance } from '@app/ledger';
import { BalanceNotifier } from '../wallet/balance-notifier.js';
import { newTransactionId } from '../wallet/transaction-id.js';
import { fullBankDetails, toTransaction } from '../wallet/transaction-view.js';
import { AdminPaymentsRepository, type ReviewRow } from './admin-payments.repository.js';
import type { UpdateTransactionStatusDto } from './dto/update-transaction-status.dto.js';

export const ADMIN_PAYMENT_MESSAGES = {
  statusFilter: 'Status must be PENDING, COMPLETED, FAILED or ALL.',
  dateFilter: 'Dates must be written YYYY-MM-DD.',
  notFound: 'Transaction not found.',
  notReviewable: 'Only deposits and withdrawals can be reviewed.',
  updated: 'Transaction updated successfully!',
} as const;

export interface ReviewFilterQuery {
  status?: unknown;
  from?: unknown;
  to?: unknown;
}

/** The admin list filter: status PENDING by default (ALL for every status), IST dates from/to inclusive. */
export function parseReviewFilter(query: ReviewFilterQuery): { status: TransactionStatus | null; from?: Date; toExclusive?: Date } {
  const status = query.status === undefined || query.status === '' ? 'PENDING' : String(query.status).trim().toUpperCase();
  if (!['PENDING', 'COMPLETED', 'FAILED', 'ALL'].includes(status)) throw new BadRequestException(ADMIN_PAYMENT_MESSAGES.statusFilter);
  const date = (value: unknown): string | undefined => {
    if (value === undefined || value === '') return undefined;
    if (!isIstDateKey(typeof value === 'string' ? value.trim() : value)) throw new BadRequestException(ADMIN_PAYMENT_MESSAGES.dateFilter);
    return (value as string).trim();
  };
  const range = dateRangeFilter(date(query.from), date(query.to));
  return {
    status: status === 'ALL' ? null : (status as TransactionStatus),
    ...(range.fromMs !== undefined ? { from: new Date(range.fromMs) } : {}),
    ...(range.toMsExclusive !== undefined ? { toExclusive: new Date(range.toMsExclusive) } : {}),
  };
}

function toDepositEntry(row: ReviewRow): AdminDepositEntry {
  return {
    username: row.username,
    email: row.email,
    walletId: row.wallet_id,
    deposit: {
      _id: row.id,
      transactionId: row.transaction_id,
      amount: paiseToRupees(row.amount),
      method: row.method,
      status: row.status,
      createdAt: row.created_at.toISOString(),
      utrNumber: row.utr_number ?? undefined,
      upiApp: row.upi_app,
      adminNotes: row.admin_notes,
      reviewedAt: row.reviewed_at?.toISOString() ?? null,
    },
  };
}

function toWithdrawalEntry(row: ReviewRow): AdminWithdrawalEntry {
  return {
    username: row.username,
    email: row.email,
    walletId: row.wallet_id,
    withdrawal: {
      _id: row.id,
      transactionId: row.transaction_id,
      amount: paiseToRupees(row.amount),
      method: row.method,
      type: row.type,
      status: row.status,
      createdAt: row.created_at.toISOString(),
      upiId: row.upi_id,
      upiApp: row.upi_app,
      bankDetails: fullBankDetails(row),
      adminNotes: row.admin_notes,
      reviewedAt: row.reviewed_at?.toISOString() ?? null,
    },
  };
}

/**
 * Admin review of deposits and withdrawals. Postings of each decision (paise, one journal entry each):
 * - deposit approved: clearing:deposits −a, user main +a; wallet activated; on the player's first approved
 *   deposit with a referrer: house:bonus −b, referrer bonus +b (b = share of a, capped) and a BONUS row.
 * - deposit rejected: nothing is posted (a pending deposit never posted anything).
 * - withdrawal approved (paid out): clearing:withdrawals −a, clearing:payouts +a.
 * - withdrawal rejected (returned): clearing:withdrawals −a, user main +a.
 * Nobody reviews a transaction of their own account (a reviewer who was a player, or a second super-admin): the
 * decision's conditional update requires another owner, and the audit row names the admin and the player.
 */
@Injectable()
export class AdminPaymentsService {
  private readonly logger = new Logger('AdminPayments');

  constructor(
    @Inject(AdminPaymentsRepository) private readonly repo: AdminPaymentsRepository,
    @Inject(BalanceNotifier) private readonly notifier: BalanceNotifier,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async deposits(query: ReviewFilterQuery): Promise<AdminDepositEntry[]> {
    return (await this.repo.list({ type: 'DEPOSIT', ...parseReviewFilter(query) })).map(toDepositEntry);
  }

  async withdrawals(query: ReviewFilterQuery): Promise<AdminWithdrawalEntry[]> {
    return (await this.repo.list({ type: 'WITHDRAWAL', ...parseReviewFilter(query) })).map(toWithdrawalEntry);
  }

  async updateStatus(adminId: string, body: UpdateTransactionStatusDto): Promise<Transaction> {
    const notes = body.adminNotes?.trim() || null;
    const touched: { balances: Map<string, WalletBalance>; seqs: number[]; others: string[] } = { balances: new Map(), seqs: [], others: [] };

    const decided = await this.repo.db.transaction().execute(async (trx) => {
      const found = await this.repo.find(trx, body.transactionId.trim());
      if (!found || found.wallet_id !== body.walletId.trim()) throw new NotFoundException(ADMIN_PAYMENT_MESSAGES.notFound);
      if (found.type !== 'DEPOSIT' && found.type !== 'WITHDRAWAL') throw new BadRequestException(ADMIN_PAYMENT_MESSAGES.notReviewable);
      const notPending = found.type === 'DEPOSIT' ? REVIEW_MESSAGES.depositNotPending : REVIEW_MESSAGES.withdrawalNotPending;
      if (found.user_id === adminId) throw new ForbiddenException(REVIEW_MESSAGES.ownTransaction);
      if (found.status !== 'PENDING') throw new ConflictException(notPending);
      const row = await this.repo.decide(trx, found.id, { status: body.status, adminId, notes });
      if (!row) throw new ConflictException(notPending); // another review won the race

      const entries: JournalEntry[] = [];
      const base = { stream: `transaction:${row.id}`, userId: row.user_id };
      const payload = { transactionId: row.transaction_id, amount: row.amount, reviewedBy: adminId };
      let referral: TransactionRow | undefined;

      if (row.type === 'DEPOSIT' && row.status === 'COMPLETED') {
        const player = await this.repo.player(trx, row.user_id);
        const referrerId = player?.referred_by ?? null;
        // Locks the player's wallet (and the referrer's, in a fixed order): approvals of two deposits of one
        // player are serialised here, so exactly one of them sees no earlier approved deposit.
        const locked = await lockWallets(trx, referrerId ? [row.user_id, referrerId] : [row.user_id]);
        const first = !(await this.repo.hasOtherApprovedDeposit(trx, row.user_id, row.id));
        entries.push({
          ...base,
          type: 'DepositApproved',
          payload,
          postings: [
            { account: Accounts.clearingDeposits, amount: -row.amount },
            { account: Accounts.userMain(row.user_id), amount: row.amount },
          ],
        });
        await this.repo.activateWallet(trx, row.user_id);
        const referrerWallet = referrerId ? locked.get(referrerId) : undefined;
        const bonus = referralBonusPaise(row.amount, { shareBps: Math.round(this.config.REFERRAL_SHARE * 10_000), capPaise: this.config.REFERRAL_CAP_RUPEES * 100 });
        if (first && referrerId && referrerWallet && bonus > 0) {
          referral = await this.repo.insertReferralBonus(trx, {
            transaction_id: newTransactionId('BON'),
            user_id: referrerId,
            wallet_id: referrerWallet.walletId,
            type: 'BONUS',
            method: 'BONUS',
            status: 'COMPLETED',
            amount: bonus,
            description: `Referral bonus: ${player!.username}'s first deposit`,
            ist_day: row.ist_day,
            referred_user_id: row.user_id,
          });
          if (referral) {
            entries.push({
              type: 'ReferralBonusPaid',
              stream: `transaction:${referral.id}`,
              userId: referrerId,
              payload: { transactionId: referral.transaction_id, amount: bonus, referredUserId: row.user_id, depositTransactionId: row.transaction_id },
              postings: [
                { account: Accounts.houseBonus, amount: -bonus },
                { account: Accounts.userBonus(referrerId), amount: bonus },
              ],
            });
          }
        }
      } else if (row.type === 'DEPOSIT') {
        entries.push({ ...base, type: 'DepositRejected', payload, postings: [] });
        touched.others.push(row.user_id);
      } else if (row.status === 'COMPLETED') {
        entries.push({
          ...base,
          type: 'WithdrawalPaidOut',
          payload,
          postings: [
            { account: Accounts.clearingWithdrawals, amount: -row.amount },
            { account: Accounts.clearingPayouts, amount: row.amount },
          ],
        });
        touched.others.push(row.user_id);
      } else {
        entries.push({
          ...base,
          type: 'WithdrawalReturned',
          payload,
          postings: [
            { account: Accounts.clearingWithdrawals, amount: -row.amount },
            { account: Accounts.userMain(row.user_id), amount: row.amount },
          ],
        });
      }

      const recorded = await recordEntries(trx, entries);
      touched.balances = recorded.balances;
      touched.seqs = recorded.seqs;
      await this.repo.audit(trx, {
        actorId: adminId,
        beneficiaryId: row.user_id,
        action: row.type === 'DEPOSIT' ? 'deposit.review' : 'withdrawal.review',
        targetId: row.id,
        decision: row.status,
        note: notes,
        metadata: {
          transactionId: row.transaction_id,
          type: row.type,
          amount: row.amount,
          userId: row.user_id,
          walletId: row.wallet_id,
          ...(referral ? { referralBonus: { transactionId: referral.transaction_id, userId: referral.user_id, amount: referral.amount } } : {}),
        },
      });
      this.logger.log({ msg: 'transaction reviewed', transactionId: row.transaction_id, type: row.type, decision: row.status, adminId });
      return row;
    });

    await this.notifier.notify(touched.balances, touched.seqs, touched.others);
    return toTransaction(decided);
  }
}
