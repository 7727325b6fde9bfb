import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import {
  PARTITIONS_QUEUE,
  PARTITIONS_SCHEDULE,
  PARTITIONS_SCHEDULER_ID,
  type PartitionsSchedule,
} from './partitions.constants.js';

/**
 * Installs the repeatable partitions job (one schedule in Redis however many engines start, each run on one worker)
 * and queues a run at start-up, so a deployment that was down over a month's turn has its partitions at once.
 */
@Injectable()
export class PartitionsScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger('Partitions');

  constructor(
    @InjectQueue(PARTITIONS_QUEUE) private readonly queue: Queue,
    @Inject(PARTITIONS_SCHEDULE) private readonly schedule: PartitionsSchedule,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(
      PARTITIONS_SCHEDULER_ID,
      { every: this.schedule.everyMs },
      { name: 'history-partitions', opts: { removeOnComplete: 50, removeOnFail: 200 } },
    );
    await this.runNow();
    this.logger.log({ msg: 'history partitions scheduled', everyMs: this.schedule.everyMs });
  }

  /** Queues a run now (start-up, operators, tests). */
  async runNow(): Promise<string | undefined> {
    return (await this.queue.add('history-partitions-now', {}, { removeOnComplete: 50, removeOnFail: 200 })).id;
  }

  get bull(): Queue {
    return this.queue;
  }
}
