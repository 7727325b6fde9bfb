import { Inject, Injectable, Logger, Optional, type OnModuleInit } from '@nestjs/common';
import { sql } from 'kysely';
import { Counter, Gauge, Registry } from 'prom-client';
import { AppConfig } from '@app/config';
import { Database } from '@app/db';
import { RETENTION_SCHEDULE, type RetentionSchedule } from './retention.constants.js';

export interface RetentionRun {
  deleted: number;
  batches: number;
  /** True when the run stopped at maxBatches with more left (the next run goes on). */
  more: boolean;
}

/**
 * Keeps bet_outcomes to BET_OUTCOMES_RETENTION_DAYS: deletes the answers stored before that, oldest first, in batches
 * of `batchSize` rows, each its own statement, through the index on created_at (migration 0018). Safe to run twice
 * or in parallel (a row is deleted once; a second run finds less to do). An answer that old can no longer be needed
 * by the bet pipeline: a command stays on its stream an hour and its arbiter key two. bet_outcomes is not partitioned
 * by day like the money history (docs/partitions.md): its primary key decides the race between the pipeline and an
 * api node's refusal, and a key of a partitioned table must hold the partition key, which a command does not carry. Exports
 * `wr_bet_outcomes_deleted_total` and `wr_bet_outcomes_retention_last_run_seconds` (alert when it stops moving).
 */
@Injectable()
export class RetentionService implements OnModuleInit {
  private readonly logger = new Logger('Retention');
  private metrics?: { deleted: Counter; lastRun: Gauge };

  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(RETENTION_SCHEDULE) private readonly schedule: RetentionSchedule,
    // The engine's metrics registry (EngineMetricsModule); absent in a context without metrics.
    @Optional() @Inject(Registry) private readonly registry?: Registry,
  ) {}

  onModuleInit(): void {
    const reg = this.registry;
    if (!reg) return;
    this.metrics = {
      deleted:
        (reg.getSingleMetric('wr_bet_outcomes_deleted_total') as Counter | undefined) ??
        new Counter({
          name: 'wr_bet_outcomes_deleted_total',
          help: 'Stored bet answers deleted for being older than BET_OUTCOMES_RETENTION_DAYS',
          registers: [reg],
        }),
      lastRun:
        (reg.getSingleMetric('wr_bet_outcomes_retention_last_run_seconds') as Gauge | undefined) ??
        new Gauge({
          name: 'wr_bet_outcomes_retention_last_run_seconds',
          help: 'Unix time of the last completed bet_outcomes retention run',
          registers: [reg],
        }),
    };
  }

  /** Deletes the bet answers older than the retention, batch by batch, up to maxBatches. */
  async deleteExpired(now = new Date()): Promise<RetentionRun> {
    const cutoff = new Date(now.getTime() - this.config.BET_OUTCOMES_RETENTION_DAYS * 24 * 60 * 60 * 1000);
    const { batchSize, maxBatches, pauseMs } = this.schedule;
    const started = Date.now();
    let deleted = 0;
    let batches = 0;
    let more = true;
    while (more && batches < maxBatches) {
      // Oldest first through bet_outcomes_created_at_idx; by ctid, so the rows found are the rows deleted.
      const result = await sql`
        DELETE FROM bet_outcomes WHERE ctid = ANY(ARRAY(
          SELECT ctid FROM bet_outcomes WHERE created_at < ${cutoff} ORDER BY created_at LIMIT ${batchSize}
        ))
      `.execute(this.db);
      const n = Number(result.numAffectedRows ?? 0);
      batches++;
      deleted += n;
      this.metrics?.deleted.inc(n);
      more = n === batchSize;
      if (more && pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
    this.metrics?.lastRun.set(Math.floor(Date.now() / 1000));
    const fields = { deleted, batches, before: cutoff.toISOString(), ms: Date.now() - started };
    if (more) this.logger.warn({ msg: 'old bet answers deleted; more are left for the next run', ...fields });
    else this.logger.log({ msg: 'old bet answers deleted', ...fields });
    return { deleted, batches, more };
  }
}
