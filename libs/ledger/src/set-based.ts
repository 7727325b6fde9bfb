import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { DB } from '@app/db';

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
