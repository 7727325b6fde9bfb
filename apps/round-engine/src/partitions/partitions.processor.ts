import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject } from '@nestjs/common';
import type { Job } from 'bullmq';
import { PARTITIONS_CONFIG_KEY, PARTITIONS_QUEUE } from './partitions.constants.js';
import { PartitionsService, type PartitionsRun } from './partitions.service.js';

/**
 * Makes the partitions ahead, then archives the ones past the retention. Idempotent: a partition is made once (an
 * advisory lock and its record), and an archival interrupted at any step is taken up where it stopped.
 */
@Processor({ name: PARTITIONS_QUEUE, configKey: PARTITIONS_CONFIG_KEY }, { concurrency: 1 })
export class PartitionsProcessor extends WorkerHost {
  constructor(@Inject(PartitionsService) private readonly partitions: PartitionsService) {
    super();
  }

  async process(_job: Job): Promise<PartitionsRun> {
    return this.partitions.run();
  }
}
