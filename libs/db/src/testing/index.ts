import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type Database } from '../database.js';
import { migrateToLatest } from '../migrate.js';
import { migrations } from '../migrations/index.js';

/** Server used by integration tests; each test file gets a fresh database on it. */
export const TEST_DATABASE_SERVER = process.env.TEST_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432';
// One template per set of migrations: trees with different migrations (sibling branches) never share one.
const TEMPLATE = `wr_test_template_${createHash('sha256').update(Object.keys(migrations).sort().join(',')).digest('hex').slice(0, 12)}`;
const TEMPLATE_LOCK = 727_002;

export interface TestDatabase {
  url: string;
  name: string;
  db: Database;
  drop(): Promise<void>;
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
      const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [TEMPLATE]);
      if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${TEMPLATE}`);
      const templateDb = createDatabase(`${TEST_DATABASE_SERVER}/${TEMPLATE}`, { max: 1 });
      try {
        await migrateToLatest(templateDb);
      } finally {
        await templateDb.destroy();
      }
      await client.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}`);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
  const url = `${TEST_DATABASE_SERVER}/${name}`;
  const db = createDatabase(url, { max: 10 });
  return {
    url,
    name,
    db,
    async drop() {
      await db.destroy();
      await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
