import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { PlaySafelyModule } from '../play-safely/play-safely.module.js';
import { RealtimeGateway } from './realtime.gateway.js';
import { SocketDeliveryService } from './socket-delivery.service.js';

/**
 * This node's sockets: the Socket.IO gateway (signed-in sockets, their session limits) and the delivery that tails
 * the events streams into them. Exports the delivery for what answers players on this node's own sockets.
 */
@Module({
  imports: [AuthModule, PlaySafelyModule],
  providers: [RealtimeGateway, SocketDeliveryService],
  exports: [SocketDeliveryService],
})
export class SocketsModule {}
