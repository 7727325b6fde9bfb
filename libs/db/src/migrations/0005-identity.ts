import { sql, type Kysely } from 'kysely';

/**
 * One identity per person, and password-reset tickets. Invariants protected here:
 * - Two accounts never share an e-mail identity: users.email_key is computed by the database from the address
 *   (Gmail: case, dots and a +tag ignored; elsewhere case and a +tag) and is UNIQUE, so an alias cannot register
 *   again even when both registrations arrive together, whatever code path inserts the row. The function must
 *   give the same answers as emailIdentityKey in libs/domain (a test compares them); a rule change is a new
 *   function and column, never an edit of this one (stored keys would not follow).
 * - Accounts that already shared an identity before this migration are all kept (they may hold money): the oldest
 *   owns the identity, the later ones are marked grandfathered_alias, stay out of the unique index and sign in
 *   with their exact address only.
 * - A password reset needs a ticket issued by verifying the code: stored as SHA-256, single use (consumed by a
 *   conditional update), valid 10 minutes, bound to the identity it was issued for.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION email_identity_key(address text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
    DECLARE
      a text := lower(address);
      at integer := length(a) - strpos(reverse(a), '@') + 1;
      local_part text;
      domain text;
      tag integer;
    BEGIN
      IF strpos(a, '@') = 0 THEN RETURN a; END IF;
      local_part := left(a, at - 1);
      domain := substr(a, at + 1);
      tag := strpos(local_part, '+');
      IF tag > 1 THEN local_part := left(local_part, tag - 1); END IF;
      IF domain IN ('gmail.com', 'googlemail.com') THEN
        local_part := replace(local_part, '.', '');
        domain := 'gmail.com';
      END IF;
      RETURN local_part || '@' || domain;
    END $$;

    ALTER TABLE users ADD COLUMN email_key text GENERATED ALWAYS AS (email_identity_key(email)) STORED;
    ALTER TABLE users ADD COLUMN grandfathered_alias boolean NOT NULL DEFAULT false;
    UPDATE users u SET grandfathered_alias = true
    WHERE EXISTS (SELECT 1 FROM users o WHERE o.email_key = u.email_key AND (o.created_at, o.id) < (u.created_at, u.id));
    -- Every identity has exactly one account that owns it (the oldest); a new account never shares one.
    CREATE UNIQUE INDEX users_email_key_unique ON users (email_key) WHERE NOT grandfathered_alias;

    CREATE TABLE password_reset_tickets (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      ticket_hash text NOT NULL UNIQUE,
      email_key text NOT NULL,
      -- The account that verified the code (null for an address without one: such a ticket resets nothing).
      user_id uuid REFERENCES users(id),
      ip text,
      expires_at timestamptz NOT NULL,
      consumed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX password_reset_tickets_open_idx ON password_reset_tickets (email_key) WHERE consumed_at IS NULL;
  `.execute(db);
}
