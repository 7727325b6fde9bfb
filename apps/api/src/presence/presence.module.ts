import { Module } from '@nestjs/common';
import { PresenceGateway } from './presence.gateway.js';
import { PresenceMetrics } from './presence-metrics.js';
import { PlayerSocketsService } from './player-sockets.service.js';
import { PresenceService } from './presence.service.js';

/** Who is online across every api node (Redis, per-node sets with a heartbeat), and each player's socket cap. */
@Module({
  providers: [PresenceService, PresenceGateway, PresenceMetrics, PlayerSocketsService],
  exports: [PresenceService, PlayerSocketsService],
})
export class PresenceModule {}
