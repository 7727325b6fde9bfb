import { Inject, Injectable } from '@nestjs/common';
import { sql, type Transaction } from 'kysely';
import { Database, type DB, type IdentityCheckStatus } from '@app/db';
import { isUuid, exactPaise, exactPaiseToNumber } from '@app/domain';

/** How many submissions the reviewer's list shows at once. */
export const IDENTITY_LIST_LIMIT = 100;

export interface IdentityRow {
  user_id: string;
  submission_id: string;
  status: IdentityCheckStatus;
  full_name: string;
  document_type: string;
  document_masked: string;
  submitted_at: Date;
  decided_at: Date | null;
  rejection_reason: string | null;
}
export interface ReviewRow extends IdentityRow {
  username: string;
  email: string;
  date_of_birth: string | null;
  same_number_accounts: number;
}

/** SQL of identity checks. The sealed number is written here and never selected. */
@Injectable()
export class IdentityRepository {
  constructor(@Inject(Database) private readonly db: Database) {}

  account(userId: string): Promise<{ role: string; date_of_birth: string | null } | undefined> {
    return this.db.selectFrom('users').select(['role', 'date_of_birth']).where('id', '=', userId).executeTakeFirst();
  }

  current(db: Database | Transaction<DB>, userId: string): Promise<IdentityRow | undefined> {
    return db
      .selectFrom('identity_checks')
      .select([
        'user_id',
        'submission_id',
        'status',
        'full_name',
        'document_type',
        'document_masked',
        'submitted_at',
        'decided_at',
        'rejection_reason',
      ])
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** Paise of the player's deposits approved or waiting for review. */
  async claimedPaise(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('transactions')
      .select(sql<string>`coalesce(sum(amount), 0)::text`.as('total'))
      .where('user_id', '=', userId)
      .where('type', '=', 'DEPOSIT')
      .where('status', 'in', ['PENDING', 'COMPLETED'])
      .executeTakeFirstOrThrow();
    return exactPaiseToNumber(exactPaise(row.total), 'deposits claimed');
  }

  /**
   * Stores a submission: the first one, or a new one over a rejected one (a new submission id, the decision
   * cleared). Nothing, and undefined, when a pending or verified one is there (the conditional upsert decides
   * between two parallel submissions: one is stored, the other sees it pending).
   */
  submit(values: {
    userId: string;
    fullName: string;
    documentType: string;
    sealed: string;
    keyId: string;
    masked: string;
    digest: string;
  }): Promise<IdentityRow | undefined> {
    return this.db
      .insertInto('identity_checks')
      .values({
        user_id: values.userId,
        full_name: values.fullName,
        document_type: values.documentType,
        document_sealed: values.sealed,
        key_id: values.keyId,
        document_masked: values.masked,
        document_digest: values.digest,
      })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet({
            submission_id: sql`gen_random_uuid()`,
            status: 'pending',
            full_name: (eb) => eb.ref('excluded.full_name'),
            document_type: (eb) => eb.ref('excluded.document_type'),
            document_sealed: (eb) => eb.ref('excluded.document_sealed'),
            key_id: (eb) => eb.ref('excluded.key_id'),
            document_masked: (eb) => eb.ref('excluded.document_masked'),
            document_digest: (eb) => eb.ref('excluded.document_digest'),
            submitted_at: sql`now()`,
            decided_at: null,
            decided_by: null,
            rejection_reason: null,
          })
          .where('identity_checks.status', '=', 'rejected'),
      )
      .returning([
        'user_id',
        'submission_id',
        'status',
        'full_name',
        'document_type',
        'document_masked',
        'submitted_at',
        'decided_at',
        'rejection_reason',
      ])
      .executeTakeFirst();
  }

  /** Records the date of birth of an account without one; false when it has one (it is recorded once). */
  async setDateOfBirth(userId: string, dateOfBirth: string): Promise<boolean> {
    const row = await this.db
      .updateTable('users')
      .set({ date_of_birth: dateOfBirth, updated_at: sql<Date>`now()` })
      .where('id', '=', userId)
      .where('role', '=', 'user')
      .where('date_of_birth', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  private reviewQuery(db: Database | Transaction<DB>) {
    return db
      .selectFrom('identity_checks as i')
      .innerJoin('users as u', 'u.id', 'i.user_id')
      .select([
        'i.user_id',
        'i.submission_id',
        'i.status',
        'i.full_name',
        'i.document_type',
        'i.document_masked',
        'i.submitted_at',
        'i.decided_at',
        'i.rejection_reason',
        'u.username',
        'u.email',
        'u.date_of_birth',
        sql<number>`(SELECT count(*)::int FROM identity_checks o WHERE o.document_digest = i.document_digest AND o.user_id <> i.user_id)`.as(
          'same_number_accounts',
        ),
      ]);
  }

  /** The reviewer's list: one status (oldest submission first), or every status (newest first). */
  list(status: IdentityCheckStatus | null): Promise<ReviewRow[]> {
    let query = this.reviewQuery(this.db);
    if (status)
      query = query.where('i.status', '=', status).orderBy('i.submitted_at', status === 'pending' ? 'asc' : 'desc');
    else query = query.orderBy('i.submitted_at', 'desc');
    return query.limit(IDENTITY_LIST_LIMIT).execute() as Promise<ReviewRow[]>;
  }

  find(db: Database | Transaction<DB>, submissionId: string): Promise<ReviewRow | undefined> {
    if (!isUuid(submissionId)) return Promise.resolve(undefined);
    return this.reviewQuery(db).where('i.submission_id', '=', submissionId).executeTakeFirst() as Promise<
      ReviewRow | undefined
    >;
  }

  /**
   * Decides a pending submission, exactly once: the conditional update moves only the submission the reviewer saw
   * (its id) while it is pending. The player's id, or undefined when it was not pending (or not found).
   */
  async decide(
    trx: Transaction<DB>,
    submissionId: string,
    decision: { adminId: string; status: 'verified' | 'rejected'; reason: string | null },
  ): Promise<string | undefined> {
    if (!isUuid(submissionId)) return undefined;
    const row = await trx
      .updateTable('identity_checks')
      .set({
        status: decision.status,
        decided_at: sql<Date>`now()`,
        decided_by: decision.adminId,
        rejection_reason: decision.reason,
      })
      .where('submission_id', '=', submissionId)
      .where('status', '=', 'pending')
      .returning('user_id')
      .executeTakeFirst();
    return row?.user_id;
  }

  async audit(
    trx: Transaction<DB>,
    entry: {
      adminId: string;
      userId: string;
      submissionId: string;
      status: 'verified' | 'rejected';
      reason: string | null;
      documentType: string;
      masked: string;
    },
  ): Promise<void> {
    await trx
      .insertInto('audit_log')
      .values({
        actor_id: entry.adminId,
        beneficiary_id: entry.userId,
        action: entry.status === 'verified' ? 'identity.verify' : 'identity.reject',
        target_type: 'identity_check',
        target_id: entry.submissionId,
        decision: entry.status,
        note: entry.reason,
        metadata: JSON.stringify({ documentType: entry.documentType, documentNumber: entry.masked }),
      })
      .execute();
  }
}
