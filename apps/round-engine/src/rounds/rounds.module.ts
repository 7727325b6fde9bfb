import { Module } from '@nestjs/common';
import { BetBatchService } from '@app/bets';
import { BetProcessorService } from '../bets/bet-processor.service.js';
import { FairnessChainService } from './fairness-chain.service.js';
import { PeriodRepository } from './period.repository.js';
import { ResultsPublisher } from './results-publisher.js';
import { RoundClockService } from './round-clock.service.js';
import { SettlementService } from './settlement.service.js';

/** Rounds and bets: the round clock (draw, settle, refund) and the partition consumers. */
@Module({
  providers: [FairnessChainService, PeriodRepository, ResultsPublisher, SettlementService, RoundClockService, BetBatchService, BetProcessorService],
  exports: [RoundClockService, BetProcessorService, SettlementService, FairnessChainService],
})
export class RoundsModule {}
