import { Migrator, sql } from 'kysely';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadUsernameSkeleton } from '@app/domain';
import { createDatabase, type Database } from './database.js';
import { migrateToLatest } from './migrate.js';
import { migrations } from './migrations/index.js';
import { TEST_DATABASE_SERVER } from './testing/index.js';

describe('migration 0018: usernames unique on their confusable skeleton, bet answers indexed by age', () => {
  const name = `wr_skeletons_${randomBytes(4).toString('hex')}`;
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

  it('the earliest account keeps a name, later look-alikes get name-<id prefix>, and the index refuses new look-alikes', async () => {
    const before = Object.fromEntries(Object.entries(migrations).filter(([key]) => key < '0018'));
    const result = await new Migrator({ db, provider: { getMigrations: async () => before } }).migrateToLatest();
    expect(result.error).toBeUndefined();
    const insert = (id: string, username: string, createdAt: string, role = 'user') =>
      sql`INSERT INTO users (id, username, email, password_hash, role, referral_code, created_at)
          VALUES (${id}::uuid, ${username}, ${`${id.slice(0, 8)}@gmail.com`}, 'x', ${role}, ${`R${id.slice(0, 7)}`.toUpperCase()}, ${createdAt}::timestamptz)`.execute(
        db,
      );
    await insert('aaaaaaaa-0000-4000-8000-000000000001', 'boss', '2026-01-01T00:00:00Z', 'super-admin');
    await insert('bbbbbbbb-0000-4000-8000-000000000002', 'boss\u034f', '2026-02-01T00:00:00Z'); // + combining grapheme joiner
    await insert('cccccccc-0000-4000-8000-000000000003', 'b\u03bfss', '2026-02-02T00:00:00Z'); // Greek omicron
    await insert('dddddddd-0000-4000-8000-000000000004', 'Meera', '2026-01-03T00:00:00Z');
    await insert('eeeeeeee-0000-4000-8000-000000000005', 'rnodi', '2026-01-04T00:00:00Z');
    await insert('ffffffff-0000-4000-8000-000000000006', 'modi', '2026-01-02T00:00:00Z');
    // Created now: a timestamp with microseconds, which a JavaScript Date cannot hold.
    await sql`INSERT INTO users (id, username, email, password_hash, referral_code) VALUES ('99999999-0000-4000-8000-000000000007'::uuid, 'Asha', 'asha@gmail.com', 'x', 'RASHA000')`.execute(
      db,
    );

    await migrateToLatest(db);
    const usernameSkeleton = await loadUsernameSkeleton();
    const rows = await db.selectFrom('users').select(['id', 'username', 'username_skeleton']).orderBy('id').execute();
    expect(rows.map((r) => r.username)).toEqual([
      'Asha',
      'boss',
      'boss\u034f-bbbbbbbb',
      'b\u03bfss-cccccccc',
      'Meera',
      'rnodi-eeeeeeee',
      'modi',
    ]);
    for (const row of rows) expect(row.username_skeleton).toBe(usernameSkeleton(row.username));
    await expect(
      sql`INSERT INTO users (username, email, password_hash, referral_code, username_skeleton)
          VALUES ('B0SS', 'b0ss@gmail.com', 'x', 'RB0SS000', ${usernameSkeleton('B0SS')})`.execute(db),
    ).rejects.toThrow(/users_username_skeleton_key/);

    const { rows: indexes } = await sql<{
      indexdef: string;
    }>`SELECT indexdef FROM pg_indexes WHERE indexname = 'bet_outcomes_created_at_idx'`.execute(db);
    expect(indexes.map((i) => i.indexdef)).toEqual([expect.stringContaining('(created_at)')]);
  });
});
