import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { PlaySafelyController } from './play-safely.controller.js';
import { PlaySafelyRepository } from './play-safely.repository.js';
import { PlaySafelyService } from './play-safely.service.js';
import { SessionLimitWatch } from './session-limit.watch.js';

/** Limits a player sets for themself, reality checks and the session time limit on the live connection. */
@Module({
  imports: [AuthModule],
  controllers: [PlaySafelyController],
  providers: [PlaySafelyRepository, PlaySafelyService, SessionLimitWatch],
  exports: [PlaySafelyService, SessionLimitWatch],
})
export class PlaySafelyModule {}
