/** The reconciliation queue, and the BullMQ configuration key it lives under. */
export const RECONCILIATION_QUEUE = 'reconciliation';
export const RECONCILIATION_CONFIG_KEY = 'reconciliation';
/** Id of the repeatable job scheduler: one schedule per deployment, however many engines start. */
export const RECONCILIATION_SCHEDULER_ID = 'ledger-reconciliation';

/** How often the ledger is reconciled (injectable so tests can shorten it). */
export const RECONCILIATION_SCHEDULE = Symbol('RECONCILIATION_SCHEDULE');
export interface ReconciliationSchedule {
  everyMs: number;
}
export const DEFAULT_RECONCILIATION_SCHEDULE: ReconciliationSchedule = { everyMs: 5 * 60_000 };
