import { sql, type Kysely } from 'kysely';

/**
 * Each bet records the payout of its choice when it is placed (`bets.payout`, from PAYOUTS: docs/configuration.md),
 * and is settled at it: an operator who changes the payouts, or an engine restarted with others, changes what the
 * bets placed from then on are paid, never those already placed.
 *
 * - A multiplier of at least 1 with at most 2 decimals (numeric(4,2)), and at most 10: the rarest choice (one digit)
 *   wins 1 round in 10, so above 10 the house pays back more than is staked on any choice.
 * - Null only for bets placed before this migration: the settlement pays those the choice's payout in force when it
 *   settles (as before) and records it on the settled bet.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE bets
      ADD COLUMN payout numeric(4, 2),
      ADD CONSTRAINT bets_payout_range CHECK (payout >= 1 AND payout <= 10);
  `.execute(db);
}
