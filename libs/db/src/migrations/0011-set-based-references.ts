import { sql, type Kysely } from 'kysely';

/**
 * The rows a bet batch writes by the thousand check their references once per statement instead of once per row.
 *
 * A foreign key checks each inserted row on its own (a query per row, and a share lock on the referenced row): a
 * batch of 400 bets ran 2,000 of them (bets → users and periods, bet_outcomes → bets, two postings → events), a fifth
 * of Postgres' work on the batch. Each is replaced by a statement-level trigger that checks every row the statement
 * inserted in one query over its transition table, and fails the statement (SQLSTATE 23503, the foreign key's name)
 * when one names a row that does not exist. What a foreign key's lock also prevented, the referenced row going away
 * or changing its key, cannot happen: events are append-only already; periods and bets can no longer be deleted and
 * keep their keys; a player who has bets cannot be deleted.
 *
 * Indexes no query reads are dropped (each cost a write per bet or per posting): events by player (player histories
 * come from bets and transactions), postings by event (postings are read by account), and events by stream, which only
 * period streams are read by (kept as a partial index of those).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE bets DROP CONSTRAINT bets_user_id_fkey, DROP CONSTRAINT bets_period_id_fkey;
    ALTER TABLE bet_outcomes DROP CONSTRAINT bet_outcomes_bet_id_fkey;
    ALTER TABLE ledger_postings DROP CONSTRAINT ledger_postings_event_seq_fkey;

    -- Each check probes the referenced table's primary key once per inserted row (SET: never a scan of the whole table,
    -- whatever the planner guesses of a transition table's size).
    CREATE FUNCTION bets_references_exist() RETURNS trigger LANGUAGE plpgsql
      SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM new_bets n WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = n.user_id)) THEN
        RAISE EXCEPTION 'insert on bets names a user that does not exist'
          USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'bets_user_id_fkey', TABLE = 'bets';
      END IF;
      IF EXISTS (SELECT 1 FROM new_bets n WHERE NOT EXISTS (SELECT 1 FROM periods p WHERE p.id = n.period_id)) THEN
        RAISE EXCEPTION 'insert on bets names a period that does not exist'
          USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'bets_period_id_fkey', TABLE = 'bets';
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER bets_references AFTER INSERT ON bets
      REFERENCING NEW TABLE AS new_bets FOR EACH STATEMENT EXECUTE FUNCTION bets_references_exist();

    CREATE FUNCTION bet_outcomes_references_exist() RETURNS trigger LANGUAGE plpgsql
      SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM new_outcomes n WHERE n.bet_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM bets b WHERE b.id = n.bet_id)) THEN
        RAISE EXCEPTION 'insert on bet_outcomes names a bet that does not exist'
          USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'bet_outcomes_bet_id_fkey', TABLE = 'bet_outcomes';
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER bet_outcomes_references AFTER INSERT ON bet_outcomes
      REFERENCING NEW TABLE AS new_outcomes FOR EACH STATEMENT EXECUTE FUNCTION bet_outcomes_references_exist();
    CREATE TRIGGER bet_outcomes_references_updated AFTER UPDATE ON bet_outcomes
      REFERENCING NEW TABLE AS new_outcomes FOR EACH STATEMENT EXECUTE FUNCTION bet_outcomes_references_exist();

    -- Every journal entry (event) inserted by a statement must exist and balance to zero.
    CREATE OR REPLACE FUNCTION ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql
      SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off AS $$
    DECLARE
      unbalanced bigint;
      orphan bigint;
    BEGIN
      SELECT event_seq INTO unbalanced FROM new_postings GROUP BY event_seq HAVING sum(amount) <> 0 LIMIT 1;
      IF unbalanced IS NOT NULL THEN
        RAISE EXCEPTION 'journal entry % does not balance', unbalanced USING ERRCODE = 'check_violation';
      END IF;
      SELECT n.event_seq INTO orphan FROM (SELECT DISTINCT event_seq FROM new_postings) n
        WHERE NOT EXISTS (SELECT 1 FROM events e WHERE e.seq = n.event_seq) LIMIT 1;
      IF orphan IS NOT NULL THEN
        RAISE EXCEPTION 'postings name journal entry % that does not exist', orphan
          USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'ledger_postings_event_seq_fkey', TABLE = 'ledger_postings';
      END IF;
      RETURN NULL;
    END $$;

    -- What a foreign key's lock also guarded: the rows bets, answers and postings name stay, under the same key.
    CREATE FUNCTION forbid_key_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION '% rows keep their keys and are never deleted', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
    END $$;
    CREATE TRIGGER bets_keys_kept BEFORE UPDATE OF id, user_id, period_id ON bets
      FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.period_id IS DISTINCT FROM NEW.period_id)
      EXECUTE FUNCTION forbid_key_change();
    CREATE TRIGGER bets_never_deleted BEFORE DELETE ON bets FOR EACH ROW EXECUTE FUNCTION forbid_key_change();
    CREATE TRIGGER bets_no_truncate BEFORE TRUNCATE ON bets FOR EACH STATEMENT EXECUTE FUNCTION forbid_key_change();
    CREATE TRIGGER periods_keys_kept BEFORE UPDATE OF id ON periods
      FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION forbid_key_change();
    CREATE TRIGGER periods_never_deleted BEFORE DELETE ON periods FOR EACH ROW EXECUTE FUNCTION forbid_key_change();
    CREATE TRIGGER periods_no_truncate BEFORE TRUNCATE ON periods FOR EACH STATEMENT EXECUTE FUNCTION forbid_key_change();

    CREATE FUNCTION users_with_bets_kept() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM bets WHERE user_id = OLD.id) THEN
        RAISE EXCEPTION 'a user who has bets keeps their id and is never deleted' USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'bets_user_id_fkey', TABLE = 'users';
      END IF;
      RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
    END $$;
    CREATE TRIGGER users_with_bets_kept BEFORE UPDATE OF id ON users
      FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION users_with_bets_kept();
    CREATE TRIGGER users_with_bets_not_deleted BEFORE DELETE ON users FOR EACH ROW EXECUTE FUNCTION users_with_bets_kept();

    DROP INDEX events_user_idx;
    DROP INDEX events_stream_idx;
    CREATE INDEX events_period_stream_idx ON events (stream) WHERE stream LIKE 'period:%';
    DROP INDEX ledger_postings_event_idx;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE INDEX ledger_postings_event_idx ON ledger_postings (event_seq);
    DROP INDEX events_period_stream_idx;
    CREATE INDEX events_stream_idx ON events (stream, seq);
    CREATE INDEX events_user_idx ON events (user_id, seq) WHERE user_id IS NOT NULL;
    DROP TRIGGER users_with_bets_not_deleted ON users;
    DROP TRIGGER users_with_bets_kept ON users;
    DROP FUNCTION users_with_bets_kept();
    DROP TRIGGER periods_no_truncate ON periods;
    DROP TRIGGER periods_never_deleted ON periods;
    DROP TRIGGER periods_keys_kept ON periods;
    DROP TRIGGER bets_no_truncate ON bets;
    DROP TRIGGER bets_never_deleted ON bets;
    DROP TRIGGER bets_keys_kept ON bets;
    DROP FUNCTION forbid_key_change();
    CREATE OR REPLACE FUNCTION ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      unbalanced bigint;
    BEGIN
      SELECT event_seq INTO unbalanced FROM new_postings GROUP BY event_seq HAVING sum(amount) <> 0 LIMIT 1;
      IF unbalanced IS NOT NULL THEN
        RAISE EXCEPTION 'journal entry % does not balance', unbalanced USING ERRCODE = 'check_violation';
      END IF;
      RETURN NULL;
    END $$;
    DROP TRIGGER bet_outcomes_references_updated ON bet_outcomes;
    DROP TRIGGER bet_outcomes_references ON bet_outcomes;
    DROP FUNCTION bet_outcomes_references_exist();
    DROP TRIGGER bets_references ON bets;
    DROP FUNCTION bets_references_exist();
    ALTER TABLE ledger_postings ADD CONSTRAINT ledger_postings_event_seq_fkey FOREIGN KEY (event_seq) REFERENCES events(seq);
    ALTER TABLE bet_outcomes ADD CONSTRAINT bet_outcomes_bet_id_fkey FOREIGN KEY (bet_id) REFERENCES bets(id);
    ALTER TABLE bets ADD CONSTRAINT bets_period_id_fkey FOREIGN KEY (period_id) REFERENCES periods(id),
      ADD CONSTRAINT bets_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id);
  `.execute(db);
}
