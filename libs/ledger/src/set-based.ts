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
 * Applies wallet deltas computed by a query, in one statement: `deltas` yields rows `(user_id uuid, main bigint,
 * bonus bigint)`, at most one per user. The wallets are locked in user-id order (as `lockWallets` and every bet
 * batch lock them: concurrent transactions cannot deadlock) and updated in the same statement, so a caller that
 * runs it last in its transaction holds them for the shortest time. The caller posts the same amounts to the
 * users' accounts in the same transaction (the wallets are the projection of those postings). A wallet that would
 * go below zero fails the statement (CHECK constraint); a delta naming a user without a wallet throws.
 * @returns the number of wallets updated.
 */
export async function applyWalletDeltas(trx: Transaction<DB>, deltas: RawBuilder<unknown>): Promise<number> {
  const { rows } = await sql<{ wanted: string; updated: string }>`
    WITH d AS MATERIALIZED (${deltas}),
    locked AS (
      SELECT w.id, d.main, d.bonus FROM wallets w JOIN d ON d.user_id = w.user_id ORDER BY w.user_id FOR UPDATE OF w
    ),
    updated AS (
      UPDATE wallets w SET main = w.main + l.main, bonus = w.bonus + l.bonus, updated_at = now()
      FROM locked l WHERE w.id = l.id
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM d) AS wanted, (SELECT count(*) FROM updated) AS updated
  `.execute(trx);
  const { wanted, updated } = rows[0]!;
  if (Number(wanted) !== Number(updated)) throw new Error('a journal entry names a user without a wallet');
  return Number(updated);
}

/**
 * One journal entry computed by a set-based statement (settling or refunding a whole period): the caller's CTEs
 * compute the rows (and may write its own projections, e.g. `UPDATE bets … RETURNING`), the ledger adds the event and
 * its postings to the same statement, so nothing per row passes through Node.
 */
export interface SetBasedEntry<R extends object = object> {
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
   * The wallets the entry's user postings move, rows `(user_id, main, bonus)` read after the statement (given its
   * result; null moves none): credited by `applyWalletDeltas` right after the entry balances, so one call records the
   * entry and moves its wallets.
   */
  walletDeltas?: (result: R) => RawBuilder<unknown> | null;
}

/**
 * Records a set-based journal entry inside the caller's transaction in ONE statement: the caller's CTEs, the event
 * (no outbox row: the caller publishes the results itself) and its postings. The postings must sum to zero: the
 * ledger's trigger refuses an unbalanced entry at the commit, and this function throws before then (before any
 * wallet moves). Then the wallets of `entry.walletDeltas`, locked in user-id order and credited in one statement
 * (`applyWalletDeltas`); the caller makes this call the last that moves money before its commit.
 * @returns the row of `entry.result`, and how many wallets moved.
 */
export async function recordSetBasedEntry<R extends object>(
  trx: Transaction<DB>,
  entry: SetBasedEntry<R>,
): Promise<R & { wallets: number }> {
  // Invariant (double entry): the entry's postings sum to zero; checked here and by the balance trigger.
  const { rows } = await sql<R & { journal_balance: string }>`
    WITH ${entry.with}, journal_entry AS (
      INSERT INTO events (type, stream, payload)
      SELECT ${entry.type}::text, ${entry.stream}::text, ${entry.payload}
      FROM ${entry.from}
      RETURNING seq
    ), journal_postings AS (
      INSERT INTO ledger_postings (event_seq, account, amount)
      SELECT e.seq, p.account, p.amount FROM journal_entry e CROSS JOIN (${entry.postings}) p
      RETURNING amount
    )
    SELECT r.*, (SELECT coalesce(sum(amount), 0) FROM journal_postings)::text AS journal_balance FROM (${entry.result}) r
  `.execute(trx);
  const { journal_balance: balance, ...result } = rows[0]!;
  if (balance !== '0')
    throw new UnbalancedEntryError(`journal entry ${entry.type} of ${entry.stream} does not balance (${balance})`);
  const deltas = entry.walletDeltas?.(result as unknown as R) ?? null;
  const wallets = deltas ? await applyWalletDeltas(trx, deltas) : 0;
  return { ...(result as unknown as R), wallets };
}
