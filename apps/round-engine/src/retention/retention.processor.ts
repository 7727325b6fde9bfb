import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject } from '@nestjs/common';
import type { Job } from 'bullmq';
import { RETENTION_CONFIG_KEY, RETENTION_QUEUE } from './retention.constants.js';
import { RetentionService, type RetentionRun } from './retention.service.js';

/** Runs the periodic deletion of old bet answers. Idempotent: a retried or duplicated run deletes what is left. */
@Processor({ name: RETENTION_QUEUE, configKey: RETENTION_CONFIG_KEY }, { concurrency: 1 })
export class RetentionProcessor extends WorkerHost {
  constructor(@Inject(RetentionService) private readonly retention: RetentionService) {
    super();
  }

  async process(_job: Job): Promise<RetentionRun> {
    return this.retention.deleteExpired();
  }
}
