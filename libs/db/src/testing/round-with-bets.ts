import { sql } from 'kysely';
import type { Database } from '../database.js';

/**
 * A database with `players` players (usernames p1…pN, with wallets) and one period per id in `periods`, each started
 * 10 s after the one before and the last one 10 s ago, for specs that hold a statement's plan to the bets' shape:
 * `betAll(periodId)` has every player but those in `except` (usernames) bet on all three games of that period.
 * Returns the players' ids in username order.
 */
export async function seedRoundWithBets(
  db: Database,
  { periods, players }: { periods: readonly string[]; players: number },
): Promise<{ players: string[]; betAll: (periodId: string, except?: readonly string[]) => Promise<void> }> {
  const chain = await db
    .insertInto('fairness_chains')
    .values({ commitment: 'a'.repeat(64), tip: null, tip_sealed: 'AAAA', key_id: '0'.repeat(16), length: 10 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const lastStart = Date.now() - 10_000;
  await db
    .insertInto('periods')
    .values(
      periods.map((id, i) => {
        const startMs = lastStart - 30_000 * (periods.length - 1 - i);
        return {
          id,
          start_at: new Date(startMs),
          lock_at: new Date(startMs + 25_000),
          end_at: new Date(startMs + 30_000),
          chain_id: chain.id,
          chain_index: i + 1,
          seed_hash: 'a'.repeat(64),
        };
      }),
    )
    .execute();
  await sql`
    INSERT INTO users (username, email, password_hash, role, referral_code)
    SELECT 'p' || i, 'p' || i || '@gmail.com', 'x', 'user', 'R' || lpad(i::text, 7, '0') FROM generate_series(1, ${players}::int) AS i
  `.execute(db);
  await sql`INSERT INTO wallets (user_id) SELECT id FROM users ON CONFLICT DO NOTHING`.execute(db);
  const ids = (await sql<{ id: string }>`SELECT id FROM users ORDER BY username`.execute(db)).rows.map((r) => r.id);
  const betAll = async (periodId: string, except: readonly string[] = []) => {
    await sql`
      INSERT INTO bets (id, user_id, period_id, bet_type, bet_value, amount, from_bonus, placed_at)
      SELECT gen_random_uuid(), u.id, ${periodId}, g.t, CASE g.t WHEN 'color' THEN 'red' WHEN 'bigSmall' THEN 'big' ELSE '7' END, 1000, 0, now()
      FROM users u CROSS JOIN (VALUES ('color'), ('bigSmall'), ('number')) AS g(t)
      WHERE u.username <> ALL(${[...except]}::text[])
    `.execute(db);
  };
  return { players: ids, betAll };
}
