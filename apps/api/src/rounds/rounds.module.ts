import { Module } from '@nestjs/common';
import { BetBatchService } from '@app/bets';
import { BetIntakeGate } from './bet-intake-gate.service.js';
import { BetIntakeService } from './bet-intake.service.js';
import { BetOutcomesRepository } from './bet-outcomes.repository.js';
import { BetOutcomesService } from './bet-outcomes.service.js';
import { BetController } from './bet.controller.js';
import { FairnessController } from './fairness.controller.js';
import { RoundsGateway } from './rounds.gateway.js';
import { RoundsRepository } from './rounds.repository.js';
import { RoundsService } from './rounds.service.js';

/** Rounds for players: socket round events, bet intake, bet history and the public fairness data. */
@Module({
  controllers: [BetController, FairnessController],
  providers: [RoundsRepository, RoundsService, BetBatchService, BetIntakeGate, BetOutcomesRepository, BetOutcomesService, BetIntakeService, RoundsGateway],
  exports: [RoundsService],
})
export class RoundsModule {}
