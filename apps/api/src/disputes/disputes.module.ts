import { Module } from '@nestjs/common';
import { MailQueueModule } from '@app/mail';
import { AdminDisputesController, DisputesController } from './disputes.controller.js';
import { DisputesRepository } from './disputes.repository.js';
import { DisputesService } from './disputes.service.js';

/** Disputes keyed to the round: the player's routes and the console's Disputes tab. */
@Module({
  imports: [MailQueueModule],
  controllers: [DisputesController, AdminDisputesController],
  providers: [DisputesRepository, DisputesService],
})
export class DisputesModule {}
