import { sql } from 'kysely';
import { Registry } from 'prom-client';
import { AppConfig } from '@app/config';
import { eventually, startTestEngine, type TestEngine } from '@app/testing';
import { DEFAULT_RETENTION_SCHEDULE } from './retention.constants.js';
import { RetentionScheduler } from './retention.scheduler.js';
import { RetentionService } from './retention.service.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('bet answers are kept 7 days', () => {
  let engine: TestEngine;
  beforeAll(async () => {
    engine = await startTestEngine({ env: { LOG_LEVEL: 'error' } });
  });
  afterAll(() => engine.close());

  /** `count` refusals stored `ageMs` ago (an api node's "could not place": no bet behind them). */
  const store = (count: number, ageMs: number) =>
    sql`
      INSERT INTO bet_outcomes (user_id, command_id, kind, message, created_at)
      SELECT gen_random_uuid(), gen_random_uuid(), 'unavailable', 'Could not place your bet. Please try again.', now() - ${`${ageMs} milliseconds`}::interval
      FROM generate_series(1, ${count})
    `.execute(engine.db);
  const ages = async () => {
    const { rows } = await sql<{ old: number; recent: number }>`
      SELECT count(*) FILTER (WHERE created_at < now() - interval '7 days')::int AS old, count(*) FILTER (WHERE created_at >= now() - interval '7 days')::int AS recent
      FROM bet_outcomes
    `.execute(engine.db);
    return rows[0]!;
  };

  it('is scheduled on the workers every 10 minutes', async () => {
    const schedulers = await engine.app.get(RetentionScheduler).bull.getJobSchedulers();
    expect(schedulers).toEqual([expect.objectContaining({ key: 'bet-outcomes-retention', every: 600_000 })]);
  });

  it('deletes the answers older than 7 days in batches through the created_at index, and counts them', async () => {
    await store(20_000, 6 * DAY_MS);
    await store(30, 8 * DAY_MS);
    await sql`ANALYZE bet_outcomes`.execute(engine.db);
    const { rows: plan } = await sql<{ 'QUERY PLAN': string }>`
      EXPLAIN SELECT ctid FROM bet_outcomes WHERE created_at < now() - interval '7 days' ORDER BY created_at LIMIT 5000
    `.execute(engine.db);
    expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain('bet_outcomes_created_at_idx');

    // Batches of 8, at most 3 a run: a backlog is worked off over several runs.
    const small = new RetentionService(
      engine.db,
      engine.app.get(AppConfig),
      { ...DEFAULT_RETENTION_SCHEDULE, batchSize: 8, maxBatches: 3, pauseMs: 0 },
      engine.app.get(Registry),
    );
    small.onModuleInit();
    expect(await small.deleteExpired()).toEqual({ deleted: 24, batches: 3, more: true });
    expect(await ages()).toEqual({ old: 6, recent: 20_000 });
    expect(await small.deleteExpired()).toEqual({ deleted: 6, batches: 1, more: false });
    expect(await ages()).toEqual({ old: 0, recent: 20_000 });
    const metric = await engine.app.get(Registry).getSingleMetric('wr_bet_outcomes_deleted_total')!.get();
    expect(metric.values[0]!.value).toBeGreaterThanOrEqual(30);
  });

  it('runs as a job of the workers', async () => {
    await store(5, 30 * DAY_MS);
    await engine.app.get(RetentionScheduler).runNow();
    await eventually(async () => (await ages()).old === 0, 10_000, 'the old answers deleted by the worker');
    expect((await ages()).recent).toBe(20_000);
  });
});
