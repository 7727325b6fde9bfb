import { sql, type Kysely } from 'kysely';

/**
 * Base schema. Money is integer paise in bigint columns. Invariants protected here:
 * - no wallet balance below zero (CHECK), a UTR claimed once ever (UNIQUE), one bet per user, period and game
 *   (UNIQUE), one application per command id (UNIQUE), every journal entry's postings sum to zero (trigger),
 *   events, postings and the audit log are append-only (triggers).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      username text NOT NULL CHECK (length(username) BETWEEN 1 AND 50),
      email text NOT NULL UNIQUE CHECK (email = lower(email)),
      password_hash text NOT NULL,
      role text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'super-admin')),
      referral_code text NOT NULL UNIQUE,
      referred_by uuid REFERENCES users(id),
      verified boolean NOT NULL DEFAULT true,
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'frozen', 'banned')),
      last_login_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    -- A session is one refresh-token family; reuse of a rotated token revokes the whole family.
    CREATE TABLE sessions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      revoked_reason text,
      user_agent text,
      ip text
    );
    CREATE INDEX sessions_user_idx ON sessions (user_id);

    CREATE TABLE refresh_tokens (
      token_hash text PRIMARY KEY,
      session_id uuid NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      rotated_at timestamptz
    );
    CREATE INDEX refresh_tokens_session_idx ON refresh_tokens (session_id);

    -- One-time codes: stored hashed, single use, limited attempts.
    CREATE TABLE otp_codes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      purpose text NOT NULL CHECK (purpose IN ('register', 'reset')),
      email text NOT NULL CHECK (email = lower(email)),
      code_hash text NOT NULL,
      attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
      ip text,
      expires_at timestamptz NOT NULL,
      verified_at timestamptz,
      consumed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX otp_codes_email_idx ON otp_codes (email, purpose, created_at DESC);
    CREATE INDEX otp_codes_ip_idx ON otp_codes (ip, created_at DESC);

    CREATE TABLE wallets (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL UNIQUE REFERENCES users(id),
      main bigint NOT NULL DEFAULT 0 CONSTRAINT wallets_main_non_negative CHECK (main >= 0),
      bonus bigint NOT NULL DEFAULT 0 CONSTRAINT wallets_bonus_non_negative CHECK (bonus >= 0),
      is_active boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    -- Immutable domain events with a global sequence. command_id makes command application idempotent.
    CREATE TABLE events (
      seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      type text NOT NULL,
      stream text NOT NULL,
      user_id uuid,
      command_id uuid UNIQUE,
      payload jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX events_stream_idx ON events (stream, seq);
    CREATE INDEX events_user_idx ON events (user_id, seq) WHERE user_id IS NOT NULL;

    -- Events committed but not yet published to the Redis events stream.
    CREATE TABLE outbox (
      event_seq bigint PRIMARY KEY REFERENCES events(seq),
      created_at timestamptz NOT NULL DEFAULT now()
    );

    -- Double-entry postings; one event is one journal entry, and its postings sum to zero.
    CREATE TABLE ledger_postings (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      event_seq bigint NOT NULL REFERENCES events(seq),
      account text NOT NULL CHECK (
        account ~ '^(user:[0-9a-f-]{36}:(main|bonus)|house:(stakes|pnl|gst|bonus)|clearing:(deposits|withdrawals))$'
      ),
      amount bigint NOT NULL CHECK (amount <> 0),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX ledger_postings_account_idx ON ledger_postings (account);
    CREATE INDEX ledger_postings_event_idx ON ledger_postings (event_seq);

    CREATE TABLE transactions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      transaction_id text NOT NULL UNIQUE,
      user_id uuid NOT NULL REFERENCES users(id),
      wallet_id uuid NOT NULL REFERENCES wallets(id),
      type text NOT NULL CHECK (type IN ('DEPOSIT', 'WITHDRAWAL', 'BONUS', 'REFUND')),
      method text NOT NULL,
      status text NOT NULL CHECK (status IN ('PENDING', 'COMPLETED', 'FAILED')),
      amount bigint NOT NULL CHECK (amount > 0),
      description text NOT NULL DEFAULT '',
      -- A UTR can be claimed once, ever, whatever became of the first claim.
      utr_number text UNIQUE CHECK (utr_number ~ '^[A-Z0-9]{12,22}$'),
      upi_app text,
      upi_id text,
      bank_account_number text,
      bank_ifsc text,
      bank_holder_name text,
      admin_notes text,
      reviewed_by uuid REFERENCES users(id),
      reviewed_at timestamptz,
      ist_day date NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((type = 'DEPOSIT') = (utr_number IS NOT NULL)),
      CHECK (status = 'PENDING' OR type NOT IN ('DEPOSIT', 'WITHDRAWAL') OR reviewed_at IS NOT NULL)
    );
    CREATE INDEX transactions_user_idx ON transactions (user_id, created_at DESC);
    CREATE INDEX transactions_review_idx ON transactions (type, status, created_at DESC);
    CREATE INDEX transactions_daily_idx ON transactions (user_id, type, ist_day);

    -- The provably-fair hash chain. The tip is secret and never served; the commitment is public.
    CREATE TABLE fairness_chains (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      commitment text NOT NULL CHECK (commitment ~ '^[0-9a-f]{64}$'),
      tip text NOT NULL CHECK (tip ~ '^[0-9a-f]{64}$'),
      length integer NOT NULL CHECK (length > 0),
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE periods (
      id text PRIMARY KEY CHECK (id ~ '^[0-9]{12,13}$'),
      start_at timestamptz NOT NULL,
      lock_at timestamptz NOT NULL,
      end_at timestamptz NOT NULL,
      status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'DRAWN', 'SETTLED', 'REFUNDED')),
      chain_id integer NOT NULL REFERENCES fairness_chains(id),
      chain_index integer NOT NULL CHECK (chain_index > 0),
      seed_hash text NOT NULL CHECK (seed_hash ~ '^[0-9a-f]{64}$'),
      seed text CHECK (seed ~ '^[0-9a-f]{64}$'),
      digit smallint CHECK (digit BETWEEN 0 AND 9),
      color text CHECK (color IN ('red', 'green', 'violet')),
      big_small text CHECK (big_small IN ('big', 'small')),
      drawn_at timestamptz,
      settled_at timestamptz,
      results_published_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (start_at < lock_at AND lock_at < end_at),
      -- A drawn period carries its revealed seed and result; an open or refunded one does not.
      CHECK ((status IN ('DRAWN', 'SETTLED')) = (digit IS NOT NULL AND seed IS NOT NULL))
    );
    -- A seed draws at most one period (a refunded period never revealed its seed, so its index is reused).
    CREATE UNIQUE INDEX periods_chain_index_uq ON periods (chain_id, chain_index) WHERE status <> 'REFUNDED';
    CREATE INDEX periods_status_idx ON periods (status, end_at);

    CREATE TABLE bets (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id),
      period_id text NOT NULL REFERENCES periods(id),
      bet_type text NOT NULL CHECK (bet_type IN ('color', 'bigSmall', 'number')),
      bet_value text NOT NULL,
      amount bigint NOT NULL CHECK (amount > 0),
      from_bonus bigint NOT NULL DEFAULT 0 CHECK (from_bonus >= 0 AND from_bonus <= amount),
      status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'COMPLETED', 'REFUNDED')),
      is_win boolean,
      win_amount bigint NOT NULL DEFAULT 0 CHECK (win_amount >= 0),
      gst_amount bigint NOT NULL DEFAULT 0 CHECK (gst_amount >= 0),
      system_selected_value text,
      played_from text NOT NULL DEFAULT 'web',
      placed_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      -- One bet per player, period and game.
      CONSTRAINT bets_one_per_game UNIQUE (user_id, period_id, bet_type),
      CHECK ((status = 'COMPLETED') = (is_win IS NOT NULL))
    );
    CREATE INDEX bets_period_idx ON bets (period_id, status);
    CREATE INDEX bets_user_idx ON bets (user_id, created_at DESC);

    -- Processed-up-to markers: a partition's fence for a period is written in the same transaction as the
    -- last batch of commands received before that period's lock.
    CREATE TABLE partition_fences (
      partition integer NOT NULL,
      period_id text NOT NULL,
      processed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (partition, period_id)
    );

    CREATE TABLE audit_log (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      actor_id uuid REFERENCES users(id),
      action text NOT NULL,
      target_type text NOT NULL,
      target_id text NOT NULL,
      decision text,
      note text,
      metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX audit_log_target_idx ON audit_log (target_type, target_id);

    -- Every journal entry (event) inserted by a statement must balance to zero.
    CREATE FUNCTION ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      unbalanced bigint;
    BEGIN
      SELECT event_seq INTO unbalanced FROM new_postings GROUP BY event_seq HAVING sum(amount) <> 0 LIMIT 1;
      IF unbalanced IS NOT NULL THEN
        RAISE EXCEPTION 'journal entry % does not balance', unbalanced USING ERRCODE = 'check_violation';
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER ledger_postings_balanced AFTER INSERT ON ledger_postings
      REFERENCING NEW TABLE AS new_postings FOR EACH STATEMENT EXECUTE FUNCTION ledger_check_balanced();

    CREATE FUNCTION forbid_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
    END $$;
    CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON events FOR EACH ROW EXECUTE FUNCTION forbid_change();
    CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events FOR EACH STATEMENT EXECUTE FUNCTION forbid_change();
    CREATE TRIGGER postings_append_only BEFORE UPDATE OR DELETE ON ledger_postings FOR EACH ROW EXECUTE FUNCTION forbid_change();
    CREATE TRIGGER postings_no_truncate BEFORE TRUNCATE ON ledger_postings FOR EACH STATEMENT EXECUTE FUNCTION forbid_change();
    CREATE TRIGGER audit_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION forbid_change();
    CREATE TRIGGER audit_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION forbid_change();
  `.execute(db);
}
