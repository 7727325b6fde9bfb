import { Inject, Injectable } from '@nestjs/common';
import { type Transaction } from 'kysely';
import { Database, type CareFlagStatus, type DB } from '@app/db';
import type { CarePattern } from '@app/domain';

export interface CareFlagRow {
  id: string;
  user_id: string;
  username: string;
  email: string;
  pattern: CarePattern;
  summary: string;
  figures: unknown;
  first_seen_at: Date;
  last_seen_at: Date;
  status: CareFlagStatus;
  note: string | null;
  reviewed_by: string | null;
  reviewed_at: Date | null;
}

/** At most this many players in one answer of the Care tab. */
export const CARE_PLAYERS_MAX = 100;

/** SQL of the console's Care tab (table care_flags, migration 0024). Reads flags and records reviews; moves no money. */
@Injectable()
export class CareRepository {
  constructor(@Inject(Database) private readonly db: Database) {}

  private flags(db: Database | Transaction<DB>) {
    return db
      .selectFrom('care_flags as f')
      .innerJoin('users as u', 'u.id', 'f.user_id')
      .leftJoin('users as r', 'r.id', 'f.reviewed_by')
      .select([
        'f.id',
        'f.user_id',
        'u.username',
        'u.email',
        'f.pattern',
        'f.summary',
        'f.figures',
        'f.first_seen_at',
        'f.last_seen_at',
        'f.status',
        'f.note',
        'r.username as reviewed_by',
        'f.reviewed_at',
      ]);
  }

  /** The flags of the players who have one of `status` (all statuses: null), the latest seen player first. */
  async list(status: CareFlagStatus | null): Promise<CareFlagRow[]> {
    let players = this.db
      .selectFrom('care_flags')
      .select('user_id')
      .groupBy('user_id')
      .orderBy((eb) => eb.fn.max('last_seen_at'), 'desc')
      .limit(CARE_PLAYERS_MAX);
    if (status) players = players.where('status', '=', status);
    const ids = (await players.execute()).map((r) => r.user_id);
    if (ids.length === 0) return [];
    let query = this.flags(this.db).where('f.user_id', 'in', ids);
    if (status) query = query.where('f.status', '=', status);
    return (await query.orderBy('f.last_seen_at', 'desc').execute()) as CareFlagRow[];
  }

  async find(db: Database | Transaction<DB>, flagId: string): Promise<CareFlagRow | undefined> {
    return (await this.flags(db).where('f.id', '=', flagId).executeTakeFirst()) as CareFlagRow | undefined;
  }

  /** Records the review (the flag's row locked by the update); undefined when there is no such flag. */
  async review(
    trx: Transaction<DB>,
    flagId: string,
    status: Exclude<CareFlagStatus, 'open'>,
    note: string,
    adminId: string,
  ): Promise<{ user_id: string; previous: CareFlagStatus; pattern: string } | undefined> {
    const before = await trx
      .selectFrom('care_flags')
      .select(['user_id', 'status', 'pattern'])
      .where('id', '=', flagId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) return undefined;
    await trx
      .updateTable('care_flags')
      .set({ status, note, reviewed_by: adminId, reviewed_at: new Date() })
      .where('id', '=', flagId)
      .execute();
    return { user_id: before.user_id, previous: before.status, pattern: before.pattern };
  }

  async audit(
    trx: Transaction<DB>,
    entry: {
      adminId: string;
      userId: string;
      flagId: string;
      action: 'care.contacted' | 'care.dismissed';
      note: string;
      metadata: Record<string, unknown>;
    },
  ): Promise<void> {
    await trx
      .insertInto('audit_log')
      .values({
        actor_id: entry.adminId,
        beneficiary_id: entry.userId,
        action: entry.action,
        target_type: 'care_flag',
        target_id: entry.flagId,
        decision: entry.action === 'care.contacted' ? 'contacted' : 'dismissed',
        note: entry.note,
        metadata: JSON.stringify(entry.metadata),
      })
      .execute();
  }
}
