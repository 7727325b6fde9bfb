import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import {
  RECONCILIATION_QUEUE,
  RECONCILIATION_SCHEDULE,
  RECONCILIATION_SCHEDULER_ID,
  type ReconciliationSchedule,
} from './reconciliation.constants.js';

/**
 * Installs the repeatable reconciliation job. `upsertJobScheduler` with a fixed id keeps a single schedule in
 * Redis however many engine instances start (standbys included), and BullMQ hands each run to one worker.
 */
@Injectable()
export class ReconciliationScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger('Reconciliation');

  constructor(
    @InjectQueue(RECONCILIATION_QUEUE) private readonly queue: Queue,
    @Inject(RECONCILIATION_SCHEDULE) private readonly schedule: ReconciliationSchedule,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(
      RECONCILIATION_SCHEDULER_ID,
      { every: this.schedule.everyMs },
      { name: 'reconcile', opts: { removeOnComplete: 50, removeOnFail: 200 } },
    );
    this.logger.log({ msg: 'ledger reconciliation scheduled', everyMs: this.schedule.everyMs });
  }

  /** Queues a run now (operators, tests). */
  async runNow(): Promise<string | undefined> {
    return (await this.queue.add('reconcile-now', {}, { removeOnComplete: 50, removeOnFail: 200 })).id;
  }

  get bull(): Queue {
    return this.queue;
  }
}
