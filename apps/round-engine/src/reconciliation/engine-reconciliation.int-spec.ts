import { startTestEngine, type TestEngine } from '@app/testing';
import { ReconciliationScheduler } from './reconciliation.scheduler.js';

describe('round engine', () => {
  let engine: TestEngine;
  beforeAll(async () => {
    engine = await startTestEngine({ env: { LOG_LEVEL: 'error' } });
  });
  afterAll(() => engine.close());

  it('schedules the ledger reconciliation every 5 minutes', async () => {
    const schedulers = await engine.app.get(ReconciliationScheduler).bull.getJobSchedulers();
    expect(schedulers).toEqual([expect.objectContaining({ key: 'ledger-reconciliation', every: 300_000 })]);
  });
});
