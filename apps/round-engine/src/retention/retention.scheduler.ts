import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import {
  BET_OUTCOMES_RETENTION_SCHEDULER_ID,
  RETENTION_QUEUE,
  RETENTION_SCHEDULE,
  type RetentionSchedule,
} from './retention.constants.js';

/**
 * Installs the repeatable retention job. `upsertJobScheduler` with a fixed id keeps a single schedule in Redis however
 * many engine instances start (standbys included), and BullMQ hands each run to one worker.
 */
@Injectable()
export class RetentionScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger('Retention');

  constructor(
    @InjectQueue(RETENTION_QUEUE) private readonly queue: Queue,
    @Inject(RETENTION_SCHEDULE) private readonly schedule: RetentionSchedule,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(
      BET_OUTCOMES_RETENTION_SCHEDULER_ID,
      { every: this.schedule.everyMs },
      { name: 'delete-expired-bet-outcomes', opts: { removeOnComplete: 50, removeOnFail: 200 } },
    );
    this.logger.log({ msg: 'bet answers retention scheduled', everyMs: this.schedule.everyMs });
  }

  /** Queues a run now (operators, tests). */
  async runNow(): Promise<string | undefined> {
    return (await this.queue.add('delete-expired-bet-outcomes-now', {}, { removeOnComplete: 50, removeOnFail: 200 }))
      .id;
  }

  get bull(): Queue {
    return this.queue;
  }
}
