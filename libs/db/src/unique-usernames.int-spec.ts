import { Migrator, sql } from 'kysely';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type Database } from './database.js';
import { migrateToLatest } from './migrate.js';
import { migrations } from './migrations/index.js';
import { TEST_DATABASE_SERVER } from './testing/index.js';

describe('migration 0009: existing duplicates are resolved deterministically', () => {
  const name = `wr_usernames_${randomBytes(4).toString('hex')}`;
  let db: Database;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: `${TEST_DATABASE_SERVER}/postgres` });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  beforeAll(async () => {
    await admin(`CREATE DATABASE ${name}`);
    db = createDatabase(`${TEST_DATABASE_SERVER}/${name}`, { max: 2 });
  });
  afterAll(async () => {
    await db.destroy();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('the earliest account keeps the name, later ones get name-<id prefix>, and the index refuses new duplicates', async () => {
    const before = Object.fromEntries(Object.entries(migrations).filter(([key]) => key < '0009'));
    const result = await new Migrator({ db, provider: { getMigrations: async () => before } }).migrateToLatest();
    expect(result.error).toBeUndefined();
    const insert = (id: string, username: string, createdAt: string) =>
      sql`INSERT INTO users (id, username, email, password_hash, referral_code, created_at)
          VALUES (${id}::uuid, ${username}, ${`${id.slice(0, 8)}@gmail.com`}, 'x', ${`R${id.slice(0, 7)}`.toUpperCase()}, ${createdAt}::timestamptz)`.execute(
        db,
      );
    await insert('bbbbbbbb-0000-4000-8000-000000000002', 'ravi', '2026-02-01T00:00:00Z');
    await insert('aaaaaaaa-0000-4000-8000-000000000001', 'Ravi', '2026-01-01T00:00:00Z');
    await insert('cccccccc-0000-4000-8000-000000000003', 'RAVI', '2026-02-01T00:00:00Z');
    await insert('dddddddd-0000-4000-8000-000000000004', 'A very long username of 30 ch', '2026-01-01T00:00:00Z');
    await insert('eeeeeeee-0000-4000-8000-000000000005', 'a very long username of 30 CH', '2026-01-02T00:00:00Z');
    await insert('ffffffff-0000-4000-8000-000000000006', 'Sita', '2026-01-01T00:00:00Z');

    await migrateToLatest(db);
    const rows = await db.selectFrom('users').select(['id', 'username']).orderBy('id').execute();
    expect(rows.map((r) => r.username)).toEqual([
      'Ravi', // the earliest of the three keeps it
      'ravi-bbbbbbbb',
      'RAVI-cccccccc',
      'A very long username of 30 ch',
      'a very long username-eeeeeeee',
      'Sita',
    ]);
    for (const row of rows) expect(row.username.length).toBeLessThanOrEqual(30);
    await expect(insert('99999999-0000-4000-8000-000000000009', 'sITA', '2026-03-01T00:00:00Z')).rejects.toThrow(
      /users_username_lower_key/,
    );
  });
});
