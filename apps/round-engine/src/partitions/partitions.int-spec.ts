import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { loadConfig } from '@app/config';
import type { Database } from '@app/db';
import { reconcile } from '@app/ledger';
import {
  accountBalance,
  balanceOf,
  createTestDatabase,
  eventually,
  expectLedgerReconciles,
  startTestEngine,
  testEnv,
  type TestDatabase,
  type TestEngine,
} from '@app/testing';
import { DEFAULT_PARTITIONS_SCHEDULE, type HistoryTable } from './partitions.constants.js';
import { PartitionsScheduler } from './partitions.scheduler.js';
import { PartitionsService, type ArchiveManifest } from './partitions.service.js';

const TABLES: HistoryTable[] = ['events', 'ledger_postings', 'bets', 'audit_log'];

/** The first day (IST) of the month `n` months after the current one, 'YYYY-MM-DD'. */
async function monthStart(db: Database, n: number): Promise<string> {
  const { rows } = await sql<{ d: string }>`
    SELECT to_char((date_trunc('month', now() AT TIME ZONE 'Asia/Kolkata') + make_interval(months => ${n}::int))::date, 'YYYY-MM-DD') AS d
  `.execute(db);
  return rows[0]!.d;
}
const suffix = (day: string) => day.slice(0, 7).replace('-', '_');
/** A period id of that IST day. */
const periodOf = (day: string, sequence = 1) => `${day.replaceAll('-', '')}${String(sequence).padStart(4, '0')}`;

async function partitionOf(db: Database, table: string, where: string): Promise<string> {
  const { rows } = await sql<{
    p: string;
  }>`SELECT tableoid::regclass::text AS p FROM ${sql.table(table)} WHERE ${sql.raw(where)}`.execute(db);
  return rows[0]!.p;
}

describe('the money history in monthly partitions', () => {
  let t: TestDatabase;
  let userId: string;
  let chainId: number;
  let chainIndex = 0;
  let dir: string;
  let service: PartitionsService;

  beforeAll(async () => {
    t = await createTestDatabase();
    dir = mkdtempSync(path.join(tmpdir(), 'wr-archive-'));
    service = new PartitionsService(t.db, loadConfig({ ...testEnv(t, 'partitions-spec'), HISTORY_ARCHIVE_DIR: dir }), {
      ...DEFAULT_PARTITIONS_SCHEDULE,
      exportBatch: 7,
    });
    userId = (
      await t.db
        .insertInto('users')
        .values({ username: 'asha', email: 'asha@gmail.com', password_hash: 'x', referral_code: 'ASHA0001' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await t.db.insertInto('wallets').values({ user_id: userId }).execute();
    chainId = (
      await t.db
        .insertInto('fairness_chains')
        .values({ commitment: 'a'.repeat(64), tip: null, tip_sealed: 'AAAA', key_id: '0'.repeat(16), length: 100 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await t.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A period of that IST day (its bets go to that month's partition of bets). */
  async function period(day: string, sequence = 1): Promise<string> {
    const id = periodOf(day, sequence);
    const start = new Date(`${day}T00:00:00+05:30`).getTime() + (sequence - 1) * 30_000;
    await t.db
      .insertInto('periods')
      .values({
        id,
        start_at: new Date(start),
        lock_at: new Date(start + 25_000),
        end_at: new Date(start + 30_000),
        chain_id: chainId,
        chain_index: ++chainIndex,
        seed_hash: 'a'.repeat(64),
      })
      .execute();
    return id;
  }

  /**
   * A deposit of `paise` recorded at `at`: its journal entry (event and balanced postings, one created_at) and the
   * wallet it credits, in one statement, as the journal writes them.
   */
  async function depositAt(at: string, paise: number, commandId: string | null = null): Promise<number> {
    const { rows } = await sql<{ seq: number }>`
      WITH e AS (
        INSERT INTO events (type, stream, user_id, command_id, payload, created_at)
        VALUES ('TestDeposit', ${`wallet:${userId}`}, ${userId}, ${commandId}, '{}', ${at}::timestamptz) RETURNING seq, created_at
      ), p AS (
        INSERT INTO ledger_postings (event_seq, account, amount, created_at)
        SELECT e.seq, v.account, v.amount, e.created_at FROM e, (VALUES (${`user:${userId}:main`}, ${paise}::bigint), ('clearing:deposits', ${-paise}::bigint)) v(account, amount)
        RETURNING 1
      ), w AS (
        UPDATE wallets SET main = main + ${paise} WHERE user_id = ${userId} RETURNING 1
      )
      SELECT seq, (SELECT count(*) FROM p) AS postings, (SELECT count(*) FROM w) AS wallets FROM e
    `.execute(t.db);
    return Number(rows[0]!.seq);
  }

  /** A bet of `paise` in that period, its stake taken by its own journal entry (at the period's start). */
  async function betIn(periodId: string, id: string, paise: number, at: string): Promise<void> {
    await sql`
      WITH e AS (
        INSERT INTO events (type, stream, user_id, payload, created_at)
        VALUES ('TestStakes', ${`period:${periodId}`}, ${userId}, '{}', ${at}::timestamptz) RETURNING seq, created_at
      ), p AS (
        INSERT INTO ledger_postings (event_seq, account, amount, created_at)
        SELECT e.seq, v.account, v.amount, e.created_at FROM e, (VALUES (${`user:${userId}:main`}, ${-paise}::bigint), ('house:stakes', ${paise}::bigint)) v(account, amount)
        RETURNING 1
      ), b AS (
        INSERT INTO bets (id, user_id, period_id, bet_type, bet_value, amount, placed_at, placed_seq, created_at)
        SELECT ${id}, ${userId}, ${periodId}, 'color', 'red', ${paise}, e.created_at, e.seq, e.created_at FROM e RETURNING 1
      ), w AS (
        UPDATE wallets SET main = main - ${paise} WHERE user_id = ${userId} RETURNING 1
      )
      SELECT (SELECT count(*) FROM p), (SELECT count(*) FROM b), (SELECT count(*) FROM w)
    `.execute(t.db);
  }

  it('has the current month and the three after it, and the worker makes the months ahead it is asked for', async () => {
    const months = await Promise.all([0, 1, 2, 3, 4, 5].map((n) => monthStart(t.db, n)));
    const live = async () =>
      (
        await t.db
          .selectFrom('history_partitions')
          .select(['partition_name', 'table_name'])
          .where('status', '=', 'live')
          .execute()
      ).map((p) => p.partition_name);
    for (const table of TABLES)
      for (const month of months.slice(1, 4)) expect(await live()).toContain(`${table}_${suffix(month)}`);
    expect(await service.makeAhead(5)).toBe(8);
    expect(await service.makeAhead(5)).toBe(0);
    for (const table of TABLES) {
      expect(await live()).toContain(`${table}_${suffix(months[5]!)}`);
      // Each one is a partition of its table, in the schema the api cannot use.
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_namespace s ON s.oid = c.relnamespace
        WHERE i.inhparent = ${table}::regclass AND s.nspname = 'partitions'
      `.execute(t.db);
      expect(rows[0]!.n).toBe(6);
    }
  });

  it('puts a row of a coming month in that month’s partition', async () => {
    const month = await monthStart(t.db, 2);
    const at = `${month} 09:00:00+05:30`;
    const seq = await depositAt(at, 50_000);
    expect(await partitionOf(t.db, 'events', `seq = ${seq}`)).toBe(`partitions.events_${suffix(month)}`);
    expect(await partitionOf(t.db, 'ledger_postings', `event_seq = ${seq} LIMIT 1`)).toBe(
      `partitions.ledger_postings_${suffix(month)}`,
    );
    const periodId = await period(month);
    await betIn(periodId, '00000000-0000-4000-8000-0000000000b1', 1_000, at);
    expect(await partitionOf(t.db, 'bets', `period_id = '${periodId}'`)).toBe(`partitions.bets_${suffix(month)}`);
    await t.db
      .insertInto('audit_log')
      .values({ action: 'test', target_type: 'user', target_id: userId, created_at: new Date(at) })
      .execute();
    expect(await partitionOf(t.db, 'audit_log', `action = 'test'`)).toBe(`partitions.audit_log_${suffix(month)}`);
    // A query naming the period reads one partition.
    const { rows: plan } = await sql<{
      'QUERY PLAN': string;
    }>`EXPLAIN SELECT * FROM bets WHERE period_id = ${periodId}`.execute(t.db);
    expect(plan.map((r) => r['QUERY PLAN']).join('\n')).not.toMatch(/bets_before|Append/);
    await expectLedgerReconciles(t.db);
  });

  it('keeps every guard on every partition: append-only, balanced, referenced, never deleted nor truncated', async () => {
    const { rows: partitions } = await sql<{ partition_name: string; table_name: HistoryTable; starts: string | null }>`
      SELECT partition_name, table_name, starts::text AS starts FROM history_partitions WHERE status = 'live' ORDER BY table_name, ends
    `.execute(t.db);
    expect(partitions.length).toBe(24);
    let sequence = 100;
    for (const p of partitions.filter((x) => x.table_name === 'events')) {
      // A day inside the partition's month (the one before the conversion: long ago).
      const day = p.starts ?? '2020-03-01';
      const at = `${day} 10:00:00+05:30`;
      const seq = await depositAt(at, 100);
      const periodId = await period(day, ++sequence);
      const betId = `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
      await betIn(periodId, betId, 100, at);
      await t.db
        .insertInto('audit_log')
        .values({ action: 'guard', target_type: 'bet', target_id: betId, created_at: new Date(at) })
        .execute();
      const month = suffix(day);
      const where = p.starts ? month : p.partition_name.replace('events_before_', '');
      const partitionName = (table: string) =>
        p.starts ? `partitions.${table}_${month}` : `partitions.${table}_before_${where}`;
      expect(await partitionOf(t.db, 'events', `seq = ${seq}`)).toBe(partitionName('events'));
      expect(await partitionOf(t.db, 'bets', `id = '${betId}'`)).toBe(partitionName('bets'));

      await expect(sql`UPDATE events SET payload = '{"x":1}' WHERE seq = ${seq}`.execute(t.db)).rejects.toThrow(
        /append-only/,
      );
      await expect(sql`DELETE FROM events WHERE seq = ${seq}`.execute(t.db)).rejects.toThrow(/append-only/);
      await expect(sql`UPDATE ledger_postings SET amount = 1 WHERE event_seq = ${seq}`.execute(t.db)).rejects.toThrow(
        /append-only/,
      );
      await expect(sql`DELETE FROM ledger_postings WHERE event_seq = ${seq}`.execute(t.db)).rejects.toThrow(
        /append-only/,
      );
      await expect(sql`DELETE FROM audit_log WHERE target_id = ${betId}`.execute(t.db)).rejects.toThrow(/append-only/);
      await expect(sql`DELETE FROM bets WHERE id = ${betId}`.execute(t.db)).rejects.toThrow(/never deleted/);
      await expect(sql`UPDATE bets SET user_id = gen_random_uuid() WHERE id = ${betId}`.execute(t.db)).rejects.toThrow(
        /keep their keys/,
      );
      // An unbalanced entry, or postings of an entry that does not exist, dated in this partition.
      await expect(
        sql`
          INSERT INTO ledger_postings (event_seq, account, amount, created_at)
          VALUES (${seq}, ${`user:${userId}:main`}, 5, ${at}::timestamptz)
        `.execute(t.db),
      ).rejects.toThrow(/does not balance/);
      await expect(
        sql`
          INSERT INTO ledger_postings (event_seq, account, amount, created_at)
          VALUES (999999999, ${`user:${userId}:main`}, 5, ${at}::timestamptz), (999999999, 'house:pnl', -5, ${at}::timestamptz)
        `.execute(t.db),
      ).rejects.toThrow(/does not exist/);
      // A bet naming a journal entry that does not exist.
      await expect(
        sql`
          INSERT INTO bets (id, user_id, period_id, bet_type, bet_value, amount, placed_at, placed_seq)
          VALUES (gen_random_uuid(), ${userId}, ${periodId}, 'bigSmall', 'big', 100, now(), 999999999)
        `.execute(t.db),
      ).rejects.toThrow(/journal entry that does not exist/);
      for (const table of TABLES)
        await expect(sql`TRUNCATE ${sql.raw(partitionName(table))}`.execute(t.db)).rejects.toThrow(
          /append-only|never deleted/,
        );
    }
    for (const table of TABLES)
      await expect(sql`TRUNCATE ${sql.table(table)}`.execute(t.db)).rejects.toThrow(/append-only|never deleted/);
    // The outbox and disputes still name only what exists.
    await expect(sql`INSERT INTO outbox (event_seq) VALUES (999999999)`.execute(t.db)).rejects.toThrow(
      /outbox names a journal entry that does not exist/,
    );
    await expect(
      sql`
        INSERT INTO disputes (user_id, subject_type, bet_id, period_id, message, due_at)
        VALUES (${userId}, 'bet', gen_random_uuid(), NULL, 'This bet was never paid out to me.', now() + interval '1 day')
      `.execute(t.db),
    ).rejects.toThrow(/disputes names a bet that does not exist/);
    await expectLedgerReconciles(t.db);
  });

  it('keeps a bet id and a journal entry’s idempotency key unique across a month’s turn, when two writers race', async () => {
    const [next, after] = [await monthStart(t.db, 1), await monthStart(t.db, 2)];
    // The last period of one month and the first of the next: two partitions of bets.
    const lastDay = new Date(new Date(`${after}T00:00:00Z`).getTime() - 86_400_000).toISOString().slice(0, 10);
    const [late, early] = [await period(lastDay, 2880), await period(after, 2)];
    expect(late.slice(0, 6)).not.toBe(early.slice(0, 6));
    expect(next.slice(0, 7)).toBe(lastDay.slice(0, 7));

    const race = async (first: string, second: string) => {
      const a = new pg.Client({ connectionString: t.url });
      const b = new pg.Client({ connectionString: t.url });
      await Promise.all([a.connect(), b.connect()]);
      try {
        await a.query('BEGIN');
        await a.query(first);
        await b.query('BEGIN');
        const blocked = b.query(second).then(
          () => null,
          (e: { code?: string; constraint?: string }) => e,
        );
        await new Promise((resolve) => setTimeout(resolve, 300));
        await a.query('COMMIT');
        const error = await blocked;
        await b.query(error ? 'ROLLBACK' : 'COMMIT');
        return error;
      } finally {
        await Promise.all([a.end(), b.end()]);
      }
    };
    const bet = (periodId: string, type: string) =>
      `INSERT INTO bets (id, user_id, period_id, bet_type, bet_value, amount, placed_at)
       VALUES ('00000000-0000-4000-8000-00000000abcd', '${userId}', '${periodId}', '${type}', 'red', 100, now())`;
    const error = await race(bet(late, 'color'), bet(early, 'color'));
    expect(error).toMatchObject({ code: '23505', constraint: 'bet_ids_pkey' });
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM bets WHERE id = '00000000-0000-4000-8000-00000000abcd'`.execute(t.db);
    expect(rows[0]!.n).toBe(1);
    // And in the other order, without a race.
    await expect(sql.raw(bet(early, 'number')).execute(t.db)).rejects.toThrow(/bet_ids_pkey/);

    const entry = (at: string) =>
      `INSERT INTO events (type, stream, command_id, payload, created_at)
       VALUES ('Test', 'test', '00000000-0000-4000-8000-00000000c0de', '{}', '${at}')`;
    const twice = await race(entry(`${lastDay} 23:59:59.999+05:30`), entry(`${after} 00:00:00+05:30`));
    expect(twice).toMatchObject({ code: '23505', constraint: 'events_command_id_key' });
    const { rows: entries } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM events WHERE command_id = '00000000-0000-4000-8000-00000000c0de'
    `.execute(t.db);
    expect(entries[0]!.n).toBe(1);
    // One player, period and game: one bet (its key holds the period, so one partition decides; the refusal names
    // that partition's index of bets_one_per_game).
    await expect(
      sql`
        INSERT INTO bets (id, user_id, period_id, bet_type, bet_value, amount, placed_at)
        VALUES (gen_random_uuid(), ${userId}, ${late}, 'color', 'green', 100, now())
      `.execute(t.db),
    ).rejects.toThrow(/bets_\d{4}_\d{2}_user_id_period_id_bet_type_key/);
  });

  it('archives a month: detached, written with its checksum, verified, dropped; its postings become opening balances and the books still agree', async () => {
    // A month of its own (the others hold the rows of the tests above).
    expect(await service.makeAhead(6)).toBe(4);
    const month = await monthStart(t.db, 6);
    const at = `${month} 12:00:00+05:30`;
    await depositAt(at, 70_000, '00000000-0000-4000-8000-0000000000d1');
    const periodId = await period(month, 7);
    await betIn(periodId, '00000000-0000-4000-8000-0000000000b7', 2_500, at);
    await t.db
      .insertInto('audit_log')
      .values({ action: 'archived', target_type: 'user', target_id: userId, created_at: new Date(at) })
      .execute();
    const before = { wallet: await balanceOf(t.db, userId), stakes: await accountBalance(t.db, 'house:stakes') };
    const { rows: counts } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ledger_postings WHERE created_at >= ${`${month} 00:00:00+05:30`}::timestamptz
        AND created_at < ${`${month} 00:00:00+05:30`}::timestamptz + interval '1 month'
    `.execute(t.db);
    expect(counts[0]!.n).toBe(4);

    // Due once HISTORY_RETENTION_MONTHS (60) have passed since the month ended.
    const later = new Date(new Date(`${month}T12:00:00+05:30`).getTime() + 61 * 31 * 86_400_000);
    expect((await service.due(later)).map((p) => p.partition_name)).toEqual(
      expect.arrayContaining(TABLES.map((table) => `${table}_${suffix(month)}`)),
    );
    expect((await service.due(new Date())).length).toBe(0);

    const manifests: ArchiveManifest[] = [];
    for (const table of ['ledger_postings', 'events', 'bets', 'audit_log'])
      manifests.push(await service.archive(`${table}_${suffix(month)}`, dir));

    for (const m of manifests) {
      const file = path.join(dir, m.file);
      expect(createHash('sha256').update(readFileSync(file)).digest('hex')).toBe(m.sha256);
      expect(JSON.parse(readFileSync(path.join(dir, `${m.partition}.manifest.json`), 'utf8'))).toEqual(m);
      const { rows } = await sql<{
        r: string | null;
      }>`SELECT to_regclass(${`partitions.${m.partition}`})::text AS r`.execute(t.db);
      expect(rows[0]!.r).toBeNull();
    }
    expect(manifests.map((m) => m.rows)).toEqual([4, 2, 1, 1]);
    expect(manifests[0]!.openingBalances).toEqual({
      'clearing:deposits': '-70000',
      'house:stakes': '2500',
      [`user:${userId}:main`]: '67500',
    });
    const recorded = await t.db
      .selectFrom('history_partitions')
      .select(['partition_name', 'status', 'archive_sha256', 'rows'])
      .where(
        'partition_name',
        'in',
        manifests.map((m) => m.partition),
      )
      .execute();
    expect(recorded).toHaveLength(4);
    for (const r of recorded) {
      const m = manifests.find((x) => x.partition === r.partition_name)!;
      expect(r).toEqual({ partition_name: m.partition, status: 'archived', archive_sha256: m.sha256, rows: m.rows });
    }
    // The money is where it was: the wallet, the accounts (opening balance + live postings), the books.
    expect(await balanceOf(t.db, userId)).toEqual(before.wallet);
    expect(await accountBalance(t.db, 'house:stakes')).toBe(before.stakes);
    expect(
      await t.db.selectFrom('archived_balances').select(['account', 'amount']).orderBy('account').execute(),
    ).toEqual([
      { account: 'clearing:deposits', amount: -70_000 },
      { account: 'house:stakes', amount: 2_500 },
      { account: `user:${userId}:main`, amount: 67_500 },
    ]);
    await expectLedgerReconciles(t.db);
    // An opening balance counts like postings: one paisa off is a difference the reconciliation reports.
    await sql`UPDATE archived_balances SET amount = amount + 1 WHERE account = ${`user:${userId}:main`}`.execute(t.db);
    const off = await reconcile(t.db);
    expect(off.ok).toBe(false);
    expect(off.total).toBe(1n);
    expect(off.walletMismatches).toEqual([
      { userId, balance: 'main', wallet: BigInt(before.wallet.main), postings: BigInt(before.wallet.main) + 1n },
    ]);
    await sql`UPDATE archived_balances SET amount = amount - 1 WHERE account = ${`user:${userId}:main`}`.execute(t.db);
    await expectLedgerReconciles(t.db);
    // The guards forgot the archived keys; the rows of other months are untouched.
    expect(
      await t.db.selectFrom('bet_ids').select('id').where('id', '=', '00000000-0000-4000-8000-0000000000b7').execute(),
    ).toEqual([]);
    expect(
      await t.db
        .selectFrom('event_commands')
        .select('command_id')
        .where('command_id', '=', '00000000-0000-4000-8000-0000000000d1')
        .execute(),
    ).toEqual([]);

    // The file restores: the script checks the checksum and loads the rows into a table of their own.
    const restore = spawnSync(
      'node',
      ['scripts/history-archive.mjs', 'restore', path.join(dir, `ledger_postings_${suffix(month)}.manifest.json`)],
      { env: { ...process.env, DATABASE_URL: t.url }, encoding: 'utf8' },
    );
    expect(restore.stderr).toBe('');
    expect(restore.status).toBe(0);
    const { rows: restored } = await sql<{ n: number; total: string }>`
      SELECT count(*)::int AS n, sum(amount)::text AS total FROM ${sql.table(`archive_restore.ledger_postings_${suffix(month)}`)}
    `.execute(t.db);
    expect(restored[0]).toEqual({ n: 4, total: '0' });
    // A file changed after it was written is refused.
    const tampered = path.join(dir, `audit_log_${suffix(month)}.jsonl.gz`);
    writeFileSync(tampered, Buffer.concat([readFileSync(tampered), Buffer.from([0])]));
    const verify = spawnSync(
      'node',
      ['scripts/history-archive.mjs', 'verify', path.join(dir, `audit_log_${suffix(month)}.manifest.json`)],
      { encoding: 'utf8' },
    );
    expect(verify.status).toBe(1);
    expect(verify.stderr).toMatch(/sha256/);
    expect(existsSync(path.join(dir, `events_${suffix(month)}.jsonl.gz`))).toBe(true);
  });
});

describe('the partitions worker of the engine', () => {
  let engine: TestEngine;
  beforeAll(async () => {
    engine = await startTestEngine({ env: { LOG_LEVEL: 'error' } });
  });
  afterAll(() => engine.close());

  it('is scheduled every hour, and a run makes the months ahead that are missing', async () => {
    const schedulers = await engine.app.get(PartitionsScheduler).bull.getJobSchedulers();
    expect(schedulers).toEqual([expect.objectContaining({ key: 'history-partitions', every: 3_600_000 })]);
    const newest = await monthStart(engine.db, 3);
    const name = `audit_log_${suffix(newest)}`;
    await sql`DROP TABLE ${sql.table(`partitions.${name}`)}`.execute(engine.db);
    await engine.db.deleteFrom('history_partitions').where('partition_name', '=', name).execute();
    await engine.app.get(PartitionsScheduler).runNow();
    await eventually(
      async () =>
        (await sql<{ r: string | null }>`SELECT to_regclass(${`partitions.${name}`})::text AS r`.execute(engine.db))
          .rows[0]!.r !== null,
      15_000,
      'the partition made again by the worker',
    );
  });
});
