import { sql, type Kysely } from 'kysely';

/**
 * Fencing of the round engine's leaders, and publication records of each period's results.
 *
 * - `fencing_tokens`: one row per leased role (`round-clock`, `bets:{partition}`). Winning a lease increments its
 *   token (UPDATE … RETURNING); every write transaction of a leader checks, in the same transaction, that the
 *   token is still its own (SELECT … FOR SHARE). A leader that lost its lease (paused, partitioned) and wakes up
 *   finds a higher token and its write fails: it can never act after its successor has.
 * - `periods.refund_reason`: why a refunded period was refunded: `not-drawn` (not drawn within a round of its
 *   end), `settlement-deadline` (drawn, but not settled within the settlement deadline) or `missed` (no engine
 *   ran during the period: it is recorded, without bets, so that period ids have no gap).
 * - `periods.game_result_published_at`: when the drawn result was broadcast (a successor broadcasts it again
 *   when it is missing). Periods drawn before this migration count as broadcast.
 * - A period drawn and then refunded (not settled before the deadline) keeps its revealed seed and result: the
 *   fairness pages show and verify it. So an OPEN period has neither, a DRAWN or SETTLED one has both, and a
 *   REFUNDED one has both or neither.
 * - `periods.results_claimed_at`: when a publisher last took on publishing the period's bet-results or refund
 *   notices; with `results_published_at` still NULL after a while, the publisher stopped in between and the
 *   current leader publishes them (at most once: the publication itself is recorded in Redis atomically).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE fencing_tokens (
      name text PRIMARY KEY,
      token bigint NOT NULL CHECK (token > 0),
      acquired_at timestamptz NOT NULL DEFAULT now()
    );
    ALTER TABLE periods
      ADD COLUMN refund_reason text CHECK (refund_reason IN ('not-drawn', 'settlement-deadline', 'missed')),
      ADD COLUMN game_result_published_at timestamptz,
      ADD COLUMN results_claimed_at timestamptz;
    UPDATE periods SET game_result_published_at = drawn_at WHERE drawn_at IS NOT NULL;
    DO $$
    DECLARE c text;
    BEGIN
      FOR c IN SELECT conname FROM pg_constraint
               WHERE conrelid = 'periods'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%digit IS NOT NULL%'
      LOOP
        EXECUTE format('ALTER TABLE periods DROP CONSTRAINT %I', c);
      END LOOP;
    END $$;
    ALTER TABLE periods ADD CONSTRAINT periods_draw_check CHECK (
      CASE status
        WHEN 'OPEN' THEN digit IS NULL AND seed IS NULL
        WHEN 'REFUNDED' THEN (digit IS NULL) = (seed IS NULL)
        ELSE digit IS NOT NULL AND seed IS NOT NULL
      END
    );
    CREATE INDEX periods_results_unpublished_idx ON periods (end_at)
      WHERE results_published_at IS NULL AND status IN ('SETTLED', 'REFUNDED');
    CREATE INDEX periods_game_result_unpublished_idx ON periods (end_at)
      WHERE game_result_published_at IS NULL AND drawn_at IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP INDEX IF EXISTS periods_game_result_unpublished_idx;
    DROP INDEX IF EXISTS periods_results_unpublished_idx;
    ALTER TABLE periods DROP COLUMN IF EXISTS refund_reason, DROP COLUMN IF EXISTS game_result_published_at, DROP COLUMN IF EXISTS results_claimed_at;
    DROP TABLE IF EXISTS fencing_tokens;
    ALTER TABLE periods DROP CONSTRAINT IF EXISTS periods_draw_check;
  `.execute(db);
}
