import { sql, type Kysely } from 'kysely';

/**
 * Care signals for the operator (docs/care-signals.md), in the manner of UK LCCP SR 3.4.3 (customer interaction):
 *
 * - `limit_hits`: each refusal by one of the player's own limits, written where it is decided — a deposit claim
 *   refused by a deposit limit (the api, beside the refusal), a bet refused by a loss limit (the bet batch, in its one
 *   write statement, only when the batch has such a refusal), a session ended by the session limit (with the pause).
 *   `message` is what the player was told (it names the limit and its figures).
 * - `limit_changes`: each limit a player applied (new or stricter, in force at once) and each loosening they asked
 *   for (a higher value or a removal, waiting 24 hours), written in the transaction that stores the limits. Limits
 *   themselves keep only the value in force; this is their history.
 * - `care_flags`: the patterns the round engine's care job found (one row per player and pattern): the sentence the
 *   console shows, its figures, when it was first and last seen and the latest occurrence it names (`evidence_at`),
 *   and the operator's review (`contacted` or `dismissed`, with a note, who and when). A reviewed flag reopens only
 *   on occurrences after its review.
 * - `care_scans`: how far the care job has looked (one row): the next run looks only at players active since.
 *
 * None of these moves money; the api reads the flags and records reviews (SELECT, UPDATE), and writes the hits and
 * changes (SELECT, INSERT); rows are never deleted by it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE limit_hits (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id),
      kind text NOT NULL CHECK (kind IN ('deposit', 'loss', 'session')),
      message text NOT NULL CHECK (char_length(message) BETWEEN 1 AND 500),
      at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX limit_hits_player_idx ON limit_hits (user_id, at);
    CREATE INDEX limit_hits_at_idx ON limit_hits (at);

    CREATE TABLE limit_changes (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id),
      kind text NOT NULL CHECK (kind IN ('deposit24h', 'deposit7d', 'deposit30d', 'loss24h', 'loss7d', 'loss30d', 'sessionMinutes')),
      change text NOT NULL CHECK (change IN ('applied', 'loosening')),
      -- The value in force before, and the value applied or asked for (null: no limit / a removal). Paise; minutes.
      from_value bigint,
      to_value bigint,
      at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT limit_changes_applied_value CHECK (change <> 'applied' OR to_value IS NOT NULL)
    );
    CREATE INDEX limit_changes_player_idx ON limit_changes (user_id, at);
    CREATE INDEX limit_changes_at_idx ON limit_changes (at);

    CREATE TABLE care_flags (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id),
      pattern text NOT NULL CHECK (pattern IN ('loss-chasing', 'night-play', 'deposits-after-losses', 'limits-reached', 'limit-loosened', 'quick-return')),
      summary text NOT NULL,
      figures jsonb NOT NULL,
      evidence_at timestamptz NOT NULL,
      first_seen_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'contacted', 'dismissed')),
      note text CHECK (char_length(note) BETWEEN 1 AND 1000),
      reviewed_by uuid REFERENCES users(id),
      reviewed_at timestamptz,
      CONSTRAINT care_flags_one_per_pattern UNIQUE (user_id, pattern),
      CONSTRAINT care_flags_review_whole CHECK ((note IS NULL) = (reviewed_by IS NULL) AND (note IS NULL) = (reviewed_at IS NULL)),
      CONSTRAINT care_flags_reviewed CHECK (status = 'open' OR note IS NOT NULL)
    );
    CREATE INDEX care_flags_status_idx ON care_flags (status, last_seen_at DESC);

    CREATE TABLE care_scans (
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      scanned_to timestamptz NOT NULL
    );

    GRANT SELECT, INSERT ON limit_hits, limit_changes TO winround_api;
    GRANT SELECT, UPDATE ON care_flags TO winround_api;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE care_scans; DROP TABLE care_flags; DROP TABLE limit_changes; DROP TABLE limit_hits;`.execute(db);
}
