import { Inject, Injectable } from '@nestjs/common';
import { Counter, Histogram, Registry } from 'prom-client';
import type { BatchResult } from '@app/bets';
import type { RefundReason } from '@app/domain';

/** What the bet partition consumers report (the `bets` role): injected as `BATCH_METRICS`. */
export interface BatchMetrics {
  /** A batch applied, its replies published at `publishedAt` (epoch ms), `ms` after it was read. */
  batchApplied(partition: number, result: BatchResult, ms: number, publishedAt: number): void;
  /** A failed batch attempted again by its own consumer. */
  batchRetried(partition: number): void;
}

/** What the round clock reports (the `clock` role): injected as `CLOCK_METRICS`. */
export interface ClockMetrics {
  /** A period settled or refunded in the database: its bets, and how long it took. */
  periodFinished(kind: 'settle' | 'refund', bets: number, ms: number): void;
  refunded(reason: RefundReason, periods: number): void;
  fencesResent(partitions: number): void;
  settlementFailed(): void;
  periodFailed(): void;
}

export const BATCH_METRICS = Symbol('BatchMetrics');
export const CLOCK_METRICS = Symbol('ClockMetrics');

/**
 * The round engine's counters and histograms: bets by outcome, batch sizes and durations, reply latency, settlement
 * duration, refunds, retries and failures. The roles report into it through `BatchMetrics` and `ClockMetrics`; the
 * gauges read when Prometheus scrapes are `EngineGauges`.
 */
@Injectable()
export class EngineMetrics implements BatchMetrics, ClockMetrics {
  readonly bets: Counter<'outcome'>;
  readonly batchSize: Histogram;
  readonly batchSeconds: Histogram;
  readonly replySeconds: Histogram;
  readonly settlementSeconds: Histogram<'kind'>;
  readonly settledBets: Counter<'kind'>;
  readonly refundedPeriods: Counter<'reason'>;
  readonly batchRetries: Counter<'partition'>;
  readonly fencesResentTotal: Counter;
  readonly settlementFailures: Counter;
  readonly periodFailures: Counter;

  constructor(@Inject(Registry) registry: Registry) {
    this.bets = new Counter({
      name: 'wr_bets_processed_total',
      help: 'Bet commands applied, by outcome',
      labelNames: ['outcome'],
      registers: [registry],
    });
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
    this.settledBets = new Counter({
      name: 'wr_settled_bets_total',
      help: 'Bets settled or refunded',
      labelNames: ['kind'],
      registers: [registry],
    });
    this.refundedPeriods = new Counter({
      name: 'wr_periods_refunded_total',
      help: 'Periods refunded, by reason: not-drawn (not drawn within a round of its end), beacon-unavailable (no verified beacon round in time), missed (no engine ran during it)',
      labelNames: ['reason'],
      registers: [registry],
    });
    for (const reason of ['not-drawn', 'beacon-unavailable', 'missed']) this.refundedPeriods.inc({ reason }, 0);
    this.settlementFailures = new Counter({
      name: 'wr_settlement_failures_total',
      help: 'Settlement attempts of a drawn period that failed (each is retried after a back-off; a drawn period is never refunded)',
      registers: [registry],
    });
    this.periodFailures = new Counter({
      name: 'wr_period_step_failures_total',
      help: 'Steps of an open period (fence, commit, draw, refund) that failed; retried on the next tick, other periods go on',
      registers: [registry],
    });
    this.batchRetries = new Counter({
      name: 'wr_bet_batch_retries_total',
      help: 'Failed bet batches attempted again by their own consumer (pending entries re-read before new ones)',
      labelNames: ['partition'],
      registers: [registry],
    });
    this.fencesResentTotal = new Counter({
      name: 'wr_fences_resent_total',
      help: 'Partition fences sent again because they were still missing after REFENCE_AFTER_MS',
      registers: [registry],
    });
  }

  batchApplied(_partition: number, result: BatchResult, ms: number, publishedAt: number): void {
    this.batchSize.observe(result.placed + result.rejected + result.duplicates + result.invalid + result.fences.length);
    this.batchSeconds.observe(ms / 1000);
    for (const received of result.receivedAtMs) this.replySeconds.observe((publishedAt - received) / 1000);
    if (result.placed) this.bets.inc({ outcome: 'placed' }, result.placed);
    if (result.rejected) this.bets.inc({ outcome: 'rejected' }, result.rejected);
    if (result.duplicates) this.bets.inc({ outcome: 'duplicate' }, result.duplicates);
    if (result.invalid) this.bets.inc({ outcome: 'invalid' }, result.invalid);
  }

  batchRetried(partition: number): void {
    this.batchRetries.inc({ partition: String(partition) });
  }

  periodFinished(kind: 'settle' | 'refund', bets: number, ms: number): void {
    this.settlementSeconds.observe({ kind }, ms / 1000);
    this.settledBets.inc({ kind }, bets);
  }

  refunded(reason: RefundReason, periods: number): void {
    this.refundedPeriods.inc({ reason }, periods);
  }

  fencesResent(partitions: number): void {
    this.fencesResentTotal.inc(partitions);
  }

  settlementFailed(): void {
    this.settlementFailures.inc();
  }

  periodFailed(): void {
    this.periodFailures.inc();
  }
}
