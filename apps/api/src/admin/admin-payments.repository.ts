import { Inject, Injectable } from '@nestjs/common';
import { sql, type Transaction } from 'kysely';
import { Database, type DB, type TransactionRow, type TransactionStatus, type UserStatus } from '@app/db';
import {
  isUuid,
  reviewedStatus,
  type PaymentSearch,
  type ReferralStarted,
  type ReviewDecisionEvent,
  type ReviewEvent,
  type ReviewState,
} from '@app/domain';
import { Accounts, lockWallets, recordEntries, type JournalEntry } from '@app/ledger';
import { ReviewStore, type ReviewTx, type SavedReview } from './admin-review.store.js';

/** How many entries one admin list returns (newest first). */
export const ADMIN_LIST_LIMIT = 500;

export type ReviewRow = TransactionRow & { username: string; email: string; player_status: UserStatus };

/** What one admin list shows: a kind, a status (null: any), an IST date range, a search and a page. */
export interface ReviewListFilter {
  type: 'DEPOSIT' | 'WITHDRAWAL';
  status: TransactionStatus | null;
  from?: Date;
  toExclusive?: Date;
  search?: PaymentSearch | null;
  limit?: number;
  offset?: number;
}

/** One claim of a UTR for the reviewer: a stored deposit, or a contest refused while another claim held the UTR. */
export interface UtrClaimRow {
  kind: 'claim' | 'contest';
  utr_number: string;
  user_id: string;
  username: string;
  email: string;
  transaction_id: string | null;
  held_by: string | null;
  amount: number;
  payer: string | null;
  status: TransactionStatus | null;
  attempts: number;
  created_at: Date;
}

/** The postings of a review decision (paise), one journal entry each. */
function decisionPostings(event: ReviewDecisionEvent): JournalEntry['postings'] {
  const { amount, userId } = event.data.transaction;
  switch (event.type) {
    case 'DepositApproved':
      return [
        { account: Accounts.clearingDeposits, amount: -amount },
        { account: Accounts.userMain(userId), amount },
      ];
    case 'DepositRejected':
      return []; // a pending deposit never posted anything
    case 'WithdrawalPaidOut':
      return [
        { account: Accounts.clearingWithdrawals, amount: -amount },
        { account: Accounts.clearingPayouts, amount },
      ];
    case 'WithdrawalReturned':
      return [
        { account: Accounts.clearingWithdrawals, amount: -amount },
        { account: Accounts.userMain(userId), amount },
      ];
  }
}

/** SQL of the admin's payment review. */
@Injectable()
export class AdminPaymentsRepository extends ReviewStore {
  constructor(@Inject(Database) readonly db: Database) {
    super();
  }

  transaction<T>(work: (tx: ReviewTx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) =>
      work({
        reviewState: (id, terms) => this.reviewState(trx, id, terms),
        saveReview: (events) => this.saveReview(trx, events),
      }),
    );
  }

  private async reviewState(
    trx: Transaction<DB>,
    transactionId: string,
    referralTerms: ReviewState['referralTerms'],
  ): Promise<ReviewState> {
    const row = await this.find(trx, transactionId);
    const none: ReviewState = { transaction: null, referral: null, hasOtherApprovedDeposit: false, referralTerms };
    if (!row) return none;
    const transaction = {
      id: row.id,
      transactionId: row.transaction_id,
      type: row.type,
      status: row.status,
      userId: row.user_id,
      walletId: row.wallet_id,
      amount: row.amount,
      istDay: row.ist_day,
    };
    if (row.type !== 'DEPOSIT') {
      // FOR SHARE: a suspension of this player waits for the review, or the review for the suspension.
      const { rows } = await sql<{
        status: UserStatus;
      }>`SELECT status FROM users WHERE id = ${row.user_id} FOR SHARE`.execute(trx);
      return { ...none, transaction, playerSuspended: rows[0]?.status !== 'active' };
    }
    const player = await this.player(trx, row.user_id);
    const referrerId = player?.referred_by ?? null;
    // Locks the player's wallet (and the referrer's, in a fixed order): approvals of two deposits of one player are
    // serialised here, so exactly one of them sees no earlier approved deposit.
    const locked = await lockWallets(trx, referrerId ? [row.user_id, referrerId] : [row.user_id]);
    const referrerWallet = referrerId ? locked.get(referrerId) : undefined;
    return {
      transaction,
      referral:
        referrerId && referrerWallet && player
          ? { referrerId, referrerWalletId: referrerWallet.walletId, playerUsername: player.username }
          : null,
      hasOtherApprovedDeposit: await this.hasOtherApprovedDeposit(trx, row.user_id, row.id),
      referralTerms,
    };
  }

  private async saveReview(trx: Transaction<DB>, events: ReviewEvent[]): Promise<SavedReview | undefined> {
    const decision = events.find(
      (e): e is ReviewDecisionEvent => e.type !== 'ReviewRefused' && e.type !== 'ReferralStarted',
    );
    if (!decision) throw new Error('a review stores a decision');
    const { transaction, reviewerId, notes } = decision.data;
    const row = await this.decide(trx, transaction.id, {
      status: reviewedStatus(decision),
      adminId: reviewerId,
      notes,
    });
    if (!row) return undefined; // another review won the race
    const payload = { transactionId: row.transaction_id, amount: row.amount, reviewedBy: reviewerId };
    const entries: JournalEntry[] = [
      {
        type: decision.type,
        stream: `transaction:${row.id}`,
        userId: row.user_id,
        payload,
        postings: decisionPostings(decision),
      },
    ];
    const others = decision.type === 'DepositRejected' || decision.type === 'WithdrawalPaidOut' ? [row.user_id] : [];
    if (decision.type === 'DepositApproved') await this.activateWallet(trx, row.user_id);
    // A referral starts with the referred player's first approved deposit; its bonus is earned later, by their play.
    const referral = events.find((e): e is ReferralStarted => e.type === 'ReferralStarted')?.data;
    if (referral) {
      await trx
        .insertInto('referrals')
        .values({
          referred_user_id: referral.referredUserId,
          referrer_id: referral.referrerId,
          deposit_transaction_id: referral.depositId,
          deposit_paise: referral.depositPaise,
          bonus_paise: referral.bonusPaise,
          since: sql<Date>`now()`,
        })
        .onConflict((oc) => oc.column('referred_user_id').doNothing())
        .execute();
    }
    const recorded = await recordEntries(trx, entries);
    await this.audit(trx, {
      actorId: reviewerId,
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
        ...(referral
          ? {
              referralStarted: {
                referrerId: referral.referrerId,
                depositPaise: referral.depositPaise,
                bonusPaise: referral.bonusPaise,
              },
            }
          : {}),
      },
    });
    return { row, balances: recorded.balances, seqs: recorded.seqs, others };
  }

  /**
   * A page of one list, newest first, and how many entries match in all. The search (PaymentSearch of @app/domain)
   * matches an entry when any reading of its text does: the UTR (transactions_utr_idx), the transaction id (its
   * unique index), a player's or transaction's id, the start of the player's username or e-mail, the exact amount.
   * Every value is a bound parameter; a LIKE prefix has its wildcards escaped.
   */
  async list(filter: ReviewListFilter): Promise<{ rows: ReviewRow[]; total: number }> {
    let query = this.db
      .selectFrom('transactions as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .where('t.type', '=', filter.type);
    if (filter.status) query = query.where('t.status', '=', filter.status);
    if (filter.from) query = query.where('t.created_at', '>=', filter.from);
    if (filter.toExclusive) query = query.where('t.created_at', '<', filter.toExclusive);
    const search = filter.search;
    if (search) {
      const prefix = `${search.prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) =>
        eb.or([
          eb(sql`lower(u.username)`, 'like', prefix),
          eb(sql`lower(u.email)`, 'like', prefix),
          ...(search.utr ? [eb('t.utr_number', '=', search.utr)] : []),
          ...(search.transactionId ? [eb('t.transaction_id', '=', search.transactionId)] : []),
          ...(search.id ? [eb('u.id', '=', search.id), eb('t.id', '=', search.id)] : []),
          ...(search.amountPaise !== null ? [eb('t.amount', '=', search.amountPaise)] : []),
        ]),
      );
    }
    const [rows, count] = await Promise.all([
      query
        .selectAll('t')
        .select(['u.username', 'u.email', 'u.status as player_status'])
        .orderBy('t.created_at', 'desc')
        .orderBy('t.id', 'desc')
        .limit(filter.limit ?? ADMIN_LIST_LIMIT)
        .offset(filter.offset ?? 0)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  /**
   * Every claim ever made of these UTRs, oldest first: the deposits (any status) and the contests, each with its
   * claimant. Served by transactions_utr_idx and utr_contests_utr_idx.
   */
  async utrClaims(utrNumbers: string[]): Promise<UtrClaimRow[]> {
    if (utrNumbers.length === 0) return [];
    const claims = await this.db
      .selectFrom('transactions as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select([
        't.utr_number',
        't.user_id',
        'u.username',
        'u.email',
        't.transaction_id',
        't.amount',
        't.payer',
        't.status',
        't.created_at',
      ])
      .where('t.type', '=', 'DEPOSIT')
      .where('t.utr_number', 'in', utrNumbers)
      .execute();
    const contests = await this.db
      .selectFrom('utr_contests as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .innerJoin('transactions as h', 'h.id', 'c.held_by')
      .select([
        'c.utr_number',
        'c.user_id',
        'u.username',
        'u.email',
        'h.transaction_id as held_by',
        'c.amount',
        'c.payer',
        'c.attempts',
        'c.created_at',
      ])
      .where('c.utr_number', 'in', utrNumbers)
      .execute();
    return [
      ...claims.map((c): UtrClaimRow => ({
        ...c,
        kind: 'claim',
        utr_number: c.utr_number!,
        held_by: null,
        attempts: 1,
      })),
      ...contests.map((c): UtrClaimRow => ({ ...c, kind: 'contest', transaction_id: null, status: null })),
    ].sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || a.kind.localeCompare(b.kind));
  }

  /** A transaction by its public transaction id or its row id. */
  find(trx: Transaction<DB>, transactionId: string): Promise<TransactionRow | undefined> {
    return trx
      .selectFrom('transactions')
      .selectAll()
      .where((eb) =>
        isUuid(transactionId)
          ? eb.or([eb('transaction_id', '=', transactionId), eb('id', '=', transactionId)])
          : eb('transaction_id', '=', transactionId),
      )
      .executeTakeFirst();
  }

  /**
   * Moves a PENDING transaction to its decision. Exactly-once guard: the `status = 'PENDING'` condition lets one
   * of any number of concurrent reviews update the row (the others re-check it after the winner commits and find
   * nothing); the row's trigger refuses any later change of a decided status. Separation of duties: the
   * `user_id <> reviewer` condition never lets anyone decide their own transaction (and CHECK
   * transactions_not_self_reviewed backs it).
   */
  decide(
    trx: Transaction<DB>,
    id: string,
    decision: { status: 'COMPLETED' | 'FAILED'; adminId: string; notes: string | null },
  ): Promise<TransactionRow | undefined> {
    return trx
      .updateTable('transactions')
      .set({
        status: decision.status,
        reviewed_by: decision.adminId,
        reviewed_at: new Date(),
        admin_notes: decision.notes,
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .where('status', '=', 'PENDING')
      .where('user_id', '<>', decision.adminId)
      .returningAll()
      .executeTakeFirst();
  }

  player(trx: Transaction<DB>, userId: string): Promise<{ username: string; referred_by: string | null } | undefined> {
    return trx.selectFrom('users').select(['username', 'referred_by']).where('id', '=', userId).executeTakeFirst();
  }

  /** Whether the player has an approved deposit other than this one (call with the player's wallet locked). */
  async hasOtherApprovedDeposit(trx: Transaction<DB>, userId: string, exceptId: string): Promise<boolean> {
    const row = await trx
      .selectFrom('transactions')
      .select('id')
      .where('user_id', '=', userId)
      .where('type', '=', 'DEPOSIT')
      .where('status', '=', 'COMPLETED')
      .where('id', '<>', exceptId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async activateWallet(trx: Transaction<DB>, userId: string): Promise<void> {
    await trx
      .updateTable('wallets')
      .set({ is_active: true, updated_at: new Date() })
      .where('user_id', '=', userId)
      .where('is_active', '=', false)
      .execute();
  }

  async audit(
    trx: Transaction<DB>,
    entry: {
      /** The admin who acted. */
      actorId: string;
      /** The player whose money moved. */
      beneficiaryId: string;
      action: string;
      targetId: string;
      decision: string;
      note: string | null;
      metadata: Record<string, unknown>;
    },
  ): Promise<void> {
    await trx
      .insertInto('audit_log')
      .values({
        actor_id: entry.actorId,
        beneficiary_id: entry.beneficiaryId,
        action: entry.action,
        target_type: 'transaction',
        target_id: entry.targetId,
        decision: entry.decision,
        note: entry.note,
        metadata: JSON.stringify(entry.metadata),
      })
      .execute();
  }
}
