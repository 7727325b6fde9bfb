import { startTestEngine, type TestEngine } from '@app/testing';
import { Queue } from 'bullmq';
import { PLAY_THROUGH_QUEUE } from '../play-through/play-through.constants.js';
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

  it('schedules the play-through rules (bonus release and expiry, referral grants) every minute', async () => {
    const queue = new Queue(PLAY_THROUGH_QUEUE, {
      connection: engine.app.get(ReconciliationScheduler).bull.opts.connection,
      prefix: engine.app.get(ReconciliationScheduler).bull.opts.prefix,
    });
    try {
      expect(await queue.getJobSchedulers()).toEqual([expect.objectContaining({ key: 'play-through', every: 60_000 })]);
    } finally {
      await queue.close();
    }
  });
});
