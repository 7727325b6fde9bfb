import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { AppConfig } from '@app/config';
import { bullConnection, redisKeys } from '@app/redis';
import {
  DEFAULT_RETENTION_SCHEDULE,
  RETENTION_CONFIG_KEY,
  RETENTION_QUEUE,
  RETENTION_SCHEDULE,
} from './retention.constants.js';
import { RetentionProcessor } from './retention.processor.js';
import { RetentionScheduler } from './retention.scheduler.js';
import { RetentionService } from './retention.service.js';

/** Periodic retention of stored bet answers (bet_outcomes): a BullMQ repeatable job on the engine's workers. */
@Module({
  imports: [
    BullModule.forRootAsync(RETENTION_CONFIG_KEY, {
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        connection: bullConnection(config),
        prefix: redisKeys(config).bullPrefix,
      }),
    }),
    BullModule.registerQueue({ name: RETENTION_QUEUE, configKey: RETENTION_CONFIG_KEY }),
  ],
  providers: [
    { provide: RETENTION_SCHEDULE, useValue: DEFAULT_RETENTION_SCHEDULE },
    RetentionService,
    RetentionProcessor,
    RetentionScheduler,
  ],
  exports: [RetentionService, RetentionScheduler],
})
export class RetentionModule {}
