import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { RECONCILIATION_CONFIG_KEY } from '../reconciliation/reconciliation.constants.js';
import { CARE_SIGNALS_QUEUE, CARE_SIGNALS_SCHEDULE, DEFAULT_CARE_SIGNALS_SCHEDULE } from './care-signals.constants.js';
import { CareSignalsProcessor, CareSignalsScheduler } from './care-signals.processor.js';
import { CareSignalsRepository } from './care-signals.repository.js';
import { CareSignalsService } from './care-signals.service.js';

/**
 * Care signals (docs/care-signals.md): a BullMQ repeatable job of the `workers` role, on the BullMQ connection the
 * reconciliation module configures (both load together). It reads play and writes flags; it moves no money.
 */
@Module({
  imports: [BullModule.registerQueue({ name: CARE_SIGNALS_QUEUE, configKey: RECONCILIATION_CONFIG_KEY })],
  providers: [
    { provide: CARE_SIGNALS_SCHEDULE, useValue: DEFAULT_CARE_SIGNALS_SCHEDULE },
    CareSignalsRepository,
    CareSignalsService,
    CareSignalsProcessor,
    CareSignalsScheduler,
  ],
  exports: [CareSignalsService],
})
export class CareSignalsModule {}
