import { sql, type Kysely } from 'kysely';

/**
 * Limits a player sets for themself, and reality checks (docs/play-safely.md):
 *
 * - `player_limits`: one row per player and limit (`kind`): the value in force (paise; minutes for `sessionMinutes`)
 *   and a looser change waiting for its time (`pending_at`; `pending_value` null is a removal). A pending change
 *   whose time has come is in force (`player_limit_in_force`) whether or not a write has folded it in yet.
 * - `player_play_settings`: the reality-check interval (15, 30 or 60 minutes), when the limits were first offered
 *   (the sign-up step shows once), and until when play is paused after a session reached its time limit.
 * - `player_deposit_usage(user)` / `player_loss_usage(users)`: what each money limit in force counts now over its
 *   rolling window (deposit claims pending or approved; losses: settled stakes less what they paid back, plus every
 *   unsettled stake). PL/pgSQL and VOLATILE on purpose: each query in them takes a fresh snapshot, so called after a
 *   statement's row locks (the bet batch's wallet locks) they see every batch committed before those locks.
 * - Backstops whatever the code above does: a deposit claim that would pass a deposit limit is refused on insert
 *   (`player_deposit_limit`, serialised on the player's wallet); a statement of bets that leaves a player past a loss
 *   limit is refused (`player_loss_limit`), looking only at players who have a loss limit.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE player_limits (
      user_id uuid NOT NULL REFERENCES users(id),
      kind text NOT NULL CHECK (kind IN ('deposit24h', 'deposit7d', 'deposit30d', 'loss24h', 'loss7d', 'loss30d', 'sessionMinutes')),
      value bigint CHECK (value > 0),
      pending_value bigint CHECK (pending_value > 0),
      pending_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, kind),
      CONSTRAINT player_limits_pending_whole CHECK (pending_value IS NULL OR pending_at IS NOT NULL)
    );

    CREATE TABLE player_play_settings (
      user_id uuid PRIMARY KEY REFERENCES users(id),
      reality_check_minutes integer NOT NULL DEFAULT 60 CHECK (reality_check_minutes IN (15, 30, 60)),
      limits_offered_at timestamptz,
      play_paused_until timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE FUNCTION player_limit_in_force(value bigint, pending_value bigint, pending_at timestamptz, at timestamptz) RETURNS bigint
    LANGUAGE sql IMMUTABLE AS $$
      SELECT CASE WHEN pending_at IS NOT NULL AND pending_at <= at THEN pending_value ELSE value END
    $$;

    CREATE FUNCTION player_limit_window(kind text) RETURNS interval LANGUAGE sql IMMUTABLE AS $$
      SELECT CASE WHEN kind LIKE '%24h' THEN interval '24 hours' WHEN kind LIKE '%7d' THEN interval '7 days' ELSE interval '30 days' END
    $$;

    CREATE FUNCTION player_deposit_usage(player uuid)
    RETURNS TABLE (kind text, limit_paise bigint, used_paise bigint, oldest_at timestamptz)
    LANGUAGE plpgsql VOLATILE AS $$
    BEGIN
      RETURN QUERY
        WITH limits AS (
          SELECT l.kind, player_limit_in_force(l.value, l.pending_value, l.pending_at, now()) AS limit_paise, player_limit_window(l.kind) AS span
          FROM player_limits l WHERE l.user_id = player AND l.kind IN ('deposit24h', 'deposit7d', 'deposit30d')
        ), claims AS (
          SELECT t.amount, t.created_at FROM transactions t
          WHERE t.user_id = player AND t.type = 'DEPOSIT' AND t.status IN ('PENDING', 'COMPLETED')
            AND t.created_at > now() - (SELECT max(span) FROM limits WHERE limits.limit_paise IS NOT NULL)
        )
        SELECT l.kind, l.limit_paise,
               coalesce(sum(c.amount) FILTER (WHERE c.created_at > now() - l.span), 0)::bigint,
               min(c.created_at) FILTER (WHERE c.created_at > now() - l.span)
        FROM limits l LEFT JOIN claims c ON true
        WHERE l.limit_paise IS NOT NULL
        GROUP BY l.kind, l.limit_paise;
    END $$;

    CREATE FUNCTION player_loss_usage(players uuid[])
    RETURNS TABLE (user_id uuid, kind text, limit_paise bigint, used_paise bigint, oldest_at timestamptz)
    LANGUAGE plpgsql VOLATILE AS $$
    BEGIN
      RETURN QUERY
        WITH limits AS (
          SELECT l.user_id, l.kind, player_limit_in_force(l.value, l.pending_value, l.pending_at, now()) AS limit_paise, player_limit_window(l.kind) AS span
          FROM player_limits l WHERE l.user_id = ANY(players) AND l.kind IN ('loss24h', 'loss7d', 'loss30d')
        ), limited AS (
          SELECT limits.user_id, max(limits.span) AS span FROM limits WHERE limits.limit_paise IS NOT NULL GROUP BY limits.user_id
        ), play AS (
          -- A refunded stake lost nothing; a settled one lost its stake less what it paid back; an open one may lose it all.
          SELECT b.user_id, b.created_at,
                 CASE b.status WHEN 'REFUNDED' THEN 0 WHEN 'COMPLETED' THEN b.amount - b.win_amount ELSE b.amount END AS lost
          FROM limited m JOIN bets b ON b.user_id = m.user_id AND b.created_at > now() - m.span AND b.status <> 'REFUNDED'
        )
        SELECT l.user_id, l.kind, l.limit_paise,
               coalesce(sum(p.lost) FILTER (WHERE p.created_at > now() - l.span), 0)::bigint,
               min(p.created_at) FILTER (WHERE p.created_at > now() - l.span)
        FROM limits l LEFT JOIN play p ON p.user_id = l.user_id
        WHERE l.limit_paise IS NOT NULL
        GROUP BY l.user_id, l.kind, l.limit_paise;
    END $$;

    CREATE FUNCTION transactions_deposit_limits() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      passed record;
    BEGIN
      IF NEW.type = 'DEPOSIT' AND NEW.status = 'PENDING' AND EXISTS (SELECT 1 FROM player_limits WHERE user_id = NEW.user_id AND kind LIKE 'deposit%') THEN
        -- Invariant: a claim never passes one of the player's deposit limits. The wallet's row lock serialises the
        -- player's claims (the service takes it before deciding; here it is a no-op then), and the usage query after
        -- it sees every claim committed before.
        PERFORM 1 FROM wallets WHERE id = NEW.wallet_id FOR UPDATE;
        SELECT * INTO passed FROM player_deposit_usage(NEW.user_id) u WHERE u.used_paise + NEW.amount > u.limit_paise LIMIT 1;
        IF FOUND THEN
          RAISE EXCEPTION 'a deposit claim of % paise passes the player''s % limit', NEW.amount, passed.kind
            USING ERRCODE = 'check_violation', CONSTRAINT = 'player_deposit_limit';
        END IF;
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER transactions_deposit_limits BEFORE INSERT ON transactions FOR EACH ROW EXECUTE FUNCTION transactions_deposit_limits();

    CREATE FUNCTION bets_loss_limits() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      limited uuid[];
    BEGIN
      -- Invariant: a player's bets never pass their loss limits (unsettled stakes counted as lost). Only the
      -- statement's players who have a loss limit are looked at: for everyone else this is one probe of a small table.
      SELECT array_agg(DISTINCT n.user_id) INTO limited FROM new_bets n
      WHERE EXISTS (SELECT 1 FROM player_limits l WHERE l.user_id = n.user_id AND l.kind LIKE 'loss%');
      IF limited IS NOT NULL AND EXISTS (SELECT 1 FROM player_loss_usage(limited) u WHERE u.used_paise > u.limit_paise) THEN
        RAISE EXCEPTION 'bets pass a player''s loss limit'
          USING ERRCODE = 'check_violation', CONSTRAINT = 'player_loss_limit', TABLE = 'bets';
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER bets_loss_limits AFTER INSERT ON bets REFERENCING NEW TABLE AS new_bets FOR EACH STATEMENT EXECUTE FUNCTION bets_loss_limits();

    GRANT SELECT, INSERT, UPDATE, DELETE ON player_limits, player_play_settings TO winround_api;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP TRIGGER bets_loss_limits ON bets;
    DROP FUNCTION bets_loss_limits();
    DROP TRIGGER transactions_deposit_limits ON transactions;
    DROP FUNCTION transactions_deposit_limits();
    DROP FUNCTION player_loss_usage(uuid[]);
    DROP FUNCTION player_deposit_usage(uuid);
    DROP FUNCTION player_limit_window(text);
    DROP FUNCTION player_limit_in_force(bigint, bigint, timestamptz, timestamptz);
    DROP TABLE player_play_settings;
    DROP TABLE player_limits;
  `.execute(db);
}
