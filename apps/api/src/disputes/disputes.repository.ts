import { Inject, Injectable } from '@nestjs/common';
import { sql, type Transaction } from 'kysely';
import { Database, type DB } from '@app/db';
import { isUuid, type DisputeStatus, type DisputeSubject } from '@app/domain';

type Reader = Database | Transaction<DB>;

/** Most disputes one list returns. */
export const DISPUTE_LIST_LIMIT = 200;

/** A dispute with its evidence: the bet and its period's result, or the transaction and its review. */
export interface DisputeRow {
  id: string;
  user_id: string;
  username: string;
  email: string;
  subject_type: 'bet' | 'transaction';
  status: DisputeStatus;
  period_id: string | null;
  message: string;
  answer: string | null;
  answered_at: Date | null;
  closed_at: Date | null;
  due_at: Date;
  created_at: Date;
  bet_id: string | null;
  bet_type: string | null;
  bet_value: string | null;
  bet_amount: string | null;
  bet_status: 'PENDING' | 'COMPLETED' | 'REFUNDED' | null;
  bet_is_win: boolean | null;
  bet_win_amount: string | null;
  period_status: string | null;
  digit: number | null;
  color: string | null;
  big_small: string | null;
  tx_id: string | null;
  tx_public_id: string | null;
  tx_type: 'DEPOSIT' | 'WITHDRAWAL' | 'BONUS' | 'REFUND' | null;
  tx_method: string | null;
  tx_status: 'PENDING' | 'COMPLETED' | 'FAILED' | null;
  tx_amount: string | null;
  tx_created_at: Date | null;
  tx_utr: string | null;
  tx_admin_notes: string | null;
  tx_reviewed_at: Date | null;
}

/** SQL of disputes. Periods are read through `public_periods` (the api's role reads no other). */
@Injectable()
export class DisputesRepository {
  constructor(@Inject(Database) private readonly db: Database) {}

  transaction<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** The bet or transaction a dispute would be about: its owner and round; undefined when there is none. */
  async subject(
    trx: Transaction<DB>,
    subject: DisputeSubject,
  ): Promise<{ ownerId: string; periodId: string | null } | undefined> {
    if (!isUuid(subject.id)) return undefined;
    if (subject.type === 'bet') {
      const bet = await trx
        .selectFrom('bets')
        .select(['user_id', 'period_id'])
        .where('id', '=', subject.id)
        .executeTakeFirst();
      return bet && { ownerId: bet.user_id, periodId: bet.period_id };
    }
    const tx = await trx.selectFrom('transactions').select('user_id').where('id', '=', subject.id).executeTakeFirst();
    return tx && { ownerId: tx.user_id, periodId: null };
  }

  /** Whether a dispute that is not closed exists on the subject. */
  async subjectDisputed(trx: Transaction<DB>, subject: DisputeSubject): Promise<boolean> {
    const column = subject.type === 'bet' ? 'bet_id' : 'transaction_id';
    const row = await trx
      .selectFrom('disputes')
      .select('id')
      .where(column, '=', subject.id)
      .where('status', '<>', 'closed')
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Stores a new dispute. Invariant: one dispute not closed per bet and per transaction — a parallel opening loses
   * on `disputes_one_active_per_bet` / `…_per_transaction` (unique violation, mapped to 409 by the service).
   */
  async insert(
    trx: Transaction<DB>,
    dispute: {
      userId: string;
      subject: DisputeSubject;
      periodId: string | null;
      message: string;
      openedAt: Date;
      dueAt: Date;
    },
  ): Promise<string> {
    const row = await trx
      .insertInto('disputes')
      .values({
        user_id: dispute.userId,
        subject_type: dispute.subject.type,
        bet_id: dispute.subject.type === 'bet' ? dispute.subject.id : null,
        transaction_id: dispute.subject.type === 'transaction' ? dispute.subject.id : null,
        period_id: dispute.periodId,
        message: dispute.message,
        due_at: dispute.dueAt,
        created_at: dispute.openedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** The dispute's owner and status, its row locked (a parallel answer or close waits). */
  async lock(trx: Transaction<DB>, id: string): Promise<{ userId: string; status: DisputeStatus } | undefined> {
    if (!isUuid(id)) return undefined;
    const row = await trx
      .selectFrom('disputes')
      .select(['user_id', 'status'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    return row && { userId: row.user_id, status: row.status };
  }

  /** Records the answer; guarded by the status (an answer is given once). */
  async answer(trx: Transaction<DB>, id: string, adminId: string, answer: string): Promise<boolean> {
    const result = await trx
      .updateTable('disputes')
      .set({
        status: 'answered',
        answer,
        answered_by: adminId,
        answered_at: sql<Date>`now()`,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Closes it; guarded by the status (closed once). */
  async close(trx: Transaction<DB>, id: string, byId: string): Promise<boolean> {
    const result = await trx
      .updateTable('disputes')
      .set({ status: 'closed', closed_by: byId, closed_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('status', '<>', 'closed')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async audit(
    trx: Transaction<DB>,
    entry: {
      actorId: string;
      userId: string;
      disputeId: string;
      action: 'dispute.open' | 'dispute.answer' | 'dispute.close';
      status: DisputeStatus;
      note: string | null;
      metadata: Record<string, unknown>;
    },
  ): Promise<void> {
    await trx
      .insertInto('audit_log')
      .values({
        actor_id: entry.actorId,
        beneficiary_id: entry.userId,
        action: entry.action,
        target_type: 'dispute',
        target_id: entry.disputeId,
        decision: entry.status,
        note: entry.note,
        metadata: JSON.stringify(entry.metadata),
      })
      .execute();
  }

  private select(db: Reader) {
    return db
      .selectFrom('disputes as d')
      .innerJoin('users as u', 'u.id', 'd.user_id')
      .leftJoin('bets as b', 'b.id', 'd.bet_id')
      .leftJoin('public_periods as p', 'p.id', 'b.period_id')
      .leftJoin('transactions as t', 't.id', 'd.transaction_id')
      .select([
        'd.id',
        'd.user_id',
        'u.username',
        'u.email',
        'd.subject_type',
        'd.status',
        'd.period_id',
        'd.message',
        'd.answer',
        'd.answered_at',
        'd.closed_at',
        'd.due_at',
        'd.created_at',
        'b.id as bet_id',
        'b.bet_type',
        'b.bet_value',
        sql<string | null>`b.amount::text`.as('bet_amount'),
        'b.status as bet_status',
        'b.is_win as bet_is_win',
        sql<string | null>`b.win_amount::text`.as('bet_win_amount'),
        'p.status as period_status',
        'p.digit',
        'p.color',
        'p.big_small',
        't.id as tx_id',
        't.transaction_id as tx_public_id',
        't.type as tx_type',
        't.method as tx_method',
        't.status as tx_status',
        sql<string | null>`t.amount::text`.as('tx_amount'),
        't.created_at as tx_created_at',
        't.utr_number as tx_utr',
        't.admin_notes as tx_admin_notes',
        't.reviewed_at as tx_reviewed_at',
      ]);
  }

  find(id: string, db: Reader = this.db): Promise<DisputeRow | undefined> {
    return this.select(db).where('d.id', '=', id).executeTakeFirst() as Promise<DisputeRow | undefined>;
  }

  /** A player's disputes, newest first. */
  ofPlayer(userId: string): Promise<DisputeRow[]> {
    return this.select(this.db)
      .where('d.user_id', '=', userId)
      .orderBy('d.created_at', 'desc')
      .orderBy('d.id', 'desc')
      .limit(DISPUTE_LIST_LIMIT)
      .execute() as Promise<DisputeRow[]>;
  }

  /** The console's list of one status: open and answered ones by due date (the most urgent first), closed newest first. */
  withStatus(status: DisputeStatus): Promise<DisputeRow[]> {
    let query = this.select(this.db).where('d.status', '=', status);
    query = status === 'closed' ? query.orderBy('d.closed_at', 'desc') : query.orderBy('d.due_at', 'asc');
    return query.orderBy('d.id', 'asc').limit(DISPUTE_LIST_LIMIT).execute() as Promise<DisputeRow[]>;
  }

  /** The player's address and name, for the answer's e-mail. */
  player(trx: Transaction<DB>, userId: string) {
    return trx
      .selectFrom('users')
      .select(['email', 'username', 'language'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
  }
}
