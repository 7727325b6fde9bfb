import { randomBytes } from 'node:crypto';
import { Migrator, sql } from 'kysely';
import pg from 'pg';
import { createDatabase, type Database } from './database.js';
import { migrations } from './migrations/index.js';
import { createTestDatabase, TEST_DATABASE_SERVER, type TestDatabase } from './testing/index.js';

/** The guards of migration 0006 and the int8 parser, straight against Postgres (no api in between). */
describe('money guards in the database', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  async function user(role: 'user' | 'super-admin' = 'user'): Promise<string> {
    const tag = randomBytes(4).toString('hex');
    const row = await t.db
      .insertInto('users')
      .values({
        username: `u${tag}`,
        email: `u.${tag}@gmail.com`,
        password_hash: 'x',
        role,
        referral_code: `R${tag.toUpperCase()}`.slice(0, 8),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  async function player(): Promise<{ userId: string; walletId: string }> {
    const userId = await user();
    const wallet = await t.db
      .insertInto('wallets')
      .values({ user_id: userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { userId, walletId: wallet.id };
  }
  const utr = () => String(100_000_000_000 + Math.floor(Math.random() * 899_999_999_999));
  function claim(db: Database, p: { userId: string; walletId: string }, amount = 50_000) {
    return db
      .insertInto('transactions')
      .values({
        transaction_id: `DEP${randomBytes(6).toString('hex')}`,
        user_id: p.userId,
        wallet_id: p.walletId,
        type: 'DEPOSIT',
        method: 'UPI',
        status: 'PENDING',
        amount,
        utr_number: utr(),
        ist_day: '2026-11-21',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  }
  function withdrawal(p: { userId: string; walletId: string }, amount: number) {
    return t.db
      .insertInto('transactions')
      .values({
        transaction_id: `WDR${randomBytes(6).toString('hex')}`,
        user_id: p.userId,
        wallet_id: p.walletId,
        type: 'WITHDRAWAL',
        method: 'UPI',
        status: 'PENDING',
        amount,
        upi_id: 'ravi@ybl',
        ist_day: '2026-11-21',
      })
      .execute();
  }

  describe('int8 is read exactly or not at all', () => {
    it('a safe value is a number; past 2^53 the query fails instead of rounding', async () => {
      const safe = await sql<{ n: number }>`SELECT ${String(Number.MAX_SAFE_INTEGER)}::int8 AS n`.execute(t.db);
      expect(safe.rows[0]!.n).toBe(Number.MAX_SAFE_INTEGER);
      await expect(sql`SELECT 9007199254740993::int8 AS n`.execute(t.db)).rejects.toThrow(
        /int8 value 9007199254740993 is beyond 2\^53/,
      );
      await expect(sql`SELECT (-9007199254740993)::int8 AS n`.execute(t.db)).rejects.toThrow(RangeError);
      // The pool is still usable after a refused row.
      expect((await sql<{ n: number }>`SELECT 1::int8 AS n`.execute(t.db)).rows[0]!.n).toBe(1);
    });

    it('a sum of bigint paise is numeric and arrives as exact decimal text', async () => {
      const { rows } = await sql<{ total: string }>`
        SELECT sum(v) AS total FROM (VALUES (4503599627370497::int8), (4503599627370496::int8)) AS s(v)
      `.execute(t.db);
      expect(rows[0]!.total).toBe('9007199254740993');
    });
  });

  describe('deposit and withdrawal bounds', () => {
    it('a deposit is ₹100–₹10,000 and a withdrawal ₹500–₹25,000, whatever the code above does', async () => {
      const p = await player();
      await expect(claim(t.db, p, 9_999)).rejects.toThrow(/outside 10000\.\.1000000/);
      await expect(claim(t.db, p, 1_000_001)).rejects.toMatchObject({ constraint: 'transactions_deposit_bounds' });
      await claim(t.db, p, 10_000);
      await claim(t.db, p, 1_000_000);
      await expect(withdrawal(p, 49_999)).rejects.toMatchObject({ constraint: 'transactions_withdrawal_bounds' });
      await expect(withdrawal(p, 2_500_001)).rejects.toMatchObject({ constraint: 'transactions_withdrawal_bounds' });
      await withdrawal(p, 50_000);
      await withdrawal(p, 2_500_000);
    });

    it('below ₹500 only a player on a break or self-excluded, and only their whole main balance (migration 0025)', async () => {
      const p = await player();
      await t.db.updateTable('wallets').set({ main: 30_000 }).where('id', '=', p.walletId).execute();
      // Not away: refused as before.
      await expect(withdrawal(p, 30_000)).rejects.toMatchObject({ constraint: 'transactions_withdrawal_bounds' });
      const away = (startedAt: Date, endsAt: Date) =>
        t.db
          .insertInto('play_breaks')
          .values({
            user_id: p.userId,
            kind: 'break',
            option: '24h',
            started_at: startedAt,
            ends_at: endsAt,
            actor_id: p.userId,
            reason: 'test',
          })
          .execute();
      // A break that has ended does not count.
      await away(new Date(Date.now() - 2 * 86_400_000), new Date(Date.now() - 86_400_000));
      await expect(withdrawal(p, 30_000)).rejects.toMatchObject({ constraint: 'transactions_withdrawal_bounds' });
      await away(new Date(), new Date(Date.now() + 86_400_000));
      // Away: a part of it is still refused, and so is more than there is or nothing; the whole of it goes.
      await expect(withdrawal(p, 20_000)).rejects.toMatchObject({ constraint: 'transactions_withdrawal_bounds' });
      await expect(withdrawal(p, 40_000)).rejects.toMatchObject({ constraint: 'transactions_withdrawal_bounds' });
      await expect(withdrawal(p, 0)).rejects.toThrow();
      await withdrawal(p, 30_000);
      // Above the maximum stays refused whoever asks.
      await expect(withdrawal(p, 2_500_001)).rejects.toMatchObject({ constraint: 'transactions_withdrawal_bounds' });
    });
  });

  describe('at most 3 PENDING deposit claims per player', () => {
    it('20 claims racing on 20 connections: exactly 3 are recorded', async () => {
      const p = await player();
      const racers = Array.from({ length: 20 }, () => createDatabase(t.url, { max: 1, pooler: t.pooler }));
      try {
        // Open every connection first, so the claims really run side by side.
        await Promise.all(racers.map((db) => sql`SELECT 1`.execute(db)));
        const results = await Promise.allSettled(racers.map((db) => claim(db, p)));
        const refused = results.filter((r) => r.status === 'rejected');
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
        expect(refused).toHaveLength(17);
        for (const r of refused)
          expect((r as PromiseRejectedResult).reason).toMatchObject({
            code: '23514',
            constraint: 'transactions_pending_deposits_limit',
          });
      } finally {
        await Promise.all(racers.map((db) => db.destroy()));
      }
      const { rows } = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM transactions WHERE user_id = ${p.userId}`.execute(t.db);
      expect(rows[0]!.n).toBe(3);
    });

    it('a reviewed claim frees its place; other players are not affected', async () => {
      const p = await player();
      const first = await claim(t.db, p);
      await claim(t.db, p);
      await claim(t.db, p);
      await expect(claim(t.db, p)).rejects.toMatchObject({ constraint: 'transactions_pending_deposits_limit' });
      await claim(t.db, await player());
      await t.db
        .updateTable('transactions')
        .set({ status: 'FAILED', reviewed_at: new Date() })
        .where('id', '=', first.id)
        .execute();
      await claim(t.db, p);
      await expect(claim(t.db, p)).rejects.toMatchObject({ constraint: 'transactions_pending_deposits_limit' });
    });
  });

  describe('separation of duties', () => {
    it('only a player holds a wallet', async () => {
      const admin = await user('super-admin');
      await expect(t.db.insertInto('wallets').values({ user_id: admin }).execute()).rejects.toMatchObject({
        constraint: 'wallets_players_only',
      });
      const p = await player();
      await expect(
        t.db.updateTable('wallets').set({ user_id: admin }).where('id', '=', p.walletId).execute(),
      ).rejects.toMatchObject({
        constraint: 'wallets_players_only',
      });
    });

    it('nobody decides a transaction of their own account', async () => {
      const p = await player();
      const { id } = await claim(t.db, p);
      const decide = (reviewer: string) =>
        t.db
          .updateTable('transactions')
          .set({ status: 'COMPLETED', reviewed_by: reviewer, reviewed_at: new Date() })
          .where('id', '=', id)
          .execute();
      await expect(decide(p.userId)).rejects.toMatchObject({ constraint: 'transactions_not_self_reviewed' });
      await decide(await user('super-admin'));
    });
  });

  it('the migration removes the empty wallets start-up created for administrators, and keeps any that hold money', async () => {
    const name = `wr_test_guards_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: `${TEST_DATABASE_SERVER}/postgres` });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const db = createDatabase(`${TEST_DATABASE_SERVER}/${name}`, { max: 2 });
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0003-admin-dashboard')).error).toBeUndefined();
      const insertUser = async (role: string, tag: string) =>
        (
          await db
            .insertInto('users')
            .values({
              username: tag,
              email: `${tag}@gmail.com`,
              password_hash: 'x',
              role: role as 'user',
              referral_code: tag.toUpperCase().padEnd(8, 'Z'),
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      const emptyAdmin = await insertUser('super-admin', 'admina');
      const fundedAdmin = await insertUser('super-admin', 'adminb');
      const someone = await insertUser('user', 'playera');
      for (const id of [emptyAdmin, fundedAdmin, someone])
        await db.insertInto('wallets').values({ user_id: id }).execute();
      const { seq } = await db
        .insertInto('events')
        .values({ type: 'Legacy', stream: 'x', payload: '{}' })
        .returning('seq')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('ledger_postings')
        .values([
          { event_seq: seq, account: `user:${fundedAdmin}:main`, amount: 100 },
          { event_seq: seq, account: 'clearing:deposits', amount: -100 },
        ])
        .execute();
      await db.updateTable('wallets').set({ main: 100 }).where('user_id', '=', fundedAdmin).execute();

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const owners = (await db.selectFrom('wallets').select('user_id').execute()).map((w) => w.user_id).sort();
      expect(owners).toEqual([fundedAdmin, someone].sort());
    } finally {
      await db.destroy();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
