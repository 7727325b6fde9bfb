import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { PaymentModule } from '../payment/payment.module.js';
import { AwayController, PlayBreaksController } from './play-breaks.controller.js';
import { PlayBreaksService } from './play-breaks.service.js';
import { WithdrawTokenGuard } from './withdraw-token.guard.js';

/** Breaks and self-exclusion: taking one, the away routes of the withdraw-only token. */
@Module({
  imports: [AuthModule, PaymentModule],
  controllers: [PlayBreaksController, AwayController],
  providers: [PlayBreaksService, WithdrawTokenGuard],
  exports: [PlayBreaksService],
})
export class PlayBreaksModule {}
