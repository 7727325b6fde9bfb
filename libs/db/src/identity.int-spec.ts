import { Migrator, sql } from 'kysely';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { emailIdentityKey } from '@app/domain';
import { createDatabase, type Database } from './database.js';
import { migrateToLatest } from './migrate.js';
import { migrations } from './migrations/index.js';
import { createTestDatabase, TEST_DATABASE_SERVER, type TestDatabase } from './testing/index.js';

/** Addresses from a seeded generator: mixed case, dots, +tags, odd characters, several domains. */
function generatedAddresses(count: number): string[] {
  let seed = 20261122;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const chars = 'aAbBzZ09._%+-';
  const domains = ['gmail.com', 'GMail.com', 'googlemail.com', 'corp.in', 'Corp.IN', 'g.mail.com', 'gmail.co'];
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const length = 1 + next(12);
    let local = '';
    for (let j = 0; j < length; j++) local += chars[next(chars.length)];
    out.push(`${local}@${domains[next(domains.length)]}`);
  }
  return out;
}

describe('e-mail identity in the database', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  it('email_identity_key gives the same answers as emailIdentityKey of @app/domain', async () => {
    const addresses = [
      'Ravi.Kumar+win@GoogleMail.com',
      'ravi.kumar@corp.in',
      'ravi+x@corp.in',
      '+tag@gmail.com',
      '.a.+b@gmail.com',
      'a@b@gmail.com',
      'no-at-sign',
      '@gmail.com',
      ...generatedAddresses(2000),
    ];
    const { rows } = await sql<{ address: string; key: string }>`
      SELECT address, email_identity_key(address) AS key FROM unnest(${addresses}::text[]) AS address
    `.execute(t.db);
    const differences = rows
      .filter((r) => r.key !== emailIdentityKey(r.address))
      .map((r) => ({ ...r, domain: emailIdentityKey(r.address) }));
    expect(differences).toEqual([]);
    expect(rows).toHaveLength(addresses.length);
  });

  it('refuses a second account for any alias of an address, however it is inserted', async () => {
    const insert = (email: string, code: string) =>
      t.db
        .insertInto('users')
        .values({ username: `ravi_${code}`, email, password_hash: 'x', referral_code: code })
        .returning(['id', 'email_key'])
        .executeTakeFirstOrThrow();
    const first = await insert('ravi.kumar@gmail.com', 'IDKEY001');
    expect(first.email_key).toBe('ravikumar@gmail.com');
    for (const [alias, code] of [
      ['ravikumar@gmail.com', 'IDKEY002'],
      ['r.a.v.i.kumar+2@gmail.com', 'IDKEY003'],
      ['ravikumar@googlemail.com', 'IDKEY004'],
    ] as const) {
      await expect(insert(alias, code)).rejects.toThrow(/users_email_key_unique/);
    }
    await insert('ravi+games@corp.in', 'IDKEY005');
    await expect(insert('ravi@corp.in', 'IDKEY006')).rejects.toThrow(/users_email_key_unique/);
    // Dots count outside Gmail.
    await insert('r.avi@corp.in', 'IDKEY007');
  });
});

describe('migration 0005 on a database that already has aliases', () => {
  let db: Database;
  const name = `wr_test_identity_${randomBytes(4).toString('hex')}`;
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

  it('keeps every account, lets the oldest own the identity, marks the later ones grandfathered, and refuses new aliases', async () => {
    const before = Object.fromEntries(Object.entries(migrations).filter(([key]) => key < '0005'));
    const result = await new Migrator({ db, provider: { getMigrations: async () => before } }).migrateToLatest();
    expect(result.error).toBeUndefined();
    const insert = (email: string, code: string, createdAt: string) =>
      sql`INSERT INTO users (username, email, password_hash, referral_code, created_at) VALUES ('p', ${email}, 'x', ${code}, ${createdAt}::timestamptz)`.execute(
        db,
      );
    await insert('ravi.kumar@gmail.com', 'OLD00001', '2026-01-01T00:00:00Z');
    await insert('ravikumar+2@gmail.com', 'OLD00002', '2026-02-01T00:00:00Z');
    await insert('r.avikumar@gmail.com', 'OLD00003', '2026-03-01T00:00:00Z');
    await insert('sita@gmail.com', 'OLD00004', '2026-01-15T00:00:00Z');

    await migrateToLatest(db);
    const rows = await db
      .selectFrom('users')
      .select(['email', 'email_key', 'grandfathered_alias'])
      .orderBy('created_at')
      .execute();
    expect(rows).toEqual([
      { email: 'ravi.kumar@gmail.com', email_key: 'ravikumar@gmail.com', grandfathered_alias: false },
      { email: 'sita@gmail.com', email_key: 'sita@gmail.com', grandfathered_alias: false },
      { email: 'ravikumar+2@gmail.com', email_key: 'ravikumar@gmail.com', grandfathered_alias: true },
      { email: 'r.avikumar@gmail.com', email_key: 'ravikumar@gmail.com', grandfathered_alias: true },
    ]);
    await expect(insert('RaviKumar+3@gmail.com'.toLowerCase(), 'NEW00001', '2026-04-01T00:00:00Z')).rejects.toThrow(
      /users_email_key_unique/,
    );
  });
});
