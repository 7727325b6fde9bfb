import { Module } from '@nestjs/common';
import { AuthModule } from '../../auth/auth.module.js';
import { PlaySafelyModule } from '../../play-safely/play-safely.module.js';
import { AdminPlayersController } from './admin-players.controller.js';
import { AdminPlayersRepository } from './admin-players.repository.js';
import { AdminPlayersService } from './admin-players.service.js';

/** The console's Players tab: search, suspend, reinstate; a player's own limits, read-only. */
@Module({
  imports: [AuthModule, PlaySafelyModule],
  controllers: [AdminPlayersController],
  providers: [AdminPlayersRepository, AdminPlayersService],
})
export class AdminPlayersModule {}
