import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '@app/db';
import { exactPaise, exactPaiseToNumber } from '@app/domain';

/** A wallet's bonus and what its wagering requirement has seen so far (paise). */
export interface BonusWageringRow {
  userId: string;
  bonusPaise: number;
  requiredPaise: number;
  playedPaise: number;
  expiresAtMs: number | null;
  /** A bet paid partly from bonus is still unsettled. */
  pendingBonusBets: boolean;
}

/**
 * The bonus wagering of the given players' wallets, or (`userIds` null) of up to `limit` wallets under a requirement
 * (the few holding a bonus; found by a partial index). Played = the stakes of the player's bets settled since the
 * requirement began, whatever balance paid them.
 */
export async function readBonusWagering(
  db: Kysely<DB> | Transaction<DB>,
  userIds: string[] | null,
  options: { limit?: number; forUpdate?: boolean } = {},
): Promise<BonusWageringRow[]> {
  const which = userIds === null ? sql`w.bonus_wagering_required > 0` : sql`w.user_id = ANY(${userIds}::uuid[])`;
  const { rows } = await sql<{
    user_id: string;
    bonus: string;
    required: string;
    played: string;
    expires_ms: number | null;
    pending: boolean;
  }>`
    SELECT w.user_id, w.bonus::text, w.bonus_wagering_required::text AS required,
           (SELECT coalesce(sum(b.amount), 0) FROM bets b
             WHERE b.user_id = w.user_id AND b.status = 'COMPLETED' AND b.created_at >= w.bonus_wagering_since)::text AS played,
           (extract(epoch FROM w.bonus_expires_at) * 1000)::float8 AS expires_ms,
           EXISTS (SELECT 1 FROM bets b WHERE b.user_id = w.user_id AND b.status = 'PENDING' AND b.from_bonus > 0) AS pending
    FROM wallets w WHERE ${which}
    ORDER BY w.user_id
    ${options.limit ? sql`LIMIT ${options.limit}` : sql``}
    ${options.forUpdate ? sql`FOR UPDATE OF w` : sql``}
  `.execute(db);
  return rows.map((r) => ({
    userId: r.user_id,
    bonusPaise: Number(r.bonus),
    requiredPaise: Number(r.required),
    playedPaise: Number(r.played),
    expiresAtMs: r.expires_ms,
    pendingBonusBets: r.pending,
  }));
}

/** Sets a wallet's requirement (0 ends it). The caller holds the wallet's lock. */
export async function setBonusWagering(
  trx: Transaction<DB>,
  userId: string,
  requirement: { requiredPaise: number; expiresAtMs: number } | null,
): Promise<void> {
  await trx
    .updateTable('wallets')
    .set(
      requirement && requirement.requiredPaise > 0
        ? {
            bonus_wagering_required: requirement.requiredPaise,
            bonus_wagering_since: sql<Date>`now()`,
            bonus_expires_at: new Date(requirement.expiresAtMs),
            updated_at: sql<Date>`now()`,
          }
        : {
            bonus_wagering_required: 0,
            bonus_wagering_since: null,
            bonus_expires_at: null,
            updated_at: sql<Date>`now()`,
          },
    )
    .where('user_id', '=', userId)
    .execute();
}

/**
 * What a player played since their previous withdrawal request (pending or completed; since the account was opened
 * when none): deposits approved since then, stakes paid from main and settled since then (bonus-paid stakes do not
 * play a deposit through), everything withdrawn before, and the account's age in whole days. Index reads of the
 * player's transactions and bets only.
 */
export async function playSincePreviousWithdrawal(
  db: Kysely<DB>,
  userId: string,
): Promise<{ depositedPaise: number; stakedPaise: number; withdrawnBeforePaise: number; accountAgeDays: number }> {
  const { rows } = await sql<{ deposited: string; staked: string; withdrawn: string; age_days: number }>`
    WITH u AS (SELECT created_at FROM users WHERE id = ${userId}),
    since AS (
      SELECT coalesce(
        (SELECT max(created_at) FROM transactions WHERE user_id = ${userId} AND type = 'WITHDRAWAL' AND status IN ('PENDING', 'COMPLETED')),
        (SELECT created_at FROM u)) AS at
    )
    SELECT
      (SELECT coalesce(sum(amount), 0) FROM transactions, since WHERE user_id = ${userId} AND type = 'DEPOSIT' AND status = 'COMPLETED' AND reviewed_at > since.at)::text AS deposited,
      (SELECT coalesce(sum(amount - from_bonus), 0) FROM bets, since WHERE user_id = ${userId} AND status = 'COMPLETED' AND created_at > since.at)::text AS staked,
      (SELECT coalesce(sum(amount), 0) FROM transactions WHERE user_id = ${userId} AND type = 'WITHDRAWAL' AND status = 'COMPLETED')::text AS withdrawn,
      (SELECT floor(extract(epoch FROM now() - created_at) / 86400)::int FROM u) AS age_days
  `.execute(db);
  const row = rows[0]!;
  const paise = (text: string, what: string) => exactPaiseToNumber(exactPaise(text), what);
  return {
    depositedPaise: paise(row.deposited, 'deposits'),
    stakedPaise: paise(row.staked, 'stakes'),
    withdrawnBeforePaise: paise(row.withdrawn, 'withdrawals'),
    accountAgeDays: Number(row.age_days ?? 0),
  };
}
