import { sql, type Kysely } from 'kysely';

/**
 * One stored answer per place-bet command: `(user_id, command_id)` is the id the client gave the command (or the
 * id the gateway gave it, for a client that sends none). The bet pipeline writes the outcome in the same
 * transaction as the bet or its refusal; an api node writes a refusal when it told the player the bet could not be
 * placed (or when asked about a command nobody applied). Whoever writes first wins: the primary key makes the
 * other writer fail or find the stored answer, so a command is answered one way only and never charged after the
 * player was told it was not placed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE bet_outcomes (
      user_id uuid NOT NULL,
      command_id uuid NOT NULL,
      kind text NOT NULL CHECK (kind IN ('accepted', 'rejected', 'unavailable')),
      bet_id uuid REFERENCES bets (id),
      period_id text,
      message text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, command_id),
      -- An accepted command names its bet; a refusal never does.
      CONSTRAINT bet_outcomes_bet_iff_accepted CHECK ((kind = 'accepted') = (bet_id IS NOT NULL))
    )
  `.execute(db);
}
