import { Global, Module } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { sql } from 'kysely';
import { Registry } from 'prom-client';
import { ConfigModule, loadConfig } from '@app/config';
import { createDatabase, Database, DbModule, migrateToLatest, migrations, ReadDatabase } from '@app/db';
import { startPgBouncer, startPrimary, startReplica, type PgBouncer, type PostgresServer } from './pg-servers.js';
import { eventually } from './wait.js';

/** Until `check` holds (a check that throws counts as not yet: a read may be cut off as its server stops). */
const waitFor = (check: () => Promise<boolean>, timeoutMs: number) =>
  eventually(() => check().catch(() => false), timeoutMs);

/**
 * Reads that may lag, against a real streaming replica of a primary of this file's own (never the shared test
 * server): routed to the replica while its replay lag is within DATABASE_READ_MAX_LAG_MS, to the primary while it
 * lags more or is down; and the same through PgBouncer in transaction mode.
 */
describe('ReadDatabase with a streaming replica', () => {
  let primary: PostgresServer;
  let replica: PostgresServer;
  let bouncer: PgBouncer | undefined;

  beforeAll(async () => {
    primary = await startPrimary();
    await primary.query('CREATE DATABASE reads');
    replica = await startReplica(primary);
    const own = new (await import('pg')).default.Client({ connectionString: `${primary.server}/reads` });
    await own.connect();
    await own.query('CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL)');
    await own.end();
  }, 120_000);

  afterAll(async () => {
    await bouncer?.stop();
    await replica?.remove();
    await primary?.remove();
  }, 60_000);

  async function start(env: Record<string, string>): Promise<{
    app: TestingModule;
    db: Database;
    reads: ReadDatabase;
    registry: Registry;
  }> {
    const registry = new Registry();
    // As the apps' metrics modules provide it: globally.
    @Global()
    @Module({ providers: [{ provide: Registry, useValue: registry }], exports: [Registry] })
    class MetricsRegistry {}
    const app = await Test.createTestingModule({
      imports: [ConfigModule.forRoot(loadConfig({ NODE_ENV: 'test', ...env })), MetricsRegistry, DbModule],
    }).compile();
    await app.init();
    return { app, db: app.get(Database), reads: app.get(ReadDatabase), registry };
  }

  const onReplica = async (reads: ReadDatabase) =>
    (await sql<{ standby: boolean }>`SELECT pg_is_in_recovery() AS standby`.execute(reads)).rows[0]!.standby;
  const bodies = async (reads: ReadDatabase) =>
    (await sql<{ body: string }>`SELECT body FROM notes ORDER BY id`.execute(reads)).rows.map((r) => r.body);
  const gauge = async (registry: Registry, name: string) =>
    (await registry.getSingleMetric(name)?.get())?.values[0]?.value;

  it('without DATABASE_READ_URL is the primary itself', async () => {
    const { app, db, reads } = await start({ DATABASE_URL: `${primary.server}/reads` });
    try {
      expect(reads).toBe(db);
    } finally {
      await app.close();
    }
  });

  it('reads from the replica while it keeps up, from the primary while it lags or is down', async () => {
    const { app, db, reads, registry } = await start({
      DATABASE_URL: `${primary.server}/reads`,
      DATABASE_READ_URL: `${replica.server}/reads`,
      DATABASE_READ_MAX_LAG_MS: '300',
    });
    try {
      await sql`INSERT INTO notes (body) VALUES (${'first'})`.execute(db);
      // Replicated: the replica's reads see what the primary wrote.
      await waitFor(async () => (await onReplica(reads)) && (await bodies(reads)).includes('first'), 10_000);
      expect(await gauge(registry, 'wr_db_read_replica_in_use')).toBe(1);

      // Lagging: replay paused while the primary writes on → reads go to the primary, and see its newest rows.
      await replica.query('SELECT pg_wal_replay_pause()');
      await sql`INSERT INTO notes (body) VALUES (${'while paused'})`.execute(db);
      await waitFor(async () => !(await onReplica(reads)), 10_000);
      expect(await bodies(reads)).toEqual(['first', 'while paused']);
      expect(await gauge(registry, 'wr_db_read_replica_in_use')).toBe(0);
      expect(await gauge(registry, 'wr_db_read_replica_lag_seconds')).toBeGreaterThan(0.3);

      // Caught up again → back to the replica.
      await replica.query('SELECT pg_wal_replay_resume()');
      await waitFor(() => onReplica(reads), 10_000);
      expect(await bodies(reads)).toEqual(['first', 'while paused']);

      // Down: every read still answers, from the primary; back to the replica once it is up again.
      await replica.stop();
      await waitFor(async () => !(await onReplica(reads)), 10_000);
      await sql`INSERT INTO notes (body) VALUES (${'while down'})`.execute(db);
      expect(await bodies(reads)).toEqual(['first', 'while paused', 'while down']);
      await replica.start();
      await waitFor(async () => (await onReplica(reads)) && (await bodies(reads)).length === 3, 20_000);
    } finally {
      await app.close();
    }
  }, 90_000);

  it('works through PgBouncer in transaction mode: no startup options, limits set per transaction', async () => {
    bouncer = await startPgBouncer({ port: primary.port });
    const replicaBouncer = await startPgBouncer({ port: replica.port });
    const { app, db, reads } = await start({
      DATABASE_URL: `${bouncer.server}/reads`,
      DATABASE_READ_URL: `${replicaBouncer.server}/reads`,
      DATABASE_POOLER: 'transaction',
    });
    try {
      await sql`INSERT INTO notes (body) VALUES (${'pooled'})`.execute(db);
      await waitFor(async () => (await onReplica(reads)) && (await bodies(reads)).includes('pooled'), 10_000);
      const settings = await db
        .transaction()
        .execute(
          async (trx) =>
            (await sql<{ cost: string }>`SELECT current_setting('random_page_cost') AS cost`.execute(trx)).rows[0]!
              .cost,
        );
      expect(settings).toBe('1.1');
    } finally {
      await app.close();
      await replicaBouncer.stop();
    }
  }, 60_000);

  it('migrates through PgBouncer in transaction mode, from two processes at once', async () => {
    bouncer ??= await startPgBouncer({ port: primary.port });
    await primary.query('CREATE DATABASE migrated');
    const handles = [1, 2].map(() =>
      createDatabase(`${bouncer!.server}/migrated`, {
        pooler: 'transaction',
        session: { lockTimeoutMs: 100, statementTimeoutMs: 1000 },
      }),
    );
    try {
      const applied = await Promise.all(handles.map((db) => migrateToLatest(db)));
      expect(applied.map((a) => a.length).sort((a, b) => a - b)).toEqual([0, Object.keys(migrations).length]);
      expect(await migrateToLatest(handles[0]!)).toEqual([]);
      // No advisory lock outlives the run on any server connection.
      const locks = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory'`.execute(handles[0]!);
      expect(locks.rows[0]!.n).toBe(0);
    } finally {
      await Promise.all(handles.map((db) => db.destroy()));
    }
  }, 120_000);
});
