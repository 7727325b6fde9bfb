import { Test, type TestingModule } from '@nestjs/testing';
import { sql } from 'kysely';
import { Registry } from 'prom-client';
import { ConfigModule, loadConfig } from '@app/config';
import { DbModule } from '@app/db';
import { createTestDatabase, type TestDatabase } from '@app/db/testing';
import { Accounts, recordEntries } from '@app/ledger';
import { RedisModule } from '@app/redis';
import { deleteRedisPrefix, TEST_REDIS_URL, testRedisPrefix } from '@app/redis/testing';
import { RECONCILIATION_SCHEDULE } from './reconciliation.constants.js';
import { ReconciliationModule } from './reconciliation.module.js';
import { ReconciliationScheduler } from './reconciliation.scheduler.js';
import { ReconciliationService } from './reconciliation.service.js';
import { runReconcileCli } from './reconcile-cli.js';

async function until<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('ledger reconciliation job and command', () => {
  let database: TestDatabase;
  let prefix: string;
  let module: TestingModule;
  let registry: Registry;
  let userId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    prefix = testRedisPrefix();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      DATABASE_POOLER: database.pooler,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
      LOG_LEVEL: 'error',
    });
    registry = new Registry();
    // A registry of its own, provided as the engine's metrics module provides the engine's (global).
    const metrics = {
      module: class TestMetricsModule {},
      global: true,
      providers: [{ provide: Registry, useValue: registry }],
      exports: [Registry],
    };
    module = await Test.createTestingModule({
      imports: [ConfigModule.forRoot(config), DbModule, RedisModule, metrics, ReconciliationModule],
    })
      .overrideProvider(RECONCILIATION_SCHEDULE)
      .useValue({ everyMs: 300 })
      .compile();
    module.useLogger(false);
    await module.init();

    const user = await database.db
      .insertInto('users')
      .values({ username: 'kiran', email: 'kiran@gmail.com', password_hash: 'x', referral_code: 'KIRANXXX' })
      .returning('id')
      .executeTakeFirstOrThrow();
    userId = user.id;
    await database.db.insertInto('wallets').values({ user_id: userId, is_active: true }).execute();
    await database.db.transaction().execute((trx) =>
      recordEntries(trx, [
        {
          type: 'TestFunding',
          stream: `wallet:${userId}`,
          userId,
          payload: {},
          postings: [
            { account: Accounts.clearingDeposits, amount: -75_000 },
            { account: Accounts.userMain(userId), amount: 75_000 },
          ],
          outbox: false,
        },
      ]),
    );
  });
  afterAll(async () => {
    await module.close();
    await database.drop();
    await deleteRedisPrefix(prefix);
  });

  it('runs on its repeatable schedule and reports the books in agreement', async () => {
    const service = module.get(ReconciliationService);
    const report = await until(() => (service.lastReport?.ledger.postings ? service.lastReport : undefined));
    expect(report).toMatchObject({ ok: true, differences: 0 });
    expect(report.ledger.houseAccounts).toEqual({ [Accounts.clearingDeposits]: -75_000n });
    const metrics = await registry.metrics();
    expect(metrics).toMatch(/ledger_reconciliation_ok 1/);
    expect(metrics).toMatch(/ledger_reconciliation_differences 0/);
  });

  it('keeps one schedule however many engines install it', async () => {
    const scheduler = module.get(ReconciliationScheduler);
    await scheduler.onApplicationBootstrap();
    await scheduler.onApplicationBootstrap();
    const schedulers = await scheduler.bull.getJobSchedulers();
    expect(schedulers).toHaveLength(1);
    expect(schedulers[0]).toMatchObject({ key: 'ledger-reconciliation', every: 300 });
  });

  it('command: prints the report and exits 0 when the books agree', async () => {
    const out: string[] = [];
    const code = await runReconcileCli({
      env: { DATABASE_URL: database.url, DATABASE_POOLER: database.pooler },
      out: (t) => out.push(t),
      err: (t) => out.push(t),
    });
    expect(code).toBe(0);
    expect(out.join('\n')).toContain('OK');
    expect(out.join('\n')).toMatch(/clearing:deposits\s+-750\.00/);
    const json: string[] = [];
    expect(
      await runReconcileCli({
        env: { DATABASE_URL: database.url, DATABASE_POOLER: database.pooler },
        json: true,
        out: (t) => json.push(t),
      }),
    ).toBe(0);
    expect(JSON.parse(json[0]!)).toMatchObject({ ok: true, differences: 0, ledger: { total: '0' } });
  });

  it('command: exits 2 with a clear message when it cannot run', async () => {
    const err: string[] = [];
    expect(await runReconcileCli({ env: {}, out: () => {}, err: (t) => err.push(t) })).toBe(2);
    expect(
      await runReconcileCli({ env: { DATABASE_URL: 'mysql://nope' }, out: () => {}, err: (t) => err.push(t) }),
    ).toBe(2);
    expect(
      await runReconcileCli({
        env: { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' },
        out: () => {},
        err: (t) => err.push(t),
      }),
    ).toBe(2);
    expect(err[0]).toMatch(/DATABASE_URL is not set/);
    expect(err[1]).toMatch(/^Invalid configuration: DATABASE_URL/);
    expect(err[2]).toMatch(/^Reconciliation could not run/);
  });

  it('flags a balance that drifted from its postings: the job alerts and the command exits 1', async () => {
    // Simulates a bug or a manual edit that bypassed the ledger.
    await sql`UPDATE wallets SET main = main + 1 WHERE user_id = ${userId}`.execute(database.db);
    const scheduler = module.get(ReconciliationScheduler);
    const jobId = await scheduler.runNow();
    const job = await until(async () => {
      const found = await scheduler.bull.getJob(jobId!);
      return found?.finishedOn ? found : undefined;
    });
    expect(job.returnvalue).toMatchObject({ ok: false, differences: 1 });
    expect(module.get(ReconciliationService).lastReport!.ledger.walletMismatches).toEqual([
      { userId, balance: 'main', wallet: 75_001n, postings: 75_000n },
    ]);
    expect(await registry.metrics()).toMatch(/ledger_reconciliation_ok 0/);

    const out: string[] = [];
    const code = await runReconcileCli({
      env: { DATABASE_URL: database.url, DATABASE_POOLER: database.pooler },
      out: (t) => out.push(t),
    });
    expect(code).toBe(1);
    expect(out.join('\n')).toContain('1 DIFFERENCE(S)');
    expect(out.join('\n')).toContain(`WALLET ${userId} main: wallet 75001 paise, postings 75000 paise`);
    await sql`UPDATE wallets SET main = main - 1 WHERE user_id = ${userId}`.execute(database.db);
  });

  it('flags a withdrawal hold that does not match the pending withdrawals', async () => {
    await database.db.transaction().execute((trx) =>
      recordEntries(trx, [
        {
          type: 'StrayHold',
          stream: `wallet:${userId}`,
          userId,
          payload: {},
          postings: [
            { account: Accounts.userMain(userId), amount: -1_000 },
            { account: Accounts.clearingWithdrawals, amount: 1_000 },
          ],
          outbox: false,
        },
      ]),
    );
    const report = await module.get(ReconciliationService).run();
    expect(report).toMatchObject({ ok: false, differences: 1, ledger: { ok: true } });
    expect(report.payments.heldForWithdrawals).toEqual({ ledger: 1_000n, pendingWithdrawals: 0n });
  });
});
