import { Module } from '@nestjs/common';
import { PushSender } from './push-sender.js';
import { PushController } from './push.controller.js';
import { PushRepository } from './push.repository.js';

/** Web push: subscriptions and the sender the money notices use. */
@Module({
  controllers: [PushController],
  providers: [PushRepository, PushSender],
  exports: [PushSender],
})
export class PushModule {}
