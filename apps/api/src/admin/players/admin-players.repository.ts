import { Inject, Injectable } from '@nestjs/common';
import { sql, type Transaction } from 'kysely';
import { Database, type DB, type UserStatus } from '@app/db';
import { isUuid } from '@app/domain';

/** How many players one search returns (newest accounts first). */
export const PLAYER_LIST_LIMIT = 50;

export interface PlayerRow {
  id: string;
  username: string;
  email: string;
  role: string;
  status: UserStatus;
  created_at: Date;
  suspended_at: Date | null;
  suspension_reason: string | null;
  main: number | null;
  bonus: number | null;
}

/** SQL of the console's Players tab. */
@Injectable()
export class AdminPlayersRepository {
  constructor(@Inject(Database) private readonly db: Database) {}

  private select(db: Database | Transaction<DB>) {
    return db
      .selectFrom('users as u')
      .leftJoin('wallets as w', 'w.user_id', 'u.id')
      .select([
        'u.id',
        'u.username',
        'u.email',
        'u.role',
        'u.status',
        'u.created_at',
        'u.suspended_at',
        'u.suspension_reason',
        'w.main',
        'w.bonus',
      ])
      .where('u.role', '=', 'user');
  }

  /**
   * Players whose username or e-mail starts with `term` (case-insensitive), or whose id it is; all players without
   * one; only the suspended ones with `suspendedOnly`. Newest accounts first.
   */
  search(term: string, suspendedOnly: boolean): Promise<PlayerRow[]> {
    let query = this.select(this.db);
    if (term) {
      const prefix = `${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) =>
        eb.or([
          eb(sql`lower(u.username)`, 'like', prefix),
          eb(sql`lower(u.email)`, 'like', prefix),
          ...(isUuid(term) ? [eb('u.id', '=', term.toLowerCase())] : []),
        ]),
      );
    }
    if (suspendedOnly) query = query.where('u.status', '=', 'suspended');
    return query.orderBy('u.created_at', 'desc').orderBy('u.id', 'desc').limit(PLAYER_LIST_LIMIT).execute() as Promise<
      PlayerRow[]
    >;
  }

  /** The account, its row locked (a review of its withdrawal waits, or is waited for). */
  async lock(trx: Transaction<DB>, userId: string): Promise<{ role: string; status: UserStatus } | undefined> {
    if (!isUuid(userId)) return undefined;
    return trx.selectFrom('users').select(['role', 'status']).where('id', '=', userId).forUpdate().executeTakeFirst();
  }

  async setStatus(trx: Transaction<DB>, userId: string, suspension: { reason: string } | null): Promise<void> {
    await trx
      .updateTable('users')
      .set(
        suspension
          ? {
              status: 'suspended',
              suspended_at: sql<Date>`now()`,
              suspension_reason: suspension.reason,
              updated_at: sql<Date>`now()`,
            }
          : { status: 'active', suspended_at: null, suspension_reason: null, updated_at: sql<Date>`now()` },
      )
      .where('id', '=', userId)
      .execute();
  }

  async audit(
    trx: Transaction<DB>,
    entry: {
      actorId: string;
      userId: string;
      action: 'player.suspend' | 'player.reinstate';
      reason: string;
      previousStatus: UserStatus;
    },
  ): Promise<void> {
    await trx
      .insertInto('audit_log')
      .values({
        actor_id: entry.actorId,
        beneficiary_id: entry.userId,
        action: entry.action,
        target_type: 'user',
        target_id: entry.userId,
        decision: entry.action === 'player.suspend' ? 'suspended' : 'active',
        note: entry.reason,
        metadata: JSON.stringify({ previousStatus: entry.previousStatus }),
      })
      .execute();
  }

  find(db: Database | Transaction<DB>, userId: string): Promise<PlayerRow | undefined> {
    return this.select(db).where('u.id', '=', userId).executeTakeFirst() as Promise<PlayerRow | undefined>;
  }
}
