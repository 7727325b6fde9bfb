/** The care-signals queue and its repeatable job's scheduler id (one schedule per deployment). */
export const CARE_SIGNALS_QUEUE = 'care-signals';
export const CARE_SIGNALS_SCHEDULER_ID = 'care-signals';

/** How often players active since the last run are looked at (injectable so tests can shorten it). */
export const CARE_SIGNALS_SCHEDULE = Symbol('CARE_SIGNALS_SCHEDULE');
export interface CareSignalsSchedule {
  everyMs: number;
}
export const DEFAULT_CARE_SIGNALS_SCHEDULE: CareSignalsSchedule = { everyMs: 10 * 60_000 };
