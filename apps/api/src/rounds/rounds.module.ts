import { Module } from '@nestjs/common';
import { BetBatchService } from '@app/bets';
import { BetIntakeGate } from './bet-intake-gate.service.js';
import { BetIntakeService } from './bet-intake.service.js';
import { BetOutcomesRepository } from './bet-outcomes.repository.js';
import { BetOutcomesService } from './bet-outcomes.service.js';
import { BetController } from './bet.controller.js';
import { FairnessController } from './fairness.controller.js';
import { FairnessRepository } from './fairness.repository.js';
import { FairnessService } from './fairness.service.js';
import { RoundsGateway } from './rounds.gateway.js';
import { RoundsRepository } from './rounds.repository.js';
import { RoundsService } from './rounds.service.js';
import { SocketsModule } from '../realtime/sockets.module.js';

/** Rounds for players: socket round events, bet intake, bet history and the public fairness data. */
@Module({
  imports: [SocketsModule],
  controllers: [BetController, FairnessController],
  providers: [
    RoundsRepository,
    RoundsService,
    FairnessRepository,
    FairnessService,
    BetBatchService,
    BetIntakeGate,
    BetOutcomesRepository,
    BetOutcomesService,
    BetIntakeService,
    RoundsGateway,
  ],
  exports: [RoundsService],
})
export class RoundsModule {}
