import { sql, type Kysely } from 'kysely';

/**
 * Identity before money moves (docs/identity-checks.md). Invariants protected here:
 * - Players are adults: `users.date_of_birth` (nullable: accounts older than it give it before their next deposit) is
 *   a date from 1900 of someone at least 18 on today's IST date (`users_adults_only`, the domain's rule: a 29 February
 *   birth turns 18 on 1 March of a year without one, as date − interval '18 years' counts), and it is recorded once
 *   (`users_date_of_birth_once`): a correction is an operator's, not the player's.
 * - `identity_checks`: one row per player, the current submission (a rejected player submits again, which gives the
 *   row a new `submission_id`, so a reviewer's decision names the submission they saw). The document number is stored
 *   sealed (AES-256-GCM under a key the api holds; `key_id` names it), masked for display, and as a keyed digest
 *   (HMAC-SHA256) so the reviewer sees the same number on another account; never in clear. A decision is whole
 *   (when, by whom, the reason of a rejection), moves only a pending submission (conditional update), and a verified
 *   identity is final.
 * - `transactions.name_check`: a bank withdrawal's holder name against the verified name, for the reviewer.
 * The api's role reads, inserts and updates identity_checks, never deletes (the database-role test classifies it).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE users ADD COLUMN date_of_birth date CHECK (date_of_birth >= DATE '1900-01-01');
    CREATE FUNCTION users_adults_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' AND OLD.date_of_birth IS NOT NULL AND NEW.date_of_birth IS DISTINCT FROM OLD.date_of_birth THEN
        RAISE EXCEPTION 'a date of birth is recorded once' USING ERRCODE = 'check_violation', CONSTRAINT = 'users_date_of_birth_once';
      END IF;
      IF NEW.date_of_birth IS NOT NULL
         AND NEW.date_of_birth > ((now() AT TIME ZONE 'Asia/Kolkata')::date - interval '18 years')::date THEN
        RAISE EXCEPTION 'players are 18 or older' USING ERRCODE = 'check_violation', CONSTRAINT = 'users_adults_only';
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER users_adults_only BEFORE INSERT OR UPDATE OF date_of_birth ON users
      FOR EACH ROW EXECUTE FUNCTION users_adults_only();

    CREATE TABLE identity_checks (
      user_id uuid PRIMARY KEY REFERENCES users(id),
      submission_id uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'verified', 'rejected')),
      full_name text NOT NULL CHECK (char_length(full_name) BETWEEN 3 AND 100),
      document_type text NOT NULL CHECK (document_type ~ '^[A-Z][A-Z0-9_-]{1,15}$'),
      document_sealed text NOT NULL CHECK (document_sealed ~ '^[A-Za-z0-9_-]+$'),
      key_id text NOT NULL CHECK (key_id ~ '^[0-9a-f]{16}$'),
      document_masked text NOT NULL CHECK (char_length(document_masked) BETWEEN 2 AND 32 AND document_masked ~ '^X'),
      document_digest text NOT NULL CHECK (document_digest ~ '^[0-9a-f]{64}$'),
      submitted_at timestamptz NOT NULL DEFAULT now(),
      decided_at timestamptz,
      decided_by uuid REFERENCES users(id),
      rejection_reason text CHECK (char_length(rejection_reason) BETWEEN 1 AND 500),
      -- A decision is whole: a pending submission has none; a decided one says when (and by whom, unless it was
      -- decided outside the console, e.g. imported); a rejection says why.
      CONSTRAINT identity_checks_decision_whole CHECK (
        (status = 'pending') = (decided_at IS NULL) AND (decided_by IS NULL OR decided_at IS NOT NULL)
        AND (status = 'rejected') = (rejection_reason IS NOT NULL)),
      -- Nobody verifies their own identity.
      CONSTRAINT identity_checks_not_self_reviewed CHECK (decided_by IS DISTINCT FROM user_id)
    );
    CREATE INDEX identity_checks_pending_idx ON identity_checks (submitted_at) WHERE status = 'pending';
    CREATE INDEX identity_checks_digest_idx ON identity_checks (document_digest);

    CREATE FUNCTION identity_checks_verified_final() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF OLD.status = 'verified' THEN
        RAISE EXCEPTION 'a verified identity is final' USING ERRCODE = 'check_violation', CONSTRAINT = 'identity_checks_verified_final';
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER identity_checks_verified_final BEFORE UPDATE ON identity_checks
      FOR EACH ROW EXECUTE FUNCTION identity_checks_verified_final();

    ALTER TABLE transactions ADD COLUMN name_check jsonb;

    GRANT SELECT, INSERT, UPDATE ON identity_checks TO winround_api;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE transactions DROP COLUMN name_check;
    DROP TABLE identity_checks;
    DROP FUNCTION identity_checks_verified_final();
    DROP TRIGGER users_adults_only ON users;
    DROP FUNCTION users_adults_only();
    ALTER TABLE users DROP COLUMN date_of_birth;
  `.execute(db);
}
