import { Module } from '@nestjs/common';
import { PresenceGateway } from './presence.gateway.js';
import { PresenceMetrics } from './presence-metrics.js';
import { PresenceService } from './presence.service.js';

/** Who is online across every api node (Redis, per-node sets with a heartbeat). */
@Module({
  providers: [PresenceService, PresenceGateway, PresenceMetrics],
  exports: [PresenceService],
})
export class PresenceModule {}
