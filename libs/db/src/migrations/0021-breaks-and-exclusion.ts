import { sql, type Kysely } from 'kysely';

/**
 * Breaks and self-exclusion (docs/breaks-and-exclusion.md):
 *
 * - `play_breaks`: every break or self-exclusion a player took, with its start, end, kind and option, who took it
 *   (`actor_id`, the player) and why (`reason`). A player's latest row (highest `id`) is the one in force. A break
 *   ends by itself at `ends_at`; a self-exclusion stays until the player asks to return after `ends_at`
 *   (`return_requested_at`), and then until `returns_at`, 24 hours later. `lifts_at` is when the account opens again
 *   (null: a self-exclusion waiting for a request to return).
 * - **Never shortened, by anyone**: rows are never deleted; a row's start, end, kind and owner never change; a request
 *   to return is written once, after the end, with its 24-hour cooling-off; and a new row while one runs must end
 *   later than it (a self-exclusion is replaced only by a self-exclusion ending later). The triggers below refuse
 *   anything else, whatever role or tool writes, so no route of the console (or none that might be added) can lift
 *   one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE play_breaks (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id),
      kind text NOT NULL CHECK (kind IN ('break', 'exclusion')),
      option text NOT NULL CHECK (option IN ('24h', '7d', '30d', '6w', '6m', '1y', '5y')),
      started_at timestamptz NOT NULL,
      ends_at timestamptz NOT NULL,
      return_requested_at timestamptz,
      returns_at timestamptz,
      lifts_at timestamptz GENERATED ALWAYS AS (CASE WHEN kind = 'break' THEN ends_at ELSE returns_at END) STORED,
      actor_id uuid NOT NULL REFERENCES users(id),
      reason text NOT NULL CHECK (char_length(reason) BETWEEN 1 AND 500),
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT play_breaks_kind_of_option CHECK ((kind = 'exclusion') = (option IN ('6m', '1y', '5y'))),
      CONSTRAINT play_breaks_ends_after_start CHECK (ends_at > started_at),
      -- A request to return is a self-exclusion's, made after its end, and opens the account 24 hours later at the earliest.
      CONSTRAINT play_breaks_return_whole CHECK ((return_requested_at IS NULL) = (returns_at IS NULL)),
      CONSTRAINT play_breaks_return_after_end CHECK (
        return_requested_at IS NULL OR (kind = 'exclusion' AND return_requested_at >= ends_at AND returns_at >= return_requested_at + interval '24 hours'))
    );
    -- The latest row of a player, for sign-in, deposits and every bet batch.
    CREATE INDEX play_breaks_latest_idx ON play_breaks (user_id, id DESC);

    -- A new break or exclusion while one runs must end later than it (never shorter). Serialised per player on
    -- their users row, so two at once are decided one after the other.
    CREATE FUNCTION play_breaks_only_longer() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      latest play_breaks%ROWTYPE;
    BEGIN
      PERFORM 1 FROM users WHERE id = NEW.user_id FOR NO KEY UPDATE;
      SELECT * INTO latest FROM play_breaks WHERE user_id = NEW.user_id ORDER BY id DESC LIMIT 1;
      IF FOUND AND (latest.lifts_at IS NULL OR latest.lifts_at > now()) THEN
        IF latest.kind = 'exclusion' AND latest.returns_at IS NULL THEN
          IF NEW.kind <> 'exclusion' OR NEW.ends_at <= latest.ends_at THEN
            RAISE EXCEPTION 'a self-exclusion of % runs: only a longer self-exclusion may replace it', NEW.user_id
              USING ERRCODE = 'check_violation', CONSTRAINT = 'play_breaks_only_longer';
          END IF;
        ELSIF NEW.ends_at <= latest.lifts_at THEN
          RAISE EXCEPTION 'a break of % runs until %: a new one must end later', NEW.user_id, latest.lifts_at
            USING ERRCODE = 'check_violation', CONSTRAINT = 'play_breaks_only_longer';
        END IF;
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER play_breaks_only_longer BEFORE INSERT ON play_breaks FOR EACH ROW EXECUTE FUNCTION play_breaks_only_longer();

    -- A row changes only by its request to return, written once (the CHECKs above say when and how long).
    CREATE FUNCTION play_breaks_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.user_id IS DISTINCT FROM OLD.user_id OR NEW.kind IS DISTINCT FROM OLD.kind OR NEW.option IS DISTINCT FROM OLD.option
         OR NEW.started_at IS DISTINCT FROM OLD.started_at OR NEW.ends_at IS DISTINCT FROM OLD.ends_at
         OR NEW.actor_id IS DISTINCT FROM OLD.actor_id OR NEW.reason IS DISTINCT FROM OLD.reason
         OR OLD.return_requested_at IS NOT NULL THEN
        RAISE EXCEPTION 'a break or self-exclusion cannot be shortened or changed' USING ERRCODE = 'check_violation', CONSTRAINT = 'play_breaks_fixed';
      END IF;
      IF NEW.return_requested_at IS NOT NULL AND NEW.return_requested_at < now() - interval '1 minute' THEN
        RAISE EXCEPTION 'a request to return is dated when it is made' USING ERRCODE = 'check_violation', CONSTRAINT = 'play_breaks_fixed';
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER play_breaks_fixed BEFORE UPDATE ON play_breaks FOR EACH ROW EXECUTE FUNCTION play_breaks_fixed();
    CREATE TRIGGER play_breaks_kept BEFORE DELETE ON play_breaks FOR EACH ROW EXECUTE FUNCTION forbid_change();
    CREATE TRIGGER play_breaks_no_truncate BEFORE TRUNCATE ON play_breaks FOR EACH STATEMENT EXECUTE FUNCTION forbid_change();

    GRANT SELECT, INSERT, UPDATE ON play_breaks TO winround_api;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP TABLE play_breaks;
    DROP FUNCTION play_breaks_only_longer();
    DROP FUNCTION play_breaks_fixed();
  `.execute(db);
}
