import { Module } from '@nestjs/common';
import { AdminStatementController, StatementController } from './statement.controller.js';
import { StatementRepository } from './statement.repository.js';
import { StatementService } from './statement.service.js';

/** Account statements: the player's own (wallet screen) and any player's for the console (audited). */
@Module({
  controllers: [StatementController, AdminStatementController],
  providers: [StatementRepository, StatementService],
})
export class StatementsModule {}
