import { Inject, Injectable, Optional } from '@nestjs/common';
import { Gauge, Registry } from 'prom-client';
import { AppConfig } from '@app/config';
import { MailQueue } from '@app/mail';
import { RedisService } from '@app/redis';
import { BetProcessorService } from '../bets/bet-processor.service.js';
import { OutboxRelayService } from '../outbox/outbox-relay.service.js';
import { BeaconService } from '../rounds/beacon.service.js';
import { RoundClockService } from '../rounds/round-clock.service.js';

/**
 * The round engine's gauges, computed when Prometheus scrapes: leadership, undrawn and overdue periods, beacon rounds,
 * partitions led and their stream lag, outbox and e-mail queue depth. The counters and histograms the roles report
 * into are `EngineMetrics` (engine-metrics.ts).
 */
@Injectable()
export class EngineGauges {
  constructor(
    @Inject(Registry) registry: Registry,
    @Inject(AppConfig) config: AppConfig,
    @Inject(RedisService) redis: RedisService,
    @Inject(BetProcessorService) processor: BetProcessorService,
    @Inject(RoundClockService) clock: RoundClockService,
    @Inject(OutboxRelayService) relay: OutboxRelayService,
    @Inject(BeaconService) beacon: BeaconService,
    // Only where this process has the `workers` role (the mail worker's module provides it).
    @Optional() @Inject(MailQueue) mail?: MailQueue,
  ) {
    new Gauge({
      name: 'wr_periods_undrawn',
      help: 'Open periods past their end and not yet drawn (normally 0 within a second; alert when it stays above 0)',
      registers: [registry],
      collect() {
        this.set(clock.isLeader ? clock.undrawn : 0);
      },
    });
    new Gauge({
      name: 'wr_beacon_rounds',
      help: 'drand rounds asked of the relays: obtained (verified) and missed (no relay gave a verified round)',
      labelNames: ['result'],
      registers: [registry],
      collect() {
        this.set({ result: 'obtained' }, beacon.obtained);
        this.set({ result: 'missed' }, beacon.missed);
      },
    });
    new Gauge({
      name: 'wr_periods_overdue',
      help: 'Drawn periods more than a round past their end and not yet settled (an alert above 0 for long; they are retried, never refunded)',
      registers: [registry],
      collect() {
        this.set(clock.isLeader ? clock.overdue : 0);
      },
    });
    new Gauge({
      name: 'wr_round_clock_leader',
      help: '1 when this process leads the round clock',
      registers: [registry],
      collect() {
        this.set(clock.isLeader ? 1 : 0);
      },
    });
    new Gauge({
      name: 'wr_bet_partitions_led',
      help: 'Bet partitions this process consumes',
      registers: [registry],
      collect() {
        this.set(processor.ledPartitions.length);
      },
    });
    new Gauge({
      name: 'wr_bet_stream_lag',
      help: 'Commands waiting on a partition stream (not yet delivered, plus delivered but unacknowledged)',
      labelNames: ['partition'],
      registers: [registry],
      async collect() {
        for (let p = 0; p < config.BET_PARTITIONS; p++) {
          try {
            const groups = (await redis.client.xinfo('GROUPS', redis.keys.betCommands(p))) as unknown[][];
            const group = groups
              .map((g) => Object.fromEntries(chunk(g)))
              .find((g) => g.name === redis.keys.betProcessorsGroup);
            this.set({ partition: String(p) }, group ? Number(group.lag ?? 0) + Number(group.pending ?? 0) : 0);
          } catch {
            this.set({ partition: String(p) }, 0);
          }
        }
      },
    });
    new Gauge({
      name: 'wr_outbox_depth',
      help: 'Committed events not yet published',
      registers: [registry],
      collect() {
        this.set(relay.depth);
      },
    });
    new Gauge({
      name: 'wr_queue_depth',
      help: 'Background jobs waiting (e-mail queue)',
      labelNames: ['queue'],
      registers: [registry],
      async collect() {
        if (!mail) return;
        const counts = await mail.bull.getJobCounts('wait', 'delayed', 'active');
        this.set({ queue: 'mail' }, (counts.wait ?? 0) + (counts.delayed ?? 0) + (counts.active ?? 0));
      },
    });
  }
}

function chunk(values: unknown[]): Array<[string, unknown]> {
  const pairs: Array<[string, unknown]> = [];
  for (let i = 0; i < values.length; i += 2) pairs.push([String(values[i]), values[i + 1]]);
  return pairs;
}
