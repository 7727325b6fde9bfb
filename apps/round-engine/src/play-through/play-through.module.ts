import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { RECONCILIATION_CONFIG_KEY } from '../reconciliation/reconciliation.constants.js';
import { DEFAULT_PLAY_THROUGH_SCHEDULE, PLAY_THROUGH_QUEUE, PLAY_THROUGH_SCHEDULE } from './play-through.constants.js';
import { PlayThroughProcessor, PlayThroughScheduler } from './play-through.processor.js';
import { PlayThroughService } from './play-through.service.js';

/**
 * Bonus release and expiry, referral grants: a BullMQ repeatable job of the `workers` role, on the BullMQ connection
 * the reconciliation module configures (both load together).
 */
@Module({
  imports: [BullModule.registerQueue({ name: PLAY_THROUGH_QUEUE, configKey: RECONCILIATION_CONFIG_KEY })],
  providers: [
    { provide: PLAY_THROUGH_SCHEDULE, useValue: DEFAULT_PLAY_THROUGH_SCHEDULE },
    PlayThroughService,
    PlayThroughProcessor,
    PlayThroughScheduler,
  ],
  exports: [PlayThroughService],
})
export class PlayThroughModule {}
