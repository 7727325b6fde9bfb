import { sql, type Kysely } from 'kysely';

/**
 * Tables that stay small enough to be fast: the money history (`events`, `ledger_postings`, `bets`, `audit_log`) is
 * declaratively partitioned by month (docs/partitions.md). An existing database is converted in place:
 *
 * - Each table is renamed, moved to the schema `partitions` (which the api's role cannot use) and attached as the one
 *   partition of everything up to the start of the month after its newest row (`<table>_before_YYYY_MM`). Attached,
 *   not copied: a CHECK constraint validated first (one sequential read, no rewrite) proves every row is in range, so
 *   ATTACH does not scan again, and the table's indexes whose definition is unchanged are adopted by the new parent's
 *   indexes instead of being built again. Only the keys that must now include the partition key are built.
 * - A new partitioned parent of the same columns, defaults, CHECK constraints and identity (its sequence continues
 *   from the old one's value) takes the name; the three months ahead get their partitions
 *   (`history_partitions_ahead`, which the round engine's partitions worker calls every hour from then on).
 *
 * Partition keys: `created_at` for events, ledger_postings and audit_log; for bets the period id, whose first eight
 * digits are the IST date of the period, so a bet, its player's other bets of the period and its period's settlement
 * are in one partition, whenever the bet was stored. Months are IST months for every table: a month's journal
 * entries, postings and bets are archived together.
 *
 * Keys and references that partitioning would otherwise weaken:
 * - `bets_pkey` becomes (id, period_id) and `bets_one_per_game` keeps its columns (the period id is in it). A bet id
 *   stays unique across partitions through `bet_ids` (id primary key), which a statement trigger fills in the bet's
 *   own statement; a duplicate fails with 23505 as before. `disputes.bet_id` and the check of `bet_outcomes.bet_id`
 *   look bets up there (a foreign key cannot reference a partitioned table without its partition key).
 * - `events_pkey` becomes (seq, created_at): seq is the identity, never given twice. The idempotency key of a journal
 *   entry (`events.command_id`, unique) is kept by `event_commands` (primary key named `events_command_id_key`, as the
 *   constraint it replaces), filled the same way.
 * - `ledger_postings_pkey` (id, created_at) and `audit_log_pkey` (id, created_at): identities.
 * - Postings, bets and outbox rows naming a journal entry: the triggers look the entry up by (seq, created_at) first
 *   (one partition: a journal statement writes the entry and its rows with one now()), and only what is not found
 *   there by seq alone across the partitions. `outbox.event_seq` had a foreign key; it is such a trigger now.
 * - Row triggers (append-only, keys kept, never deleted) are on the parents and so on every partition; TRUNCATE
 *   triggers, which are per table, are on the parent and on each partition.
 */

/** IST month boundaries: the month after the newest row, and the three after the current one, get a partition. */
const MONTHS_AHEAD = 3;

const TIME_TABLES = ['events', 'ledger_postings', 'audit_log'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE SCHEMA partitions`.execute(db);
  await sql`REVOKE ALL ON SCHEMA partitions FROM PUBLIC`.execute(db);

  // The month (IST) after the newest row of any of the four tables, or after now: everything before it is the old
  // table, attached whole.
  const { rows } = await sql<{ bound: string }>`
    SELECT to_char(date_trunc('month', greatest(
      (now() AT TIME ZONE 'Asia/Kolkata'),
      (SELECT max(created_at) FROM events) AT TIME ZONE 'Asia/Kolkata',
      (SELECT max(created_at) FROM ledger_postings) AT TIME ZONE 'Asia/Kolkata',
      (SELECT max(created_at) FROM audit_log) AT TIME ZONE 'Asia/Kolkata',
      to_date(left((SELECT max(period_id) FROM bets), 8), 'YYYYMMDD')::timestamp
    )) + interval '1 month', 'YYYY-MM-DD') AS bound
  `.execute(db);
  const bound = rows[0]!.bound;
  const boundKey = bound.replaceAll('-', '');
  const suffix = bound.slice(0, 7).replace('-', '_');
  const boundAt = `'${bound} 00:00:00+05:30'::timestamptz`;

  await sql`
    CREATE TABLE history_partitions (
      partition_name text PRIMARY KEY,
      table_name text NOT NULL CHECK (table_name IN ('events', 'ledger_postings', 'bets', 'audit_log')),
      -- IST months: [starts, ends); starts null for the partition of everything before the conversion.
      starts date,
      ends date NOT NULL,
      status text NOT NULL DEFAULT 'live' CHECK (status IN ('live', 'detached', 'archived')),
      created_at timestamptz NOT NULL DEFAULT now(),
      detached_at timestamptz,
      archived_at timestamptz,
      rows bigint,
      archive_file text,
      archive_sha256 text CHECK (archive_sha256 ~ '^[0-9a-f]{64}$'),
      CHECK (starts IS NULL OR starts < ends),
      CHECK ((status = 'archived') = (archived_at IS NOT NULL AND archive_file IS NOT NULL AND archive_sha256 IS NOT NULL))
    );
    CREATE UNIQUE INDEX history_partitions_month ON history_partitions (table_name, ends);

    -- Invariant: for every account, its balance = its opening balance here + the sum of its live postings. A month's
    -- postings are added here in the transaction that detaches them (docs/partitions.md, "Archival").
    CREATE TABLE archived_balances (
      account text PRIMARY KEY,
      amount bigint NOT NULL,
      postings bigint NOT NULL DEFAULT 0,
      through date NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );

  `.execute(db);

  // The old tables become the partitions of everything before the bound.
  for (const table of [...TIME_TABLES, 'bets'] as const) {
    const legacy = `${table}_before_${suffix}`;
    await sql.raw(`ALTER TABLE ${table} RENAME TO ${legacy}`).execute(db);
    await sql.raw(`ALTER TABLE ${legacy} SET SCHEMA partitions`).execute(db);
    // Triggers with transition tables cannot be on a partition; the parent gets them all back below.
    const { rows: triggers } = await sql<{ name: string }>`
      SELECT tgname AS name FROM pg_trigger WHERE tgrelid = ${`partitions.${legacy}`}::regclass AND NOT tgisinternal
    `.execute(db);
    for (const t of triggers) await sql.raw(`DROP TRIGGER ${t.name} ON partitions.${legacy}`).execute(db);
  }

  // Identities: the parent gets its own sequence (the old ones moved to the schema partitions with their tables), set
  // to where the old one was.
  await sql
    .raw(
      `
    ALTER TABLE outbox DROP CONSTRAINT outbox_event_seq_fkey;
    ALTER TABLE disputes DROP CONSTRAINT disputes_bet_id_fkey;
    ALTER TABLE partitions.events_before_${suffix} DROP CONSTRAINT events_pkey, DROP CONSTRAINT events_command_id_key;
    ALTER TABLE partitions.ledger_postings_before_${suffix} DROP CONSTRAINT ledger_postings_pkey;
    ALTER TABLE partitions.audit_log_before_${suffix} DROP CONSTRAINT audit_log_pkey;
    ALTER TABLE partitions.bets_before_${suffix} DROP CONSTRAINT bets_pkey;

    CREATE TABLE events (LIKE partitions.events_before_${suffix} INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING IDENTITY INCLUDING STORAGE)
      PARTITION BY RANGE (created_at);
    CREATE TABLE ledger_postings (LIKE partitions.ledger_postings_before_${suffix} INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING IDENTITY INCLUDING STORAGE)
      PARTITION BY RANGE (created_at);
    CREATE TABLE audit_log (LIKE partitions.audit_log_before_${suffix} INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING IDENTITY INCLUDING STORAGE)
      PARTITION BY RANGE (created_at);
    CREATE TABLE bets (LIKE partitions.bets_before_${suffix} INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING STORAGE)
      PARTITION BY RANGE (period_id);

    SELECT setval('events_seq_seq', last_value, is_called) FROM partitions.events_seq_seq;
    SELECT setval('ledger_postings_id_seq', last_value, is_called) FROM partitions.ledger_postings_id_seq;
    SELECT setval('audit_log_id_seq', last_value, is_called) FROM partitions.audit_log_id_seq;
    ALTER TABLE partitions.events_before_${suffix} ALTER COLUMN seq DROP IDENTITY;
    ALTER TABLE partitions.ledger_postings_before_${suffix} ALTER COLUMN id DROP IDENTITY;
    ALTER TABLE partitions.audit_log_before_${suffix} ALTER COLUMN id DROP IDENTITY;
  `,
    )
    .execute(db);

  // Attach: a validated CHECK that implies the partition's bound lets ATTACH skip its own scan.
  for (const table of TIME_TABLES) {
    const legacy = `partitions.${table}_before_${suffix}`;
    await sql
      .raw(
        `
      ALTER TABLE ${legacy} ADD CONSTRAINT ${table}_before_bound CHECK (created_at < ${boundAt}) NOT VALID;
      ALTER TABLE ${legacy} VALIDATE CONSTRAINT ${table}_before_bound;
      ALTER TABLE ${table} ATTACH PARTITION ${legacy} FOR VALUES FROM (MINVALUE) TO (${boundAt});
      ALTER TABLE ${legacy} DROP CONSTRAINT ${table}_before_bound;
    `,
      )
      .execute(db);
  }
  await sql
    .raw(
      `
    ALTER TABLE partitions.bets_before_${suffix} ADD CONSTRAINT bets_before_bound CHECK (period_id < '${boundKey}') NOT VALID;
    ALTER TABLE partitions.bets_before_${suffix} VALIDATE CONSTRAINT bets_before_bound;
    ALTER TABLE bets ATTACH PARTITION partitions.bets_before_${suffix} FOR VALUES FROM (MINVALUE) TO ('${boundKey}');
    ALTER TABLE partitions.bets_before_${suffix} DROP CONSTRAINT bets_before_bound;
  `,
    )
    .execute(db);

  // Keys, indexes and references. Indexes of the same definition on the old table are adopted, not built again.
  await sql
    .raw(
      `
    ALTER TABLE events ADD CONSTRAINT events_pkey PRIMARY KEY (seq, created_at);
    CREATE INDEX events_period_stream_idx ON events (stream) WHERE stream LIKE 'period:%';
    ALTER TABLE ledger_postings ADD CONSTRAINT ledger_postings_pkey PRIMARY KEY (id, created_at);
    CREATE INDEX ledger_postings_account_seq_idx ON ledger_postings (account, event_seq) INCLUDE (amount, created_at);
    ALTER TABLE audit_log ADD CONSTRAINT audit_log_pkey PRIMARY KEY (id, created_at);
    CREATE INDEX audit_log_beneficiary_idx ON audit_log (beneficiary_id, created_at) WHERE beneficiary_id IS NOT NULL;
    CREATE INDEX audit_log_target_idx ON audit_log (target_type, target_id);
    ALTER TABLE audit_log ADD CONSTRAINT audit_log_actor_id_fkey FOREIGN KEY (actor_id) REFERENCES users (id);
    ALTER TABLE audit_log ADD CONSTRAINT audit_log_beneficiary_id_fkey FOREIGN KEY (beneficiary_id) REFERENCES users (id);
    ALTER TABLE bets ADD CONSTRAINT bets_pkey PRIMARY KEY (id, period_id);
    ALTER TABLE bets ADD CONSTRAINT bets_one_per_game UNIQUE (user_id, period_id, bet_type);
    CREATE INDEX bets_created_idx ON bets (created_at DESC, id DESC);
    CREATE INDEX bets_period_user_idx ON bets (period_id, user_id);
    CREATE INDEX bets_user_idx ON bets (user_id, created_at DESC);

    -- Guards of the keys that span partitions (bet ids, journal entries' idempotency keys).
    CREATE TABLE bet_ids (
      id uuid PRIMARY KEY,
      period_id text NOT NULL
    );
    CREATE TABLE event_commands (
      command_id uuid CONSTRAINT events_command_id_key PRIMARY KEY,
      created_at timestamptz NOT NULL
    );
    INSERT INTO bet_ids (id, period_id) SELECT id, period_id FROM partitions.bets_before_${suffix};
    INSERT INTO event_commands (command_id, created_at)
      SELECT command_id, created_at FROM partitions.events_before_${suffix} WHERE command_id IS NOT NULL;
  `,
    )
    .execute(db);
  // The old FK constraints to users stay on the old partition, now twins of the parent's: drop the old ones.
  await sql
    .raw(
      `
    DO $$
    DECLARE c record;
    BEGIN
      FOR c IN SELECT conname FROM pg_constraint WHERE conrelid = 'partitions.audit_log_before_${suffix}'::regclass
                 AND contype = 'f' AND conparentid = 0 LOOP
        EXECUTE format('ALTER TABLE partitions.audit_log_before_${suffix} DROP CONSTRAINT %I', c.conname);
      END LOOP;
    END $$;
  `,
    )
    .execute(db);

  await sql
    .raw(
      `
    -- Invariant: a bet id is unique across every partition of bets (bets_pkey holds only within a period's month).
    CREATE FUNCTION bets_ids_unique() RETURNS trigger LANGUAGE plpgsql AS $f$
    BEGIN
      INSERT INTO bet_ids (id, period_id) SELECT id, period_id FROM new_bets;
      RETURN NULL;
    END $f$;
    -- Invariant: a command's journal entry is recorded once (the idempotency key across every partition of events).
    CREATE FUNCTION events_commands_unique() RETURNS trigger LANGUAGE plpgsql AS $f$
    BEGIN
      INSERT INTO event_commands (command_id, created_at) SELECT command_id, created_at FROM new_events WHERE command_id IS NOT NULL;
      RETURN NULL;
    END $f$;

    CREATE OR REPLACE FUNCTION ledger_check_balanced() RETURNS trigger
      LANGUAGE plpgsql SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off AS $f$
    DECLARE
      unbalanced bigint;
      orphan bigint;
    BEGIN
      SELECT event_seq INTO unbalanced FROM new_postings GROUP BY event_seq HAVING sum(amount) <> 0 LIMIT 1;
      IF unbalanced IS NOT NULL THEN
        RAISE EXCEPTION 'journal entry % does not balance', unbalanced USING ERRCODE = 'check_violation';
      END IF;
      -- A journal statement writes an entry and its postings with one now(): looked up in that one partition first.
      WITH unseen AS MATERIALIZED (
        SELECT n.event_seq FROM (SELECT DISTINCT event_seq, created_at FROM new_postings) n
        WHERE NOT EXISTS (SELECT 1 FROM events e WHERE e.seq = n.event_seq AND e.created_at = n.created_at)
      )
      SELECT u.event_seq INTO orphan FROM unseen u WHERE NOT EXISTS (SELECT 1 FROM events e WHERE e.seq = u.event_seq) LIMIT 1;
      IF orphan IS NOT NULL THEN
        RAISE EXCEPTION 'postings name journal entry % that does not exist', orphan
          USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'ledger_postings_event_seq_fkey', TABLE = 'ledger_postings';
      END IF;
      RETURN NULL;
    END $f$;

    CREATE OR REPLACE FUNCTION bets_references_exist() RETURNS trigger
      LANGUAGE plpgsql SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off AS $f$
    BEGIN
      IF EXISTS (SELECT 1 FROM new_bets n WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = n.user_id)) THEN
        RAISE EXCEPTION 'insert on bets names a user that does not exist'
          USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'bets_user_id_fkey', TABLE = 'bets';
      END IF;
      IF EXISTS (SELECT 1 FROM new_bets n WHERE NOT EXISTS (SELECT 1 FROM periods p WHERE p.id = n.period_id)) THEN
        RAISE EXCEPTION 'insert on bets names a period that does not exist'
          USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'bets_period_id_fkey', TABLE = 'bets';
      END IF;
      IF EXISTS (
        WITH unseen AS MATERIALIZED (
          SELECT n.placed_seq FROM (SELECT DISTINCT placed_seq, created_at FROM new_bets WHERE placed_seq IS NOT NULL) n
          WHERE NOT EXISTS (SELECT 1 FROM events e WHERE e.seq = n.placed_seq AND e.created_at = n.created_at)
        )
        SELECT 1 FROM unseen u WHERE NOT EXISTS (SELECT 1 FROM events e WHERE e.seq = u.placed_seq)
      ) THEN
        RAISE EXCEPTION 'insert on bets names a journal entry that does not exist'
          USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'bets_placed_seq_fkey', TABLE = 'bets';
      END IF;
      RETURN NULL;
    END $f$;

    CREATE OR REPLACE FUNCTION bet_outcomes_references_exist() RETURNS trigger
      LANGUAGE plpgsql SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off AS $f$
    BEGIN
      IF EXISTS (SELECT 1 FROM new_outcomes n WHERE n.bet_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM bet_ids b WHERE b.id = n.bet_id)) THEN
        RAISE EXCEPTION 'insert on bet_outcomes names a bet that does not exist'
          USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'bet_outcomes_bet_id_fkey', TABLE = 'bet_outcomes';
      END IF;
      RETURN NULL;
    END $f$;

    -- Was a foreign key to events(seq), which a partitioned events cannot be referenced by without created_at.
    CREATE FUNCTION outbox_references_exist() RETURNS trigger
      LANGUAGE plpgsql SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off AS $f$
    BEGIN
      IF EXISTS (
        WITH unseen AS MATERIALIZED (
          SELECT n.event_seq FROM (SELECT DISTINCT event_seq, created_at FROM new_outbox) n
          WHERE NOT EXISTS (SELECT 1 FROM events e WHERE e.seq = n.event_seq AND e.created_at = n.created_at)
        )
        SELECT 1 FROM unseen u WHERE NOT EXISTS (SELECT 1 FROM events e WHERE e.seq = u.event_seq)
      ) THEN
        RAISE EXCEPTION 'insert on outbox names a journal entry that does not exist'
          USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'outbox_event_seq_fkey', TABLE = 'outbox';
      END IF;
      RETURN NULL;
    END $f$;
    CREATE TRIGGER outbox_references AFTER INSERT ON outbox REFERENCING NEW TABLE AS new_outbox
      FOR EACH STATEMENT EXECUTE FUNCTION outbox_references_exist();

    -- Was a foreign key to bets(id).
    CREATE FUNCTION disputes_bet_exists() RETURNS trigger LANGUAGE plpgsql AS $f$
    BEGIN
      IF NEW.bet_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM bet_ids WHERE id = NEW.bet_id) THEN
        RAISE EXCEPTION 'insert or update on disputes names a bet that does not exist'
          USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'disputes_bet_id_fkey', TABLE = 'disputes';
      END IF;
      RETURN NEW;
    END $f$;
    CREATE TRIGGER disputes_bet_reference BEFORE INSERT OR UPDATE OF bet_id ON disputes
      FOR EACH ROW EXECUTE FUNCTION disputes_bet_exists();

    CREATE TRIGGER events_append_only BEFORE DELETE OR UPDATE ON events FOR EACH ROW EXECUTE FUNCTION forbid_change();
    CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events FOR EACH STATEMENT EXECUTE FUNCTION forbid_change();
    CREATE TRIGGER events_commands AFTER INSERT ON events REFERENCING NEW TABLE AS new_events
      FOR EACH STATEMENT EXECUTE FUNCTION events_commands_unique();

    CREATE TRIGGER ledger_postings_balanced AFTER INSERT ON ledger_postings REFERENCING NEW TABLE AS new_postings
      FOR EACH STATEMENT EXECUTE FUNCTION ledger_check_balanced();
    CREATE TRIGGER postings_append_only BEFORE DELETE OR UPDATE ON ledger_postings FOR EACH ROW EXECUTE FUNCTION forbid_change();
    CREATE TRIGGER postings_no_truncate BEFORE TRUNCATE ON ledger_postings FOR EACH STATEMENT EXECUTE FUNCTION forbid_change();

    CREATE TRIGGER audit_append_only BEFORE DELETE OR UPDATE ON audit_log FOR EACH ROW EXECUTE FUNCTION forbid_change();
    CREATE TRIGGER audit_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION forbid_change();

    CREATE TRIGGER bets_keys_kept BEFORE UPDATE OF id, user_id, period_id, placed_seq ON bets FOR EACH ROW
      WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.user_id IS DISTINCT FROM NEW.user_id
            OR OLD.period_id IS DISTINCT FROM NEW.period_id OR OLD.placed_seq IS DISTINCT FROM NEW.placed_seq)
      EXECUTE FUNCTION forbid_key_change();
    CREATE TRIGGER bets_never_deleted BEFORE DELETE ON bets FOR EACH ROW EXECUTE FUNCTION forbid_key_change();
    CREATE TRIGGER bets_no_truncate BEFORE TRUNCATE ON bets FOR EACH STATEMENT EXECUTE FUNCTION forbid_key_change();
    CREATE TRIGGER bets_loss_limits AFTER INSERT ON bets REFERENCING NEW TABLE AS new_bets
      FOR EACH STATEMENT EXECUTE FUNCTION bets_loss_limits();
    CREATE TRIGGER bets_references AFTER INSERT ON bets REFERENCING NEW TABLE AS new_bets
      FOR EACH STATEMENT EXECUTE FUNCTION bets_references_exist();
    CREATE TRIGGER bets_ids AFTER INSERT ON bets REFERENCING NEW TABLE AS new_bets
      FOR EACH STATEMENT EXECUTE FUNCTION bets_ids_unique();

    -- TRUNCATE triggers are per table: each partition gets its own.
    CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON partitions.events_before_${suffix} FOR EACH STATEMENT EXECUTE FUNCTION forbid_change();
    CREATE TRIGGER postings_no_truncate BEFORE TRUNCATE ON partitions.ledger_postings_before_${suffix} FOR EACH STATEMENT EXECUTE FUNCTION forbid_change();
    CREATE TRIGGER audit_no_truncate BEFORE TRUNCATE ON partitions.audit_log_before_${suffix} FOR EACH STATEMENT EXECUTE FUNCTION forbid_change();
    CREATE TRIGGER bets_no_truncate BEFORE TRUNCATE ON partitions.bets_before_${suffix} FOR EACH STATEMENT EXECUTE FUNCTION forbid_key_change();

    -- The api's rights as before (migration 0015) on the parents; none on the partitions' schema.
    GRANT SELECT, INSERT ON events, ledger_postings, audit_log TO winround_api;
    GRANT SELECT, INSERT, UPDATE, DELETE ON bets TO winround_api;
    GRANT SELECT, USAGE ON SEQUENCE events_seq_seq, ledger_postings_id_seq, audit_log_id_seq TO winround_api;
    GRANT SELECT, INSERT ON bet_ids, event_commands TO winround_api;

    INSERT INTO history_partitions (partition_name, table_name, starts, ends) VALUES
      ('events_before_${suffix}', 'events', NULL, DATE '${bound}'),
      ('ledger_postings_before_${suffix}', 'ledger_postings', NULL, DATE '${bound}'),
      ('bets_before_${suffix}', 'bets', NULL, DATE '${bound}'),
      ('audit_log_before_${suffix}', 'audit_log', NULL, DATE '${bound}');
  `,
    )
    .execute(db);

  await sql
    .raw(
      `
    -- Creates the monthly partitions (IST months) of the four tables that are missing, from the end of the newest
    -- one through the month 'months' after the current one; returns how many it made. Safe to run concurrently (an
    -- advisory lock) and repeatedly. Partitions are tables of schema 'partitions', recorded in history_partitions.
    CREATE FUNCTION history_partitions_ahead(months integer) RETURNS integer LANGUAGE plpgsql AS $f$
    DECLARE
      t text;
      m date;
      last_month date := (date_trunc('month', now() AT TIME ZONE 'Asia/Kolkata') + make_interval(months => months))::date;
      made integer := 0;
      name text;
    BEGIN
      PERFORM pg_advisory_xact_lock(727029);
      FOREACH t IN ARRAY ARRAY['events', 'ledger_postings', 'bets', 'audit_log'] LOOP
        SELECT max(ends) INTO m FROM history_partitions WHERE table_name = t;
        WHILE m <= last_month LOOP
          name := format('%s_%s', t, to_char(m, 'YYYY_MM'));
          IF t = 'bets' THEN
            EXECUTE format('CREATE TABLE partitions.%I PARTITION OF public.bets FOR VALUES FROM (%L) TO (%L) WITH (fillfactor = 45)',
              name, to_char(m, 'YYYYMMDD'), to_char((m + interval '1 month')::date, 'YYYYMMDD'));
          ELSE
            EXECUTE format('CREATE TABLE partitions.%I PARTITION OF public.%I FOR VALUES FROM (%L) TO (%L)',
              name, t, m::text || ' 00:00:00+05:30', (m + interval '1 month')::date::text || ' 00:00:00+05:30');
          END IF;
          EXECUTE format('CREATE TRIGGER %I BEFORE TRUNCATE ON partitions.%I FOR EACH STATEMENT EXECUTE FUNCTION %s()',
            CASE t WHEN 'ledger_postings' THEN 'postings_no_truncate' WHEN 'audit_log' THEN 'audit_no_truncate' ELSE t || '_no_truncate' END,
            name, CASE t WHEN 'bets' THEN 'forbid_key_change' ELSE 'forbid_change' END);
          INSERT INTO history_partitions (partition_name, table_name, starts, ends)
            VALUES (name, t, m, (m + interval '1 month')::date);
          made := made + 1;
          m := (m + interval '1 month')::date;
        END LOOP;
      END LOOP;
      RETURN made;
    END $f$;
    REVOKE ALL ON FUNCTION history_partitions_ahead(integer) FROM PUBLIC;
  `,
    )
    .execute(db);
  await sql`SELECT history_partitions_ahead(${MONTHS_AHEAD}::int)`.execute(db);
  await sql`ANALYZE events, ledger_postings, bets, audit_log`.execute(db);
}
