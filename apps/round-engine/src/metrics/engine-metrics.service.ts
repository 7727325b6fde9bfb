import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { AppConfig } from '@app/config';
import { MailQueue } from '@app/mail';
import { RedisService } from '@app/redis';
import { BetProcessorService } from '../bets/bet-processor.service.js';
import { OutboxRelayService } from '../outbox/outbox-relay.service.js';
import { RoundClockService } from '../rounds/round-clock.service.js';

/**
 * The round engine's Prometheus metrics: bets by outcome, batch sizes and durations, stream lag per partition,
 * settlement duration, leadership, outbox and e-mail queue depth. Gauges that need a lookup are computed when
 * Prometheus scrapes.
 */
@Injectable()
export class EngineMetricsService implements OnApplicationBootstrap {
  readonly bets: Counter<'outcome'>;
  readonly batchSize: Histogram;
  readonly batchSeconds: Histogram;
  readonly replySeconds: Histogram;
  readonly settlementSeconds: Histogram<'kind'>;
  readonly settledBets: Counter<'kind'>;
  readonly refundedPeriods: Counter<'reason'>;
  readonly batchRetries: Counter<'partition'>;
  readonly fencesResent: Counter;

  constructor(
    @Inject(Registry) registry: Registry,
    @Inject(AppConfig) config: AppConfig,
    @Inject(RedisService) redis: RedisService,
    @Inject(ModuleRef) moduleRef: ModuleRef,
    @Inject(BetProcessorService) private readonly processor: BetProcessorService,
    @Inject(RoundClockService) private readonly clock: RoundClockService,
    @Inject(OutboxRelayService) relay: OutboxRelayService,
  ) {
    this.bets = new Counter({ name: 'wr_bets_processed_total', help: 'Bet commands applied, by outcome', labelNames: ['outcome'], registers: [registry] });
    this.batchSize = new Histogram({
      name: 'wr_bet_batch_size',
      help: 'Stream entries applied per transaction',
      buckets: [1, 5, 10, 25, 50, 100, 250, 500, 1000, 2000, 5000],
      registers: [registry],
    });
    this.batchSeconds = new Histogram({
      name: 'wr_bet_batch_duration_seconds',
      help: 'Time to apply, publish and acknowledge one batch',
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    });
    this.replySeconds = new Histogram({
      name: 'wr_bet_reply_seconds',
      help: 'From a place-bet reaching the gateway (its stream id time) to its reply being published',
      buckets: [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    });
    this.settlementSeconds = new Histogram({
      name: 'wr_settlement_duration_seconds',
      help: 'Time to settle (or refund) a period in the database',
      labelNames: ['kind'],
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10],
      registers: [registry],
    });
    this.settledBets = new Counter({ name: 'wr_settled_bets_total', help: 'Bets settled or refunded', labelNames: ['kind'], registers: [registry] });
    this.refundedPeriods = new Counter({
      name: 'wr_periods_refunded_total',
      help: 'Periods refunded, by reason: not-drawn (not drawn within a round of its end), settlement-deadline (drawn, not settled in time), missed (no engine ran during it)',
      labelNames: ['reason'],
      registers: [registry],
    });
    for (const reason of ['not-drawn', 'settlement-deadline', 'missed']) this.refundedPeriods.inc({ reason }, 0);
    this.batchRetries = new Counter({
      name: 'wr_bet_batch_retries_total',
      help: 'Failed bet batches attempted again by their own consumer (pending entries re-read before new ones)',
      labelNames: ['partition'],
      registers: [registry],
    });
    this.fencesResent = new Counter({
      name: 'wr_fences_resent_total',
      help: 'Partition fences sent again because they were still missing after REFENCE_AFTER_MS',
      registers: [registry],
    });
    new Gauge({
      name: 'wr_periods_overdue',
      help: 'Drawn periods more than a round past their end and not yet settled (an alert above 0 for long; refunded at the settlement deadline)',
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
            const group = groups.map((g) => Object.fromEntries(chunk(g))).find((g) => g.name === redis.keys.betProcessorsGroup);
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
        const mail = config.hasEngineRole('workers') ? moduleRef.get(MailQueue, { strict: false }) : null;
        if (!mail) return;
        const counts = await mail.bull.getJobCounts('wait', 'delayed', 'active');
        this.set({ queue: 'mail' }, (counts.wait ?? 0) + (counts.delayed ?? 0) + (counts.active ?? 0));
      },
    });
  }

  onApplicationBootstrap(): void {
    this.processor.observer = (_partition, result, ms, publishedAt) => {
      this.batchSize.observe(result.placed + result.rejected + result.duplicates + result.invalid + result.fences.length);
      this.batchSeconds.observe(ms / 1000);
      for (const received of result.receivedAtMs) this.replySeconds.observe((publishedAt - received) / 1000);
      if (result.placed) this.bets.inc({ outcome: 'placed' }, result.placed);
      if (result.rejected) this.bets.inc({ outcome: 'rejected' }, result.rejected);
      if (result.duplicates) this.bets.inc({ outcome: 'duplicate' }, result.duplicates);
      if (result.invalid) this.bets.inc({ outcome: 'invalid' }, result.invalid);
    };
    this.processor.onRetry = (partition) => this.batchRetries.inc({ partition: String(partition) });
    this.clock.events = {
      refunded: (reason, periods) => this.refundedPeriods.inc({ reason }, periods),
      fencesResent: (partitions) => this.fencesResent.inc(partitions),
    };
    this.clock.observer = (kind, bets, ms) => {
      this.settlementSeconds.observe({ kind }, ms / 1000);
      this.settledBets.inc({ kind }, bets);
    };
  }
}

function chunk(values: unknown[]): Array<[string, unknown]> {
  const pairs: Array<[string, unknown]> = [];
  for (let i = 0; i < values.length; i += 2) pairs.push([String(values[i]), values[i + 1]]);
  return pairs;
}
