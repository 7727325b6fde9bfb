import { sql, type Kysely } from 'kysely';

/**
 * Fairness nobody can bend (DESIGN §3): the chain's secret out of reach, public randomness in every draw, the bets
 * committed at the lock, every commitment announced ahead, and the house's exposure published.
 *
 * - `fairness_chains.tip` is no longer stored in clear: `tip_sealed` holds it encrypted (AES-256-GCM) under a key only
 *   the round engines hold (FAIRNESS_KEY), `key_id` names that key. A clear tip can no longer be inserted; the engine
 *   seals the tips of chains created before this migration when it next starts, and clears them. Each chain records
 *   the first period it covers and when it was announced (`first_period_id`, `announced_at`; existing chains: their
 *   first period and creation time).
 * - `periods.seed_hash` is written only once it may be public: when the period before it in the chain has been drawn
 *   or refunded (or it is the chain's first period, whose hash is the commitment). Until then it is NULL, so nothing
 *   in the database, a backup or a replica holds the seed of a period still taking bets. A refunded period records its
 *   revealed seed (`seed`) like a drawn one, and the result it would have had once its beacon is known (`void_digit`).
 * - `beacon_chains` and `periods.beacon_*`: the drand round mixed into a period's draw (its chain, round, randomness and
 *   signature), recorded with the draw. `refund_reason` gains `beacon-unavailable`.
 * - `periods.bets_root` / `bets_count` / `bets_committed_at`: the Merkle root of the period's accepted bets, recorded
 *   once every partition has passed the lock. `users.bet_pseudonym` names a player in it.
 * - `period_choices`: per choice of a period, its bets, stakes, what the house would pay it if it won and, once settled,
 *   what it was credited; `periods.house_pays`: what the house would pay for each digit (public once settled or
 *   refunded); `void_pays`: what a refunded period's would-be result would have paid.
 * - The api's own role, `winround_api` (NOLOGIN: an operator grants it to the api's login role, or gives it LOGIN and a
 *   password). It reads periods only through `public_periods` (and five harmless columns the bet pipeline needs), the
 *   chains only through `public_fairness_chains`; it cannot read a tip, a seed or a committed hash before they are
 *   public. Every table and view is classified in apps/api's database-role test.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    -- The chain's secret, sealed.
    ALTER TABLE fairness_chains
      ALTER COLUMN tip DROP NOT NULL,
      ADD COLUMN tip_sealed text CHECK (tip_sealed ~ '^[A-Za-z0-9+/]+={0,2}$'),
      ADD COLUMN key_id text CHECK (key_id ~ '^[0-9a-f]{16}$'),
      ADD COLUMN first_period_id text CHECK (first_period_id ~ '^[0-9]{12,13}$'),
      ADD COLUMN announced_at timestamptz,
      ADD CONSTRAINT fairness_chains_tip_kept CHECK (tip IS NOT NULL OR (tip_sealed IS NOT NULL AND key_id IS NOT NULL));
    UPDATE fairness_chains c SET
      first_period_id = (SELECT p.id FROM periods p WHERE p.chain_id = c.id ORDER BY p.chain_index LIMIT 1),
      announced_at = c.created_at;
    ALTER TABLE fairness_chains ALTER COLUMN announced_at SET DEFAULT now(), ALTER COLUMN announced_at SET NOT NULL;
    CREATE UNIQUE INDEX fairness_chains_first_period_uq ON fairness_chains (first_period_id);
    CREATE FUNCTION fairness_chains_sealed_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.tip IS NOT NULL THEN
        RAISE EXCEPTION 'a fairness chain''s tip is stored sealed only' USING ERRCODE = 'check_violation';
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER fairness_chains_sealed_only BEFORE INSERT ON fairness_chains FOR EACH ROW EXECUTE FUNCTION fairness_chains_sealed_only();
    CREATE TRIGGER fairness_chains_never_unsealed BEFORE UPDATE OF tip ON fairness_chains
      FOR EACH ROW WHEN (NEW.tip IS NOT NULL) EXECUTE FUNCTION fairness_chains_sealed_only();

    -- Public randomness.
    CREATE TABLE beacon_chains (
      hash text PRIMARY KEY CHECK (hash ~ '^[0-9a-f]{64}$'),
      public_key text NOT NULL CHECK (public_key ~ '^[0-9a-f]{192}$'),
      genesis_time bigint NOT NULL CHECK (genesis_time > 0),
      period integer NOT NULL CHECK (period > 0),
      scheme text NOT NULL CHECK (scheme = 'bls-unchained-g1-rfc9380'),
      recorded_at timestamptz NOT NULL DEFAULT now()
    );

    ALTER TABLE periods DROP CONSTRAINT periods_draw_check;
    -- Refunded periods reveal their seed themselves (it was the following period's committed hash).
    UPDATE periods r SET seed = f.seed_hash
      FROM periods f
      WHERE r.status = 'REFUNDED' AND r.seed IS NULL AND f.chain_id = r.chain_id AND f.chain_index = r.chain_index + 1;
    ALTER TABLE periods
      ALTER COLUMN seed_hash DROP NOT NULL,
      ADD COLUMN beacon_chain text REFERENCES beacon_chains(hash),
      ADD COLUMN beacon_round bigint CHECK (beacon_round > 0),
      ADD COLUMN beacon_randomness text CHECK (beacon_randomness ~ '^[0-9a-f]{64}$'),
      ADD COLUMN beacon_signature text CHECK (beacon_signature ~ '^[0-9a-f]{96}$'),
      ADD COLUMN bets_root text CHECK (bets_root ~ '^[0-9a-f]{64}$'),
      ADD COLUMN bets_count integer CHECK (bets_count >= 0),
      ADD COLUMN bets_committed_at timestamptz,
      ADD COLUMN void_digit smallint CHECK (void_digit BETWEEN 0 AND 9),
      ADD COLUMN house_pays bigint[] CHECK (cardinality(house_pays) = 10),
      ADD COLUMN void_pays bigint CHECK (void_pays >= 0),
      ADD CONSTRAINT periods_beacon_whole CHECK (
        (beacon_round IS NULL) = (beacon_randomness IS NULL) AND (beacon_round IS NULL) = (beacon_signature IS NULL)
        AND (beacon_round IS NULL) = (beacon_chain IS NULL)),
      ADD CONSTRAINT periods_bets_commitment_whole CHECK ((bets_root IS NULL) = (bets_count IS NULL) AND (bets_root IS NULL) = (bets_committed_at IS NULL)),
      ADD CONSTRAINT periods_void_digit_refunded_only CHECK (void_digit IS NULL OR status = 'REFUNDED'),
      ADD CONSTRAINT periods_void_pays_with_digit CHECK (void_pays IS NULL OR void_digit IS NOT NULL);
    -- A committed hash is stored only once public: the previous period of its chain is drawn or refunded.
    UPDATE periods p SET seed_hash = NULL
      WHERE p.status = 'OPEN' AND p.chain_index > 1 AND NOT EXISTS (
        SELECT 1 FROM periods prev WHERE prev.chain_id = p.chain_id AND prev.chain_index = p.chain_index - 1 AND prev.status <> 'OPEN');
    ALTER TABLE periods ADD CONSTRAINT periods_draw_check CHECK (
      CASE status
        WHEN 'OPEN' THEN digit IS NULL AND seed IS NULL
        WHEN 'REFUNDED' THEN digit IS NULL OR seed IS NOT NULL
        ELSE digit IS NOT NULL AND seed IS NOT NULL AND seed_hash IS NOT NULL
      END
    );
    DO $$
    DECLARE c text;
    BEGIN
      FOR c IN SELECT conname FROM pg_constraint
               WHERE conrelid = 'periods'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%refund_reason%'
      LOOP
        EXECUTE format('ALTER TABLE periods DROP CONSTRAINT %I', c);
      END LOOP;
    END $$;
    ALTER TABLE periods ADD CONSTRAINT periods_refund_reason_check
      CHECK (refund_reason IN ('not-drawn', 'beacon-unavailable', 'missed', 'settlement-deadline'));

    -- The bets' commitment and the house's exposure.
    ALTER TABLE users ADD COLUMN bet_pseudonym uuid;
    UPDATE users SET bet_pseudonym = gen_random_uuid();
    ALTER TABLE users ALTER COLUMN bet_pseudonym SET DEFAULT gen_random_uuid(), ALTER COLUMN bet_pseudonym SET NOT NULL;
    CREATE UNIQUE INDEX users_bet_pseudonym_uq ON users (bet_pseudonym);
    CREATE TABLE period_choices (
      period_id text NOT NULL REFERENCES periods(id),
      game text NOT NULL CHECK (game IN ('color', 'bigSmall', 'number')),
      choice text NOT NULL,
      bets integer NOT NULL CHECK (bets > 0),
      stakes bigint NOT NULL CHECK (stakes > 0),
      pays bigint NOT NULL CHECK (pays >= 0),
      -- Once settled: what its bets were credited (pays when it won, else 0).
      credited bigint CHECK (credited = 0 OR credited = pays),
      PRIMARY KEY (period_id, game, choice)
    );
    CREATE INDEX periods_refunded_idx ON periods (end_at) WHERE status = 'REFUNDED';
    CREATE INDEX periods_settled_idx ON periods (end_at) WHERE status = 'SETTLED';

    -- What anyone may see of a period: every column is written only once it may be public.
    DROP VIEW public_periods;
    CREATE VIEW public_periods AS
    SELECT p.id, p.status, p.chain_id, p.chain_index, p.start_at, p.lock_at, p.end_at, p.seed_hash,
           CASE WHEN p.status <> 'OPEN' THEN p.seed END AS seed,
           p.digit, p.color, p.big_small, p.drawn_at, p.settled_at, p.refund_reason,
           p.beacon_chain, p.beacon_round, p.beacon_randomness, p.beacon_signature,
           p.bets_root, p.bets_count, p.bets_committed_at, p.void_digit,
           CASE WHEN p.status IN ('SETTLED', 'REFUNDED') THEN p.house_pays END AS house_pays, p.void_pays
    FROM periods p;
    CREATE VIEW public_fairness_chains AS
    SELECT id, commitment, length, first_period_id, announced_at, created_at FROM fairness_chains;

    -- The api's role: what it may read and write, and nothing of the fairness secrets.
    DO $$
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'winround_api') THEN
        BEGIN
          CREATE ROLE winround_api NOLOGIN;
        EXCEPTION WHEN duplicate_object THEN NULL;
        END;
      END IF;
    END $$;
    GRANT USAGE ON SCHEMA public TO winround_api;
    GRANT SELECT, INSERT, UPDATE, DELETE ON users, sessions, refresh_tokens, otp_codes, password_reset_tickets, wallets,
      transactions, bets, bet_outcomes TO winround_api;
    GRANT SELECT, INSERT ON events, ledger_postings, audit_log TO winround_api;
    -- Outbox rows the api published itself are cleared by it.
    GRANT SELECT, INSERT, DELETE ON outbox TO winround_api;
    GRANT SELECT ON public_periods, public_fairness_chains, beacon_chains, period_choices, kysely_migration, kysely_migration_lock TO winround_api;
    GRANT SELECT (id, status, start_at, lock_at, end_at) ON periods TO winround_api;
    -- A bet batch locks the periods it places bets in (FOR SHARE: their draw, refund or settlement waits for it), which
    -- takes UPDATE rights on the table; the api gets this function, run as the owner, instead of such rights.
    CREATE FUNCTION periods_taking_bets(ids text[]) RETURNS TABLE (id text, status text, lock_at timestamptz)
      LANGUAGE sql SECURITY DEFINER SET search_path = public AS $fn$
      SELECT p.id, p.status, p.lock_at FROM periods p WHERE p.id = ANY(ids) FOR SHARE
    $fn$;
    REVOKE ALL ON FUNCTION periods_taking_bets(text[]) FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION periods_taking_bets(text[]) TO winround_api;
    GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO winround_api;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP FUNCTION periods_taking_bets(text[]);
    REVOKE ALL ON ALL TABLES IN SCHEMA public FROM winround_api;
    REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM winround_api;
    REVOKE ALL ON SCHEMA public FROM winround_api;
    DROP VIEW public_fairness_chains;
    DROP VIEW public_periods;
    DROP TABLE period_choices;
    ALTER TABLE users DROP COLUMN bet_pseudonym;
    ALTER TABLE periods DROP CONSTRAINT periods_refund_reason_check;
    ALTER TABLE periods ADD CONSTRAINT periods_refund_reason_check CHECK (refund_reason IN ('not-drawn', 'settlement-deadline', 'missed'));
    ALTER TABLE periods DROP COLUMN beacon_chain, DROP COLUMN beacon_round, DROP COLUMN beacon_randomness, DROP COLUMN beacon_signature,
      DROP COLUMN bets_root, DROP COLUMN bets_count, DROP COLUMN bets_committed_at, DROP COLUMN void_digit, DROP COLUMN house_pays, DROP COLUMN void_pays;
    DROP TABLE beacon_chains;
    DROP TRIGGER fairness_chains_never_unsealed ON fairness_chains;
    DROP TRIGGER fairness_chains_sealed_only ON fairness_chains;
    DROP FUNCTION fairness_chains_sealed_only();
    ALTER TABLE fairness_chains DROP COLUMN tip_sealed, DROP COLUMN key_id, DROP COLUMN first_period_id, DROP COLUMN announced_at;
  `.execute(db);
}
