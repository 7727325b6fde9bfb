import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { IST_OFFSET_MS } from '@app/domain';
import { createDatabase, RANDOM_PAGE_COST, type Database } from '../database.js';
import { migrateToLatest } from '../migrate.js';
import { migrations } from '../migrations/index.js';

/**
 * Server used by integration tests; each test file gets a fresh database on it. TEST_DATABASE_SERVER, else user
 * postgres on 127.0.0.1:TEST_DATABASE_PORT (5432) — as scripts/services.mjs looks for it (`npm test` sets it).
 */
export const TEST_DATABASE_SERVER =
  process.env.TEST_DATABASE_SERVER || `postgres://postgres@127.0.0.1:${process.env.TEST_DATABASE_PORT || 5432}`;
// One template per set of migrations, named by their names and code: trees with different migrations (sibling branches,
// or a migration edited before release) never share one.
const MIGRATIONS_DIGEST = createHash('sha256')
  .update(
    Object.keys(migrations)
      .sort()
      .map((name) => `${name}\n${String(migrations[name]!.up)}`)
      .join('\n'),
  )
  .digest('hex')
  .slice(0, 12);
/**
 * `TEST_DATABASE_POOLER=pgbouncer`: the test databases are created, cloned and dropped on TEST_DATABASE_SERVER
 * directly, but every URL and handle handed out goes through the PgBouncer (transaction mode) at
 * TEST_PGBOUNCER_SERVER (`node scripts/pgbouncer.mjs <command>` starts one and sets both).
 */
export const TEST_DATABASE_POOLER: 'direct' | 'transaction' =
  process.env.TEST_DATABASE_POOLER === 'pgbouncer' ? 'transaction' : 'direct';
/** Where the specs' connections go: the PgBouncer in front of the test server, or the test server itself. */
export const TEST_DATABASE_CLIENT_SERVER = ((): string => {
  if (TEST_DATABASE_POOLER === 'direct') return TEST_DATABASE_SERVER;
  const server = process.env.TEST_PGBOUNCER_SERVER;
  if (!server)
    throw new Error('TEST_DATABASE_POOLER=pgbouncer needs TEST_PGBOUNCER_SERVER (node scripts/pgbouncer.mjs)');
  return server;
})();
const TEMPLATE_PREFIX = `wr_test_template_${MIGRATIONS_DIGEST}_`;
/**
 * The template of the current IST month: what the migrations make depends on the month they run in (migration 0029
 * partitions the money history from the month after the current one), so a database cloned from it is the one a
 * fresh migration makes now, whatever month an earlier run built its template in.
 */
const templateOf = (now = Date.now()) =>
  `${TEMPLATE_PREFIX}${new Date(now + IST_OFFSET_MS).toISOString().slice(0, 7).replace('-', '')}`;
const TEMPLATE_LOCK = 727_002;

/** The api's own database role (migration 0015): what an api node connects as. */
export const API_ROLE = 'winround_api';

export interface TestDatabase {
  /** As the owner (what migrations and the round engine use); through PgBouncer under TEST_DATABASE_POOLER. */
  url: string;
  /** What `url` points at (DATABASE_POOLER of the processes started on it). */
  pooler: 'direct' | 'transaction';
  /** As the api's role, which cannot read the fairness secrets (what api nodes use). */
  apiUrl: string;
  name: string;
  db: Database;
  drop(): Promise<void>;
}

/** `url` with the api's role as its user (and TEST_API_DATABASE_PASSWORD as its password, when set). */
export function apiRoleUrl(url: string): string {
  const u = new URL(url);
  u.username = API_ROLE;
  u.password = process.env.TEST_API_DATABASE_PASSWORD ?? '';
  return u.toString();
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: `${TEST_DATABASE_SERVER}/postgres` });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates a fresh, migrated database for one test file. A migrated template is built once per schema
 * version (under an advisory lock, so parallel jest workers cooperate) and cloned, which takes ~100 ms.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `wr_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await admin(async (client) => {
    await client.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const TEMPLATE = templateOf();
      const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [TEMPLATE]);
      if (exists.rowCount === 0) {
        // The same migrations' templates of earlier months (and the one of no month, which earlier trees built) are
        // never cloned again: dropped (under this lock, nobody is cloning them).
        const { rows: old } = await client.query<{ datname: string }>(
          `SELECT datname FROM pg_database WHERE (starts_with(datname, $1) AND datname <> $2) OR datname = $3`,
          [TEMPLATE_PREFIX, TEMPLATE, TEMPLATE_PREFIX.slice(0, -1)],
        );
        for (const { datname } of old) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
        await client.query(`CREATE DATABASE ${TEMPLATE}`);
      }
      const templateDb = createDatabase(`${TEST_DATABASE_SERVER}/${TEMPLATE}`, { max: 1 });
      try {
        await migrateToLatest(templateDb);
        // The months ahead get their partitions (migration 0029), as the engine's hourly worker keeps them.
        await sql`SELECT history_partitions_ahead(3)`.execute(templateDb);
      } finally {
        await templateDb.destroy();
      }
      // The api's role is created by the migrations without LOGIN (an operator grants it to a login role); the test
      // server lets it log in as it is (trust authentication, or TEST_API_DATABASE_PASSWORD).
      await client.query(`ALTER ROLE ${API_ROLE} LOGIN`);
      await client.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}`);
      // Behind a transaction-mode pooler no startup options reach the server: the planner's cost is the database's
      // own setting, as docs/database-scaling.md tells operators to make it.
      if (TEST_DATABASE_POOLER === 'transaction')
        await client.query(`ALTER DATABASE ${name} SET random_page_cost = ${RANDOM_PAGE_COST}`);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
  const url = `${TEST_DATABASE_CLIENT_SERVER}/${name}`;
  const db = createDatabase(url, { max: 10, pooler: TEST_DATABASE_POOLER });
  return {
    url,
    pooler: TEST_DATABASE_POOLER,
    apiUrl: apiRoleUrl(url),
    name,
    db,
    async drop() {
      await db.destroy();
      await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
export * from './sql-snapshots.js';
export * from './round-with-bets.js';
export * from './plans.js';
