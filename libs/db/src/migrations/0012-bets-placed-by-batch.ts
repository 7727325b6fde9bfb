import { sql, type Kysely } from 'kysely';

/**
 * The bet pipeline records the stakes of a batch as one journal entry (`BetsPlaced`: house:stakes receives all of
 * them, each player's bonus then main gives theirs), as a settled period is one entry, instead of one event and two
 * postings per bet: a bet then writes one row less in events, one less in ledger_postings and their index entries.
 * `bets.placed_seq` names the journal entry that took a bet's stake (bets placed before this migration, or written
 * outside the pipeline, have none). It is checked like the other references: the entry must exist.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE bets ADD COLUMN placed_seq bigint;

    CREATE OR REPLACE FUNCTION bets_references_exist() RETURNS trigger LANGUAGE plpgsql
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
      IF EXISTS (SELECT 1 FROM new_bets n WHERE n.placed_seq IS NOT NULL AND NOT EXISTS (SELECT 1 FROM events e WHERE e.seq = n.placed_seq)) THEN
        RAISE EXCEPTION 'insert on bets names a journal entry that does not exist'
          USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'bets_placed_seq_fkey', TABLE = 'bets';
      END IF;
      RETURN NULL;
    END $$;

    DROP TRIGGER bets_keys_kept ON bets;
    CREATE TRIGGER bets_keys_kept BEFORE UPDATE OF id, user_id, period_id, placed_seq ON bets
      FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.period_id IS DISTINCT FROM NEW.period_id
                         OR OLD.placed_seq IS DISTINCT FROM NEW.placed_seq)
      EXECUTE FUNCTION forbid_key_change();
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP TRIGGER bets_keys_kept ON bets;
    CREATE TRIGGER bets_keys_kept BEFORE UPDATE OF id, user_id, period_id ON bets
      FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.period_id IS DISTINCT FROM NEW.period_id)
      EXECUTE FUNCTION forbid_key_change();
    CREATE OR REPLACE FUNCTION bets_references_exist() RETURNS trigger LANGUAGE plpgsql
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
    ALTER TABLE bets DROP COLUMN placed_seq;
  `.execute(db);
}
