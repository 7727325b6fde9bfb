import { Inject, Injectable } from '@nestjs/common';
import { sql, type Transaction } from 'kysely';
import { Database, pgArray, type DB, type TransactionRow, type UserStatus } from '@app/db';
import { isUuid } from '@app/domain';
import { Accounts } from '@app/ledger';

/** How many players one search returns (newest accounts first). */
export const PLAYER_LIST_LIMIT = 50;
/** How many ledger entries, claims and bets the player view shows (the newest). */
export const OVERVIEW_LIMIT = 20;

/** One journal entry of a player's accounts: what it moved on main and bonus (paise), and what it was. */
export interface LedgerEntryRow {
  seq: number;
  at: Date;
  type: string;
  stream: string;
  reference: string | null;
  main: number;
  bonus: number;
}

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

  /** The player's newest deposits and withdrawals, any status (transactions_user_idx (user_id, created_at)). */
  claims(userId: string, limit = OVERVIEW_LIMIT): Promise<TransactionRow[]> {
    return this.db
      .selectFrom('transactions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('type', 'in', ['DEPOSIT', 'WITHDRAWAL'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** The player's newest bets (bets_user_idx (user_id, created_at)). */
  bets(userId: string, limit = OVERVIEW_LIMIT) {
    return this.db
      .selectFrom('bets')
      .select([
        'id',
        'bet_type',
        'bet_value',
        'system_selected_value',
        'amount',
        'is_win',
        'win_amount',
        'status',
        'played_from',
        'period_id',
        'created_at',
        'updated_at',
      ])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * The newest journal entries of the player's main and bonus accounts, each with what it moved on either: each
   * account is read backwards through ledger_postings_account_seq_idx (account, event_seq), then the entries are
   * merged and named by their event. An entry older than both reads' last is left out, so none is shown in part.
   */
  async ledger(userId: string, limit = OVERVIEW_LIMIT): Promise<LedgerEntryRow[]> {
    const accounts = [Accounts.userMain(userId), Accounts.userBonus(userId)];
    const { rows } = await sql<{ account: string; seq: string; amount: string; at: Date }>`
      SELECT a.account, p.event_seq::text AS seq, p.amount::text AS amount, p.created_at AS at
      FROM unnest(${pgArray(accounts)}::text[]) AS a(account)
      CROSS JOIN LATERAL (
        SELECT event_seq, amount, created_at FROM ledger_postings
        WHERE account = a.account
        ORDER BY event_seq DESC LIMIT ${limit}
      ) p
    `.execute(this.db);
    // A read cut short at `limit` may have left out an older posting of an entry the other read holds.
    let floor = 0;
    for (const account of accounts) {
      const own = rows.filter((r) => r.account === account);
      if (own.length === limit) floor = Math.max(floor, Math.min(...own.map((r) => Number(r.seq))));
    }
    const bySeq = new Map<number, { at: Date; main: number; bonus: number }>();
    for (const row of rows) {
      const seq = Number(row.seq);
      if (seq < floor) continue;
      const entry = bySeq.get(seq) ?? { at: row.at, main: 0, bonus: 0 };
      if (row.account === accounts[0]) entry.main += Number(row.amount);
      else entry.bonus += Number(row.amount);
      bySeq.set(seq, entry);
    }
    const seqs = [...bySeq.keys()].sort((a, b) => b - a).slice(0, limit);
    if (seqs.length === 0) return [];
    const events = await this.db
      .selectFrom('events')
      .select(['seq', 'type', 'stream', sql<string | null>`payload->>'transactionId'`.as('reference')])
      .where('seq', 'in', seqs)
      .execute();
    const eventBySeq = new Map(events.map((e) => [Number(e.seq), e]));
    return seqs.map((seq) => {
      const entry = bySeq.get(seq)!;
      const event = eventBySeq.get(seq);
      return {
        seq,
        at: entry.at,
        type: event?.type ?? 'Unknown',
        stream: event?.stream ?? '',
        reference: event?.reference ?? null,
        main: entry.main,
        bonus: entry.bonus,
      };
    });
  }

  /** The audit row of an administrator's look at a player (the player view). */
  async auditRead(entry: { actorId: string; userId: string }): Promise<void> {
    await this.db
      .insertInto('audit_log')
      .values({
        actor_id: entry.actorId,
        beneficiary_id: entry.userId,
        action: 'player.overview',
        target_type: 'user',
        target_id: entry.userId,
        decision: null,
        note: null,
        metadata: JSON.stringify({}),
      })
      .execute();
  }

  find(db: Database | Transaction<DB>, userId: string): Promise<PlayerRow | undefined> {
    return this.select(db).where('u.id', '=', userId).executeTakeFirst() as Promise<PlayerRow | undefined>;
  }
}
