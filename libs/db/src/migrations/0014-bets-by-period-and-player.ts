import { sql, type Kysely } from 'kysely';

/**
 * The bets of a period are indexed by period and player, `(period_id, user_id)`, instead of by period alone.
 *
 * Every bet batch looks up, for each of its players, the games they bet on in the period (one per game per period).
 * With the period alone indexed, the planner could answer that by reading the period's index and filtering on the
 * player, a plan it picks whenever the table's statistics were taken while the period was still small (which is
 * always the case for the period being bet on): each lookup then read every bet of the period placed so far, and a
 * batch of 100 players in a 20,000-bet round read a million index entries, so Postgres's CPU per bet grew with the
 * round. With both columns in the index, every plan the planner can pick finds a player's bets of a period directly.
 * Settlement and refunds still find a period's bets through it (its first column), and no settlement changes an
 * indexed column (updates stay heap-only, see 0010).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE INDEX bets_period_user_idx ON bets (period_id, user_id);
    DROP INDEX bets_period_idx;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE INDEX bets_period_idx ON bets (period_id);
    DROP INDEX bets_period_user_idx;
  `.execute(db);
}
