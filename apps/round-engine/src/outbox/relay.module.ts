import { Module } from '@nestjs/common';
import { MailQueueModule } from '@app/mail';
import { OutboxRelayService } from './outbox-relay.service.js';

/** The `relay` role: republishes what a writer left in the outbox. */
@Module({
  imports: [MailQueueModule],
  providers: [OutboxRelayService],
  exports: [OutboxRelayService],
})
export class RelayModule {}
