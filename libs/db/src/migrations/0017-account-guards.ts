import { sql, type Kysely } from 'kysely';

/**
 * Accounts that cannot be taken (docs/identity.md):
 *
 * - `second_factors`: a super-admin's authenticator (TOTP). Its key is stored sealed (AES-256-GCM under a key the api
 *   derives from its signing secret; `key_id` names that key) and is never returned after enrolment. A replacement
 *   being enrolled waits in `pending_sealed` until its first code confirms it. `last_step` is the newest time step
 *   accepted, so an accepted code is never accepted again (advanced by a conditional update).
 * - `recovery_codes`: single-use codes for when the authenticator is lost, stored as keyed hashes (HMAC-SHA256), used
 *   up by a conditional update (`used_at`), so a code works once even when presented twice at the same moment.
 * - `users.configured_password_hash`: argon2id of the ADMIN_PASSWORD last applied to the configured super-admin, so
 *   a changed variable is noticed (and applied) at start-up while a password changed in the console is not undone.
 * - `otp_codes.purpose` gains `login`: the code e-mailed to an account that needs one to sign in (after repeated
 *   failed sign-ins).
 *
 * The api's role may read and write both new tables (every table is classified in the database-role test).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE second_factors (
      user_id uuid PRIMARY KEY REFERENCES users(id),
      secret_sealed text CHECK (secret_sealed ~ '^[A-Za-z0-9_-]+$'),
      key_id text CHECK (key_id ~ '^[0-9a-f]{16}$'),
      confirmed_at timestamptz,
      last_step bigint CHECK (last_step >= 0),
      pending_sealed text CHECK (pending_sealed ~ '^[A-Za-z0-9_-]+$'),
      pending_key_id text CHECK (pending_key_id ~ '^[0-9a-f]{16}$'),
      pending_since timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      -- An enrolled authenticator is a whole: its sealed key, the key that sealed it, and when it was confirmed.
      CONSTRAINT second_factors_enrolled_whole CHECK (
        (secret_sealed IS NULL) = (key_id IS NULL) AND (secret_sealed IS NULL) = (confirmed_at IS NULL)),
      CONSTRAINT second_factors_pending_whole CHECK (
        (pending_sealed IS NULL) = (pending_key_id IS NULL) AND (pending_sealed IS NULL) = (pending_since IS NULL))
    );

    CREATE TABLE recovery_codes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id),
      code_hash text NOT NULL CHECK (code_hash ~ '^[0-9a-f]{64}$'),
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_id, code_hash)
    );
    CREATE INDEX recovery_codes_unused_idx ON recovery_codes (user_id) WHERE used_at IS NULL;

    ALTER TABLE users ADD COLUMN configured_password_hash text;

    DO $$
    DECLARE c text;
    BEGIN
      FOR c IN SELECT conname FROM pg_constraint
               WHERE conrelid = 'otp_codes'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%purpose%'
      LOOP
        EXECUTE format('ALTER TABLE otp_codes DROP CONSTRAINT %I', c);
      END LOOP;
    END $$;
    ALTER TABLE otp_codes ADD CONSTRAINT otp_codes_purpose_check CHECK (purpose IN ('register', 'reset', 'login'));

    GRANT SELECT, INSERT, UPDATE, DELETE ON second_factors, recovery_codes TO winround_api;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DELETE FROM otp_codes WHERE purpose = 'login';
    ALTER TABLE otp_codes DROP CONSTRAINT otp_codes_purpose_check;
    ALTER TABLE otp_codes ADD CONSTRAINT otp_codes_purpose_check CHECK (purpose IN ('register', 'reset'));
    ALTER TABLE users DROP COLUMN configured_password_hash;
    DROP TABLE recovery_codes;
    DROP TABLE second_factors;
  `.execute(db);
}
