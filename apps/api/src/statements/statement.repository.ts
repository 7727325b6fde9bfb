import { Inject, Injectable } from '@nestjs/common';
import { sql, type Transaction } from 'kysely';
import { Database, pgArray, ReadDatabase, type DB } from '@app/db';

/** Where a read runs: the pool, or a snapshot transaction (a JSON page reads its balances and lines in one). */
export type Reader = Database | ReadDatabase | Transaction<DB>;
import { Accounts } from '@app/ledger';

/** Exact paise sums (numeric text) of one balance. */
export interface BalanceSums {
  /** Postings before the range: the opening balance. */
  opening: string;
  /** Postings before the end of the range: the closing balance. */
  closing: string;
  /** The range's postings up to and including the page's `after` entry: what the page's first line starts from. */
  beforePage: string;
  /** The range's money in and out. */
  in: string;
  out: string;
}

/** One journal entry of the player's accounts: its postings summed per balance. */
export interface EntryRow {
  seq: number;
  at: Date;
  type: string;
  stream: string;
  reference: string | null;
  main: number;
  bonus: number;
}

export interface StatementWindow {
  userId: string;
  from: Date;
  toExclusive: Date;
  /** The last journal entry already shown (0: none). */
  after: number;
}

/**
 * SQL of account statements: the postings of a player's two ledger accounts, read through
 * `ledger_postings_account_seq_idx (account, event_seq) INCLUDE (amount, created_at)` (migration 0023).
 */
@Injectable()
export class StatementRepository {
  /**
   * Balances and lines may lag a little behind the primary: they are read from `reads` (a read replica's, when one is
   * set). The point look-ups (does the wallet exist, is it a player) stay on the primary: a new player has no statement
   * lines yet, but must not be refused.
   */
  private readonly reads: Reader;

  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(ReadDatabase) reads?: ReadDatabase,
  ) {
    this.reads = reads ?? db;
  }

  /** Runs `read` in one read-only REPEATABLE READ transaction: its balances and lines see the same entries. */
  snapshot<T>(read: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.reads.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(read);
  }

  /** The player's wallet, or undefined (an administrator has none). */
  wallet(userId: string) {
    return this.db
      .selectFrom('wallets')
      .select(['id', 'main', 'bonus'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /**
   * Opening, closing and page-start balances of main and bonus, in one scan of the two accounts' index entries.
   * Invariant shown by construction: closing = opening + the sum of the range's lines (the same postings, split at
   * the range's bounds by the time their entry was recorded).
   */
  async sums(window: StatementWindow, db: Reader = this.reads): Promise<{ main: BalanceSums; bonus: BalanceSums }> {
    const { userId, from, toExclusive, after } = window;
    const main = Accounts.userMain(userId);
    const { rows } = await sql<BalanceSums & { account: string }>`
      SELECT account,
             coalesce(sum(amount) FILTER (WHERE created_at < ${from}), 0)::text AS opening,
             coalesce(sum(amount) FILTER (WHERE created_at < ${toExclusive}), 0)::text AS closing,
             coalesce(sum(amount) FILTER (WHERE created_at >= ${from} AND created_at < ${toExclusive} AND event_seq <= ${after}), 0)::text AS "beforePage",
             coalesce(sum(amount) FILTER (WHERE created_at >= ${from} AND created_at < ${toExclusive} AND amount > 0), 0)::text AS in,
             coalesce(sum(amount) FILTER (WHERE created_at >= ${from} AND created_at < ${toExclusive} AND amount < 0), 0)::text AS out
      FROM ledger_postings
      WHERE account IN (${main}, ${Accounts.userBonus(userId)})
      GROUP BY account
    `.execute(db);
    const zero: BalanceSums = { opening: '0', closing: '0', beforePage: '0', in: '0', out: '0' };
    const of = (account: string): BalanceSums => {
      const row = rows.find((r) => r.account === account);
      return row
        ? { opening: row.opening, closing: row.closing, beforePage: row.beforePage, in: row.in, out: row.out }
        : zero;
    };
    return { main: of(main), bonus: of(Accounts.userBonus(userId)) };
  }

  /**
   * The next `limit` journal entries of the range after `after`, in entry order, whole (every posting of an entry
   * to either account is in, so each line is complete): each account is read from `after` up to `limit` postings,
   * and when a read was cut short the page stops at its last entry. `more` says whether entries may follow.
   */
  async entries(
    window: StatementWindow,
    limit: number,
    db: Reader = this.reads,
  ): Promise<{ entries: EntryRow[]; more: boolean }> {
    const { userId, from, toExclusive, after } = window;
    const accounts = [Accounts.userMain(userId), Accounts.userBonus(userId)];
    const { rows } = await sql<{ account: string; seq: string; amount: string; at: Date }>`
      SELECT a.account, p.event_seq::text AS seq, p.amount::text AS amount, p.created_at AS at
      FROM unnest(${pgArray(accounts)}::text[]) AS a(account)
      CROSS JOIN LATERAL (
        SELECT event_seq, amount, created_at FROM ledger_postings
        WHERE account = a.account AND event_seq > ${after} AND created_at >= ${from} AND created_at < ${toExclusive}
        ORDER BY event_seq LIMIT ${limit}
      ) p
    `.execute(db);
    let bound = Number.MAX_SAFE_INTEGER;
    for (const account of accounts) {
      const own = rows.filter((r) => r.account === account);
      if (own.length === limit) bound = Math.min(bound, Math.max(...own.map((r) => Number(r.seq))));
    }
    const bySeq = new Map<number, { at: Date; main: number; bonus: number }>();
    for (const row of rows) {
      const seq = Number(row.seq);
      if (seq > bound) continue;
      const entry = bySeq.get(seq) ?? { at: row.at, main: 0, bonus: 0 };
      if (row.account === accounts[0]) entry.main += Number(row.amount);
      else entry.bonus += Number(row.amount);
      bySeq.set(seq, entry);
    }
    const seqs = [...bySeq.keys()].sort((a, b) => a - b).slice(0, limit);
    const more = bound !== Number.MAX_SAFE_INTEGER || bySeq.size > limit;
    if (seqs.length === 0) return { entries: [], more: false };
    const events = await db
      .selectFrom('events')
      .select(['seq', 'type', 'stream', sql<string | null>`payload->>'transactionId'`.as('reference')])
      .where('seq', 'in', seqs)
      .execute();
    const eventBySeq = new Map(events.map((e) => [Number(e.seq), e]));
    return {
      entries: seqs.map((seq) => {
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
      }),
      more,
    };
  }

  /**
   * The periods of the player's bets placed by these journal entries (a bet batch's entry names its bets by
   * `placed_seq`), found through `bets_user_idx (user_id, created_at)`: a bet is created in its entry's transaction.
   */
  async stakePeriods(
    userId: string,
    entries: { seq: number; at: Date }[],
    db: Reader = this.reads,
  ): Promise<Map<number, string[]>> {
    const periods = new Map<number, string[]>();
    if (entries.length === 0) return periods;
    const times = entries.map((e) => e.at.getTime());
    const rows = await db
      .selectFrom('bets')
      .select(['placed_seq', 'period_id'])
      .where('user_id', '=', userId)
      .where('created_at', '>=', new Date(Math.min(...times)))
      // Times read back hold milliseconds; the database's hold microseconds.
      .where('created_at', '<', new Date(Math.max(...times) + 1))
      .where(
        'placed_seq',
        'in',
        entries.map((e) => e.seq),
      )
      .orderBy('period_id')
      .execute();
    for (const row of rows) {
      const seq = Number(row.placed_seq);
      const list = periods.get(seq) ?? [];
      if (!list.includes(row.period_id)) list.push(row.period_id);
      periods.set(seq, list);
    }
    return periods;
  }

  /** The audit row of a statement an administrator produced for a player. */
  async auditAdminStatement(entry: {
    adminId: string;
    userId: string;
    from: string;
    to: string;
    format: string;
  }): Promise<void> {
    await this.db
      .insertInto('audit_log')
      .values({
        actor_id: entry.adminId,
        beneficiary_id: entry.userId,
        action: 'player.statement',
        target_type: 'user',
        target_id: entry.userId,
        decision: null,
        note: null,
        metadata: JSON.stringify({ from: entry.from, to: entry.to, format: entry.format }),
      })
      .execute();
  }

  /** Whether the id is a player's (not an administrator's) account. */
  async isPlayer(userId: string): Promise<boolean> {
    const row = await this.db.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirst();
    return row?.role === 'user';
  }
}
