import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { AppConfig } from '@app/config';
import { bullConnection, redisKeys } from '@app/redis';
import {
  DEFAULT_RECONCILIATION_SCHEDULE,
  RECONCILIATION_CONFIG_KEY,
  RECONCILIATION_QUEUE,
  RECONCILIATION_SCHEDULE,
} from './reconciliation.constants.js';
import { ReconciliationProcessor } from './reconciliation.processor.js';
import { ReconciliationScheduler } from './reconciliation.scheduler.js';
import { ReconciliationService } from './reconciliation.service.js';

/** Periodic ledger reconciliation: a BullMQ repeatable job that rebuilds every balance from the postings. */
@Module({
  imports: [
    BullModule.forRootAsync(RECONCILIATION_CONFIG_KEY, {
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        connection: bullConnection(config),
        prefix: redisKeys(config).bullPrefix,
      }),
    }),
    BullModule.registerQueue({ name: RECONCILIATION_QUEUE, configKey: RECONCILIATION_CONFIG_KEY }),
  ],
  providers: [
    { provide: RECONCILIATION_SCHEDULE, useValue: DEFAULT_RECONCILIATION_SCHEDULE },
    ReconciliationService,
    ReconciliationProcessor,
    ReconciliationScheduler,
  ],
  exports: [ReconciliationService, ReconciliationScheduler],
})
export class ReconciliationModule {}
