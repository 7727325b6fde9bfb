import { BadRequestException, ConflictException, Inject, Injectable, Logger } from '@nestjs/common';
import type {
  AdminDepositEntry,
  AdminWithdrawalEntry,
  PendingPaymentCounts,
  Transaction,
  UtrClaim,
  WithdrawalPlayCheck,
} from '@app/contracts';
import { AppConfig } from '@app/config';
import type { TransactionStatus, WithdrawalPlayCheckRow } from '@app/db';
import {
  ADMIN_TEXTS,
  dateRangeFilter,
  decideReview,
  isIstDateKey,
  paiseToRupees,
  parsePaymentPage,
  parsePaymentSearch,
  type PaymentSearch,
  REVIEW_MESSAGES,
  REVIEW_REFUSALS,
  TRANSACTION_STATUSES,
  type ReviewRefusalCode,
} from '@app/domain';
import { BalanceNotifier } from '../wallet/balance-notifier.js';
import { refusalException } from '../wallet/refusal.js';
import { fullBankDetails, toTransaction } from '../wallet/transaction-view.js';
import { AdminPaymentsRepository, type ReviewRow, type UtrClaimRow } from './admin-payments.repository.js';
import { ReviewStore } from './admin-review.store.js';
import { PendingPaymentsNotifier } from './pending-payments.notifier.js';
import type { UpdateTransactionStatusDto } from './dto/update-transaction-status.dto.js';

/** The status filter of the admin lists: one status, or ALL. */
export const REVIEW_FILTER_STATUSES = [...TRANSACTION_STATUSES, 'ALL'] as const;

export const ADMIN_PAYMENT_MESSAGES = {
  statusFilter: `Status must be ${REVIEW_FILTER_STATUSES.slice(0, -1).join(', ')} or ${REVIEW_FILTER_STATUSES.at(-1)}.`,
  dateFilter: 'Dates must be written YYYY-MM-DD.',
  notFound: REVIEW_REFUSALS.notFound,
  notReviewable: REVIEW_REFUSALS.notReviewable,
  updated: ADMIN_TEXTS.transactionUpdated,
} as const;

const REVIEW_STATUSES: Record<ReviewRefusalCode, number> = {
  NOT_FOUND: 404,
  NOT_REVIEWABLE: 400,
  OWN_TRANSACTION: 403,
  NOT_PENDING: 409,
  PLAYER_SUSPENDED: 409,
};

export interface ReviewFilterQuery {
  status?: unknown;
  from?: unknown;
  to?: unknown;
  q?: unknown;
  limit?: unknown;
  offset?: unknown;
}

/** The list's search and page (PaymentSearch, parsePaymentPage of @app/domain); bad input is a 400 with its message. */
export function parseListQuery(query: ReviewFilterQuery): {
  search: PaymentSearch | null;
  limit: number;
  offset: number;
} {
  const search = parsePaymentSearch(query.q);
  if (!search.ok) throw new BadRequestException({ message: search.error, errors: { q: search.error } });
  const page = parsePaymentPage(query.limit, query.offset);
  if (!page.ok) throw new BadRequestException(page.error);
  return { search: search.value, ...page.value };
}

/** The admin list filter: status PENDING by default (ALL for every status), IST dates from/to inclusive. */
export function parseReviewFilter(query: ReviewFilterQuery): {
  status: TransactionStatus | null;
  from?: Date;
  toExclusive?: Date;
} {
  const status =
    query.status === undefined || query.status === '' ? 'PENDING' : String(query.status).trim().toUpperCase();
  if (!(REVIEW_FILTER_STATUSES as readonly string[]).includes(status))
    throw new BadRequestException(ADMIN_PAYMENT_MESSAGES.statusFilter);
  const date = (value: unknown): string | undefined => {
    if (value === undefined || value === '') return undefined;
    if (!isIstDateKey(typeof value === 'string' ? value.trim() : value))
      throw new BadRequestException(ADMIN_PAYMENT_MESSAGES.dateFilter);
    return (value as string).trim();
  };
  const range = dateRangeFilter(date(query.from), date(query.to));
  return {
    status: status === 'ALL' ? null : (status as TransactionStatus),
    ...(range.fromMs !== undefined ? { from: new Date(range.fromMs) } : {}),
    ...(range.toMsExclusive !== undefined ? { toExclusive: new Date(range.toMsExclusive) } : {}),
  };
}

function toUtrClaim(row: UtrClaimRow): UtrClaim {
  return {
    kind: row.kind,
    transactionId: row.transaction_id,
    heldBy: row.held_by,
    username: row.username,
    email: row.email,
    amount: paiseToRupees(row.amount),
    payer: row.payer,
    createdAt: row.created_at.toISOString(),
    outcome: row.status ?? 'REFUSED',
    attempts: row.attempts,
  };
}

/** A deposit entry with its UTR's history: every claim of the UTR, and whether two or more players claimed it. */
function toDepositEntry(row: ReviewRow, claims: readonly UtrClaimRow[] = []): AdminDepositEntry {
  const entry = toReviewedDeposit(row);
  entry.deposit.payer = row.payer;
  entry.deposit.utrClaims = claims.map(toUtrClaim);
  entry.deposit.utrContested = new Set(claims.map((c) => c.user_id)).size > 1;
  return entry;
}

function toReviewedDeposit(row: ReviewRow): AdminDepositEntry {
  return {
    userId: row.user_id,
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

/** The play recorded with a withdrawal request, in rupees. */
function toPlayCheck(check: WithdrawalPlayCheckRow | null): WithdrawalPlayCheck | null {
  if (!check) return null;
  return {
    deposited: paiseToRupees(check.depositedPaise),
    staked: paiseToRupees(check.stakedPaise),
    withdrawnBefore: paiseToRupees(check.withdrawnBeforePaise),
    accountAgeDays: check.accountAgeDays,
    flagged: check.flagged,
  };
}

function toWithdrawalEntry(row: ReviewRow): AdminWithdrawalEntry {
  return {
    userId: row.user_id,
    username: row.username,
    email: row.email,
    walletId: row.wallet_id,
    playerStatus: row.player_status,
    withdrawal: {
      playCheck: toPlayCheck(row.play_check),
      nameCheck: row.name_check
        ? {
            verifiedName: row.name_check.verifiedName,
            holderName: row.name_check.holderName,
            flagged: row.name_check.flagged,
          }
        : null,
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
 * Admin review of deposits and withdrawals: the lists, and the decision (decideReview of @app/domain says what
 * moves; the store's conditional update makes it happen exactly once, never by the transaction's owner).
 */
@Injectable()
export class AdminPaymentsService {
  private readonly logger = new Logger('AdminPayments');

  constructor(
    @Inject(AdminPaymentsRepository) private readonly repo: AdminPaymentsRepository,
    @Inject(ReviewStore) private readonly store: ReviewStore,
    @Inject(BalanceNotifier) private readonly notifier: BalanceNotifier,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(PendingPaymentsNotifier) private readonly pending: PendingPaymentsNotifier,
  ) {}

  async deposits(query: ReviewFilterQuery): Promise<{ entries: AdminDepositEntry[]; total: number }> {
    const filter = { ...parseReviewFilter(query), ...parseListQuery(query) };
    const { rows, total } = await this.repo.list({ type: 'DEPOSIT', ...filter });
    // Every claim ever made of the listed UTRs (contests included), so the reviewer sees who else claimed each one.
    const byUtr = new Map<string, UtrClaimRow[]>();
    for (const claim of await this.repo.utrClaims([
      ...new Set(rows.flatMap((r) => (r.utr_number ? [r.utr_number] : []))),
    ])) {
      byUtr.set(claim.utr_number, [...(byUtr.get(claim.utr_number) ?? []), claim]);
    }
    return { entries: rows.map((row) => toDepositEntry(row, row.utr_number ? byUtr.get(row.utr_number) : [])), total };
  }

  async withdrawals(query: ReviewFilterQuery): Promise<{ entries: AdminWithdrawalEntry[]; total: number }> {
    const filter = { ...parseReviewFilter(query), ...parseListQuery(query) };
    const { rows, total } = await this.repo.list({ type: 'WITHDRAWAL', ...filter });
    return { entries: rows.map(toWithdrawalEntry), total };
  }

  /** How many deposits and withdrawals wait for a review. */
  pendingCounts(): Promise<PendingPaymentCounts> {
    return this.pending.counts();
  }

  async updateStatus(adminId: string, body: UpdateTransactionStatusDto): Promise<Transaction> {
    const command = {
      reviewerId: adminId,
      walletId: body.walletId.trim(),
      decision: body.status,
      notes: body.adminNotes?.trim() || null,
    };
    const saved = await this.store.transaction(async (tx) => {
      const events = decideReview(command, await tx.reviewState(body.transactionId.trim(), this.config.referralTerms));
      const first = events[0]!;
      if (first.type === 'ReviewRefused') throw refusalException(REVIEW_STATUSES, first);
      const stored = await tx.saveReview(events);
      if (!stored) {
        // Another review of the same transaction committed first.
        throw new ConflictException(
          first.type === 'WithdrawalPaidOut' || first.type === 'WithdrawalReturned'
            ? REVIEW_MESSAGES.withdrawalNotPending
            : REVIEW_MESSAGES.depositNotPending,
        );
      }
      this.logger.log({
        msg: 'transaction reviewed',
        transactionId: stored.row.transaction_id,
        type: stored.row.type,
        decision: stored.row.status,
        adminId,
      });
      return stored;
    });
    await this.notifier.notify(saved.balances, saved.seqs, saved.others);
    await this.pending.changed();
    return toTransaction(saved.row);
  }
}
