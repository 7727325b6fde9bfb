import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { DB } from '@app/db';
import { UnbalancedEntryError } from './journal.js';

/**
 * A user's account name computed by SQL from a uuid expression: exactly what `Accounts.userMain(id)` /
 * `Accounts.userBonus(id)` name (a uuid's text form is lower-case and hyphenated, as the ids the code holds).
 */
export function userAccountSql(userId: RawBuilder<unknown>, balance: 'main' | 'bonus'): RawBuilder<string> {
  return sql<string>`('user:' || ${userId}::text || ${`:${balance}`}::text)`;
}

/**
 * The CTEs that apply wallet deltas inside the statement that records their entry: `wallet_deltas` (the rows
 * `(user_id uuid, main bigint, bonus bigint)` of `deltas`, at most one per user, over the caller's CTEs), the wallets
 * locked in user-id order (as `lockWallets` and every bet batch lock them: concurrent transactions cannot deadlock),
 * and their update (`wallet_moves`, one row per wallet moved). The wallets are the projection of the entry's user
 * postings; a wallet that would go below zero fails the statement (CHECK constraint).
 */
function walletMovesSql(deltas: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`wallet_deltas AS MATERIALIZED (${deltas}),
    wallet_locks AS (
      SELECT w.id, d.main, d.bonus FROM wallets w JOIN wallet_deltas d ON d.user_id = w.user_id ORDER BY w.user_id FOR UPDATE OF w
    ),
    wallet_moves AS (
      UPDATE wallets w SET main = w.main + l.main, bonus = w.bonus + l.bonus, updated_at = now()
      FROM wallet_locks l WHERE w.id = l.id
      RETURNING 1
    )`;
}

/**
 * One journal entry computed by a set-based statement (settling or refunding a whole period): the caller's CTEs
 * compute the rows (and may write its own projections, e.g. `UPDATE bets … RETURNING`), the ledger adds the event and
 * its postings to the same statement, so nothing per row passes through Node.
 */
export interface SetBasedEntry {
  /** The caller's CTEs, `name AS (…), …`, data-modifying ones included: what the entry is computed from. */
  with: RawBuilder<unknown>;
  type: string;
  /** The aggregate the event belongs to, e.g. `period:{id}`. */
  stream: string;
  /** The event's payload: a jsonb expression over the rows of `from`. */
  payload: RawBuilder<unknown>;
  /** What follows the event's FROM: one row records the entry, none records none (and no postings). */
  from: RawBuilder<unknown>;
  /** The postings, rows `(account text, amount bigint)`, none of them zero. */
  postings: RawBuilder<unknown>;
  /** The statement's result: a SELECT over the caller's CTEs giving one row. */
  result: RawBuilder<unknown>;
  /**
   * The wallets the entry's user postings move: a SELECT over the caller's CTEs giving rows `(user_id, main, bonus)`,
   * at most one per user, credited in the same statement (locked in user-id order), so one statement records the
   * entry and moves its wallets without reading its rows again.
   */
  walletDeltas?: RawBuilder<unknown>;
}

/**
 * Records a set-based journal entry inside the caller's transaction in ONE statement: the caller's CTEs, the event
 * (no outbox row: the caller publishes the results itself), its postings and the wallets of `entry.walletDeltas`,
 * locked in user-id order and credited (the caller makes this call the last that moves money before its commit). The
 * postings must sum to zero: the ledger's trigger refuses an unbalanced entry at the end of the statement, and this
 * function throws if they do not (the transaction then rolls back, wallets and all); it also throws when a delta
 * names a user without a wallet.
 * @returns the row of `entry.result`, and how many wallets moved.
 */
export async function recordSetBasedEntry<R extends object>(
  trx: Transaction<DB>,
  entry: SetBasedEntry,
): Promise<R & { wallets: number }> {
  const wallets = entry.walletDeltas ? sql`, ${walletMovesSql(entry.walletDeltas)}` : sql``;
  const counts = entry.walletDeltas
    ? sql`(SELECT count(*) FROM wallet_deltas)::int AS wallets_wanted, (SELECT count(*) FROM wallet_moves)::int AS wallets_moved`
    : sql`0 AS wallets_wanted, 0 AS wallets_moved`;
  // Invariant (double entry): the entry's postings sum to zero; checked here and by the balance trigger.
  const { rows } = await sql<R & { journal_balance: string; wallets_wanted: number; wallets_moved: number }>`
    WITH ${entry.with}, journal_entry AS (
      INSERT INTO events (type, stream, payload)
      SELECT ${entry.type}::text, ${entry.stream}::text, ${entry.payload}
      FROM ${entry.from}
      RETURNING seq
    ), journal_postings AS (
      INSERT INTO ledger_postings (event_seq, account, amount)
      SELECT e.seq, p.account, p.amount FROM journal_entry e CROSS JOIN (${entry.postings}) p
      RETURNING amount
    )${wallets}
    SELECT r.*, (SELECT coalesce(sum(amount), 0) FROM journal_postings)::text AS journal_balance, ${counts}
    FROM (${entry.result}) r
  `.execute(trx);
  const { journal_balance: balance, wallets_wanted: wanted, wallets_moved: moved, ...result } = rows[0]!;
  if (balance !== '0')
    throw new UnbalancedEntryError(`journal entry ${entry.type} of ${entry.stream} does not balance (${balance})`);
  if (wanted !== moved) throw new Error('a journal entry names a user without a wallet');
  return { ...(result as unknown as R), wallets: moved };
}
