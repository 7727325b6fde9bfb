import { Inject, Injectable } from '@nestjs/common';
import type { Insertable, Transaction } from 'kysely';
import { Database, type DB, type TransactionRow, type TransactionsTable, type TransactionStatus } from '@app/db';

/** How many entries one admin list returns (newest first). */
export const ADMIN_LIST_LIMIT = 500;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type ReviewRow = TransactionRow & { username: string; email: string };

/** SQL of the admin's payment review. */
@Injectable()
export class AdminPaymentsRepository {
  constructor(@Inject(Database) readonly db: Database) {}

  list(filter: { type: 'DEPOSIT' | 'WITHDRAWAL'; status: TransactionStatus | null; from?: Date; toExclusive?: Date }): Promise<ReviewRow[]> {
    let query = this.db
      .selectFrom('transactions as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .selectAll('t')
      .select(['u.username', 'u.email'])
      .where('t.type', '=', filter.type);
    if (filter.status) query = query.where('t.status', '=', filter.status);
    if (filter.from) query = query.where('t.created_at', '>=', filter.from);
    if (filter.toExclusive) query = query.where('t.created_at', '<', filter.toExclusive);
    return query.orderBy('t.created_at', 'desc').orderBy('t.id', 'desc').limit(ADMIN_LIST_LIMIT).execute();
  }

  /** A transaction by its public transaction id or its row id. */
  find(trx: Transaction<DB>, transactionId: string): Promise<TransactionRow | undefined> {
    return trx
      .selectFrom('transactions')
      .selectAll()
      .where((eb) => (UUID.test(transactionId) ? eb.or([eb('transaction_id', '=', transactionId), eb('id', '=', transactionId)]) : eb('transaction_id', '=', transactionId)))
      .executeTakeFirst();
  }

  /**
   * Moves a PENDING transaction to its decision. Exactly-once guard: the `status = 'PENDING'` condition lets one
   * of any number of concurrent reviews update the row (the others re-check it after the winner commits and find
   * nothing); the row's trigger refuses any later change of a decided status. Separation of duties: the
   * `user_id <> reviewer` condition never lets anyone decide their own transaction (and CHECK
   * transactions_not_self_reviewed backs it).
   */
  decide(trx: Transaction<DB>, id: string, decision: { status: 'COMPLETED' | 'FAILED'; adminId: string; notes: string | null }): Promise<TransactionRow | undefined> {
    return trx
      .updateTable('transactions')
      .set({ status: decision.status, reviewed_by: decision.adminId, reviewed_at: new Date(), admin_notes: decision.notes, updated_at: new Date() })
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
    await trx.updateTable('wallets').set({ is_active: true, updated_at: new Date() }).where('user_id', '=', userId).where('is_active', '=', false).execute();
  }

  /**
   * Inserts the referrer's BONUS row, or nothing when this referred player's bonus exists already (unique index
   * transactions_referral_once: a referral pays once). Only a returned row may be posted to the ledger.
   */
  insertReferralBonus(trx: Transaction<DB>, values: Insertable<TransactionsTable> & { referred_user_id: string }): Promise<TransactionRow | undefined> {
    return trx
      .insertInto('transactions')
      .values(values)
      .onConflict((oc) => oc.column('referred_user_id').where('referred_user_id', 'is not', null).doNothing())
      .returningAll()
      .executeTakeFirst();
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
