import { Inject, Injectable } from '@nestjs/common';
import { Gauge, Registry } from 'prom-client';
import { PresenceService } from './presence.service.js';

/** `wr_online_players`: the presence count across every api node, read from Redis when Prometheus scrapes. */
@Injectable()
export class PresenceMetrics {
  readonly onlinePlayers: Gauge;

  constructor(@Inject(Registry) registry: Registry, @Inject(PresenceService) presence: PresenceService) {
    this.onlinePlayers = new Gauge({
      name: 'wr_online_players',
      help: 'Distinct signed-in players with a live socket on any api node (the same figure on every node)',
      registers: [registry],
      async collect() {
        try {
          this.set(await presence.onlinePlayers());
        } catch {
          // Redis unreachable: keep the last value rather than fail the whole scrape (health reports Redis).
        }
      },
    });
  }
}
