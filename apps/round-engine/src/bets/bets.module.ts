import { Module } from '@nestjs/common';
import { BetBatchService } from '@app/bets';
import { BetProcessorService } from './bet-processor.service.js';

/** The `bets` role: one consumer per bet partition stream, applying its commands in batches (`BetBatchService`). */
@Module({
  providers: [BetBatchService, BetProcessorService],
  exports: [BetProcessorService],
})
export class BetsModule {}
