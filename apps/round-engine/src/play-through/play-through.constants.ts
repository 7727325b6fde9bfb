/** The play-through queue and its repeatable job's scheduler id (one schedule per deployment). */
export const PLAY_THROUGH_QUEUE = 'play-through';
export const PLAY_THROUGH_SCHEDULER_ID = 'play-through';

/** How often bonuses and referrals are looked at (injectable so tests can shorten it). */
export const PLAY_THROUGH_SCHEDULE = Symbol('PLAY_THROUGH_SCHEDULE');
export interface PlayThroughSchedule {
  everyMs: number;
}
export const DEFAULT_PLAY_THROUGH_SCHEDULE: PlayThroughSchedule = { everyMs: 60_000 };
