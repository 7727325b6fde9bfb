import { Module } from '@nestjs/common';
import { BeaconService } from './beacon.service.js';
import { FairnessChainService } from './fairness-chain.service.js';
import { PeriodRepository } from './period.repository.js';
import { ResultsPublisher } from './results-publisher.js';
import { RoundClockService } from './round-clock.service.js';
import { SettlementService } from './settlement.service.js';

/** The `clock` role: the round clock (open, fence, commit, draw, settle, refund, publish) and what it runs on. */
@Module({
  providers: [
    BeaconService,
    FairnessChainService,
    PeriodRepository,
    ResultsPublisher,
    SettlementService,
    RoundClockService,
  ],
  exports: [RoundClockService, SettlementService, FairnessChainService, BeaconService],
})
export class RoundsModule {}
