/** The retention queue, and the BullMQ configuration key it lives under. */
export const RETENTION_QUEUE = 'retention';
export const RETENTION_CONFIG_KEY = 'retention';
/** Id of the repeatable job scheduler: one schedule per deployment, however many engines start. */
export const BET_OUTCOMES_RETENTION_SCHEDULER_ID = 'bet-outcomes-retention';

/** How often old bet answers are deleted, and in what batches (injectable so tests can shorten them). */
export const RETENTION_SCHEDULE = Symbol('RETENTION_SCHEDULE');
export interface RetentionSchedule {
  everyMs: number;
  /** Rows per DELETE statement (each its own short transaction). */
  batchSize: number;
  /** Most batches per run: a backlog is worked off over several runs, never in one long one. */
  maxBatches: number;
  /** Pause between two batches, so the deletes never crowd out the bet pipeline's writes. */
  pauseMs: number;
}
export const DEFAULT_RETENTION_SCHEDULE: RetentionSchedule = {
  everyMs: 10 * 60_000,
  batchSize: 5_000,
  maxBatches: 200,
  pauseMs: 20,
};
