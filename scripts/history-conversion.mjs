// node scripts/history-conversion.mjs [--bets 1000000]
//
// Times the in-place conversion of migration 0029 (docs/partitions.md): builds a database at migration 0028 on the
// test server (TEST_DATABASE_SERVER, else postgres://postgres@127.0.0.1:5432) holding `--bets` bets with a consistent
// ledger (every player's deposit, every period's stakes as one journal entry, wallets equal to their postings, an
// audit row for one bet in ten), runs 0029, and checks that every row of every converted table and every account's
// balance is kept, that the identities continue where they were, and that the books still agree. Prints the figures
// and drops the database. Uses the built server's migrations (dist/, built when missing or without 0029).
// The CI-sized run of the same check is libs/db/src/history-conversion.int-spec.ts.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';

const BEFORE = '0028-player-language';
const TABLES = ['events', 'ledger_postings', 'bets', 'audit_log'];

/** The figures of one database: rows and a digest of them per table, every account's balance, the identities. */
async function snapshot(client) {
  const tables = {};
  for (const table of TABLES) {
    const { rows } = await client.query(
      `SELECT count(*)::bigint::text AS n, coalesce(sum(hashtextextended(t::text, 0)::numeric), 0)::text AS digest FROM ${table} t`,
    );
    tables[table] = rows[0];
  }
  const { rows: balances } = await client.query(
    'SELECT account, sum(amount)::text AS total FROM ledger_postings GROUP BY account ORDER BY account',
  );
  const { rows: wallets } = await client.query(`
    SELECT count(*)::int AS n FROM wallets w
    WHERE w.main <> coalesce((SELECT sum(amount) FROM ledger_postings WHERE account = 'user:' || w.user_id || ':main'), 0)
  `);
  const { rows: identities } = await client.query(`
    SELECT (SELECT last_value FROM events_seq_seq)::text AS events, (SELECT last_value FROM ledger_postings_id_seq)::text AS postings,
           (SELECT last_value FROM audit_log_id_seq)::text AS audit
  `);
  const { rows: total } = await client.query('SELECT coalesce(sum(amount), 0)::text AS total FROM ledger_postings');
  return {
    tables,
    balances: Object.fromEntries(balances.map((b) => [b.account, b.total])),
    walletsDiffering: wallets[0].n,
    identities: identities[0],
    total: total[0].total,
  };
}

/** Fills a database at migration 0028 with `bets` bets and their ledger; returns what it made. */
async function fill(client, bets) {
  const users = Math.min(10_000, Math.max(50, Math.round(bets / 100)));
  const periods = Math.ceil(bets / users);
  await client.query('BEGIN');
  await client.query(
    `INSERT INTO users (id, username, email, password_hash, referral_code, created_at)
     SELECT md5('u' || g)::uuid, 'p' || g, 'p' || g || '@example.com', 'x', 'R' || lpad(g::text, 7, '0'), now() - interval '400 days'
     FROM generate_series(1, $1::int) g`,
    [users],
  );
  await client.query(`INSERT INTO wallets (user_id, is_active) SELECT id, true FROM users WHERE role = 'user'`);
  // Each player's deposit: one journal entry of two postings.
  await client.query(`
    WITH e AS (
      INSERT INTO events (type, stream, user_id, command_id, payload, created_at)
      SELECT 'DepositApproved', 'wallet:' || id, id, md5('d' || id)::uuid, '{"amount":10000000}', now() - interval '400 days'
      FROM users WHERE role = 'user'
      RETURNING seq, user_id, created_at
    )
    INSERT INTO ledger_postings (event_seq, account, amount, created_at)
    SELECT seq, 'user:' || user_id || ':main', 10000000, created_at FROM e
    UNION ALL SELECT seq, 'clearing:deposits', -10000000, created_at FROM e
  `);
  const { rows: chain } = await client.query(
    `INSERT INTO fairness_chains (commitment, tip, tip_sealed, key_id, length) VALUES (repeat('a', 64), NULL, 'AAAA', repeat('0', 16), $1) RETURNING id`,
    [periods + 10],
  );
  // Periods spread over the last year, so the bets span many months.
  await client.query(
    `INSERT INTO periods (id, start_at, lock_at, end_at, chain_id, chain_index, seed_hash)
     SELECT to_char(s AT TIME ZONE 'Asia/Kolkata', 'YYYYMMDD') || lpad(i::text, 4, '0'), s, s + interval '25 seconds', s + interval '30 seconds', $1, i, repeat('a', 64)
     FROM generate_series(1, $2::int) i, LATERAL (SELECT now() - interval '360 days' + (i - 1) * (interval '360 days' / $2::int) AS s) x`,
    [chain[0].id, periods],
  );
  // Each period's stakes: one journal entry (every bet's stake from its player, the sum to house:stakes), as a bet
  // batch records them; every player bets once in every period, up to `bets` bets.
  await client.query(
    `
    WITH e AS (
      INSERT INTO events (type, stream, payload, created_at)
      SELECT 'StakesTaken', 'period:' || id, '{}', start_at + interval '10 seconds' FROM periods
      RETURNING seq, stream, created_at
    ), b AS (
      INSERT INTO bets (id, user_id, period_id, bet_type, bet_value, amount, placed_at, placed_seq, created_at, updated_at, payout)
      SELECT md5(p.id || ':' || u.id)::uuid, u.id, p.id, 'color', (ARRAY['red', 'green', 'violet'])[1 + abs(hashtext(p.id || u.id)) % 3],
             1000 + abs(hashtext(u.id || p.id)) % 100 * 100, e.created_at, e.seq, e.created_at, e.created_at, 2
      FROM e JOIN periods p ON e.stream = 'period:' || p.id
      CROSS JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS rank FROM users WHERE role = 'user') u
      WHERE (p.chain_index - 1) * $1::int + u.rank < $2::int
      RETURNING user_id, amount, placed_seq, created_at
    )
    INSERT INTO ledger_postings (event_seq, account, amount, created_at)
    SELECT placed_seq, 'user:' || user_id || ':main', -amount, created_at FROM b
    UNION ALL SELECT placed_seq, 'house:stakes', sum(amount), min(created_at) FROM b GROUP BY placed_seq
  `,
    [users, bets],
  );
  await client.query(`
    UPDATE wallets w SET main = 10000000 - coalesce(s.staked, 0)
    FROM (SELECT user_id, sum(amount) AS staked FROM bets GROUP BY user_id) s WHERE s.user_id = w.user_id
  `);
  await client.query(`
    UPDATE wallets SET main = 10000000 WHERE NOT EXISTS (SELECT 1 FROM bets b WHERE b.user_id = wallets.user_id)
  `);
  await client.query(`
    INSERT INTO audit_log (action, target_type, target_id, created_at)
    SELECT 'bet.reviewed', 'bet', id::text, created_at FROM bets WHERE abs(hashtext(id::text)) % 10 = 0
  `);
  await client.query('COMMIT');
  await client.query('ANALYZE');
  return { users, periods };
}

/** The differences between the figures before and after (empty when everything was kept). */
function differences(before, after) {
  const problems = [];
  for (const table of TABLES)
    if (JSON.stringify(before.tables[table]) !== JSON.stringify(after.tables[table]))
      problems.push(
        `${table}: ${JSON.stringify(before.tables[table])} before, ${JSON.stringify(after.tables[table])} after`,
      );
  if (JSON.stringify(before.balances) !== JSON.stringify(after.balances)) problems.push('account balances differ');
  if (JSON.stringify(before.identities) !== JSON.stringify(after.identities))
    problems.push(`identities: ${JSON.stringify(before.identities)} before, ${JSON.stringify(after.identities)} after`);
  if (after.walletsDiffering !== 0) problems.push(`${after.walletsDiffering} wallets differ from their postings`);
  if (after.total !== '0') problems.push(`the postings sum to ${after.total}`);
  return problems;
}

/**
 * Builds a database at 0028 with `bets` bets, converts it with the migrations after 0028 and compares.
 * @returns the figures and the time the conversion took.
 */
export async function convertAndCheck({ server, migrations, bets, log = () => {} }) {
  const name = `wr_conversion_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${server}/postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = `${server}/${name}`;
  const db = new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }) });
  const client = new pg.Client({ connectionString: url });
  try {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const to0028 = await migrator.migrateTo(BEFORE);
    if (to0028.error) throw to0028.error;
    await client.connect();
    let started = Date.now();
    const made = await fill(client, bets);
    const fillMs = Date.now() - started;
    const before = await snapshot(client);
    log(
      `filled at ${BEFORE}: ${before.tables.bets.n} bets, ${before.tables.events.n} journal entries, ${before.tables.ledger_postings.n} postings, ${before.tables.audit_log.n} audit rows, ${made.users} players, ${made.periods} periods (${(fillMs / 1000).toFixed(1)} s)`,
    );
    started = Date.now();
    const latest = await migrator.migrateToLatest();
    if (latest.error) throw latest.error;
    const ms = Date.now() - started;
    const after = await snapshot(client);
    const { rows: placed } = await client.query(`
      SELECT c.relname AS partition, c.reltuples::bigint AS rows FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'bets'::regclass AND c.relname LIKE 'bets_before_%'
    `);
    return {
      name,
      bets: Number(before.tables.bets.n),
      before,
      after,
      ms,
      fillMs,
      problems: differences(before, after),
      legacy: placed[0],
    };
  } finally {
    await client.end().catch(() => undefined);
    await db.destroy();
    // The pool's end resolves before its connection has closed: the database is dropped once its sessions are gone
    // (forcing it would terminate a closing session, whose client then reports the termination as an error).
    for (let waited = 0; waited < 5000; waited += 50) {
      const { rows } = await admin.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
      if (rows[0].n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const index = join(ROOT, 'dist/libs/db/src/migrations/index.js');
  if (!existsSync(join(ROOT, 'dist/libs/db/src/migrations/0029-partitioned-history.js'))) {
    const build = spawnSync('npx', ['nest', 'build', 'api'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) {
      console.error('Building the server failed; run `npm run build:server` and try again.');
      process.exit(2);
    }
  }
  const { migrations } = await import(pathToFileURL(index).href);
  const at = process.argv.indexOf('--bets');
  const bets = at > 0 ? Number(process.argv[at + 1]) : 1_000_000;
  const server =
    process.env.TEST_DATABASE_SERVER || `postgres://postgres@127.0.0.1:${process.env.TEST_DATABASE_PORT || 5432}`;
  const result = await convertAndCheck({ server, migrations, bets, log: (line) => console.log(line) });
  console.log(`migration 0029 converted ${result.bets} bets in place in ${(result.ms / 1000).toFixed(2)} s`);
  console.log(
    `  kept: ${TABLES.map((t) => `${t} ${result.after.tables[t].n}`).join(', ')}; ${Object.keys(result.after.balances).length} account balances; identities ${JSON.stringify(result.after.identities)}`,
  );
  if (result.problems.length > 0) {
    console.error(`NOT KEPT:\n  ${result.problems.join('\n  ')}`);
    process.exitCode = 1;
  } else console.log('  every row, every balance and every identity kept; the books agree');
}
