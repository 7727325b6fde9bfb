import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { AppConfig } from '@app/config';
import { bullConnection, redisKeys } from '@app/redis';
import {
  DEFAULT_PARTITIONS_SCHEDULE,
  PARTITIONS_CONFIG_KEY,
  PARTITIONS_QUEUE,
  PARTITIONS_SCHEDULE,
} from './partitions.constants.js';
import { PartitionsProcessor } from './partitions.processor.js';
import { PartitionsScheduler } from './partitions.scheduler.js';
import { PartitionsService } from './partitions.service.js';

/**
 * The monthly partitions of the money history (docs/partitions.md): made ahead, and archived once older than
 * HISTORY_RETENTION_MONTHS. A BullMQ repeatable job on the engine's workers: one run at a time in the deployment.
 */
@Module({
  imports: [
    BullModule.forRootAsync(PARTITIONS_CONFIG_KEY, {
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        connection: bullConnection(config),
        prefix: redisKeys(config).bullPrefix,
      }),
    }),
    BullModule.registerQueue({ name: PARTITIONS_QUEUE, configKey: PARTITIONS_CONFIG_KEY }),
  ],
  providers: [
    { provide: PARTITIONS_SCHEDULE, useValue: DEFAULT_PARTITIONS_SCHEDULE },
    PartitionsService,
    PartitionsProcessor,
    PartitionsScheduler,
  ],
  exports: [PartitionsService, PartitionsScheduler],
})
export class PartitionsModule {}
