import { Module } from '@nestjs/common';
import { OutboxRelayService } from './outbox-relay.service.js';

/** The `relay` role: republishes what a writer left in the outbox. */
@Module({
  providers: [OutboxRelayService],
  exports: [OutboxRelayService],
})
export class RelayModule {}
