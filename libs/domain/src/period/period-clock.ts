import { LOCK_SECONDS, ROUND_SECONDS } from '../constants/limits.js';
import { DAY_MS, IST_OFFSET_MS, istDateParts, istMidnightMs } from './ist-day.js';

/**
 * Period math (DESIGN §3). A period id is the IST date 'YYYYMMDD' followed by the period's sequence of the day,
 * zero-padded, from 0001: with 30-second rounds there are 2,880 periods a day, e.g. '202611210001' starts at IST
 * midnight of 21 Nov 2026 and '202611212880' at 23:59:30 IST. Period n of a day starts at IST midnight +
 * (n − 1) × roundSeconds. Any node computes the current period from its clock.
 */
export interface PeriodConfig {
  /** Length of a round; must divide a day (86,400 s). Default 30. */
  readonly roundSeconds: number;
  /** Betting locks when this many seconds or less remain; 0 ≤ lockSeconds < roundSeconds. Default 5. */
  readonly lockSeconds: number;
}

export const DEFAULT_PERIOD_CONFIG: PeriodConfig = { roundSeconds: ROUND_SECONDS, lockSeconds: LOCK_SECONDS };

/**
 * A period's times, as the client and the round engine compute them. Times are epoch milliseconds, duration in
 * seconds. What is sent on the wire is `PeriodInfo` of @app/contracts, built from these.
 */
export interface PeriodTimes {
  readonly periodId: string;
  readonly startTime: number;
  readonly duration: number;
  /** Bets received at or after this instant are refused. */
  readonly lockTime: number;
  /** Start of the next period. */
  readonly endTime: number;
}

/**
 * Fills in defaults and validates. Throws a RangeError unless roundSeconds is a positive integer dividing 86,400
 * and lockSeconds an integer with 0 ≤ lockSeconds < roundSeconds.
 */
export function periodConfig(config: Partial<PeriodConfig> = {}): PeriodConfig {
  const roundSeconds = config.roundSeconds ?? ROUND_SECONDS;
  const lockSeconds = config.lockSeconds ?? LOCK_SECONDS;
  if (!Number.isInteger(roundSeconds) || roundSeconds <= 0 || 86_400 % roundSeconds !== 0) {
    throw new RangeError(`roundSeconds must be a positive integer dividing 86400, got ${String(roundSeconds)}`);
  }
  if (!Number.isInteger(lockSeconds) || lockSeconds < 0 || lockSeconds >= roundSeconds) {
    throw new RangeError(`lockSeconds must be an integer from 0 to roundSeconds − 1, got ${String(lockSeconds)}`);
  }
  return { roundSeconds, lockSeconds };
}

/** 86,400 / roundSeconds: 2,880 for 30-second rounds. */
export function periodsPerDay(config: Partial<PeriodConfig> = {}): number {
  return 86_400 / periodConfig(config).roundSeconds;
}

/** Digits of the sequence part: max(4, digits of periods per day) — 4 for 30 s rounds, 5 for 1 s rounds. */
export function sequenceWidth(config: Partial<PeriodConfig> = {}): number {
  return Math.max(4, String(periodsPerDay(config)).length);
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/** The id of the period running at instant `ms`. */
export function periodIdAt(ms: number, config: Partial<PeriodConfig> = {}): string {
  const { roundSeconds } = periodConfig(config);
  if (!Number.isFinite(ms)) throw new RangeError(`Not a time: ${String(ms)}`);
  const { year, month, day } = istDateParts(ms);
  const istMs = ms + IST_OFFSET_MS;
  const msIntoDay = istMs - Math.floor(istMs / DAY_MS) * DAY_MS;
  const sequence = Math.floor(msIntoDay / (roundSeconds * 1000)) + 1;
  return `${pad(year, 4)}${pad(month, 2)}${pad(day, 2)}${pad(sequence, sequenceWidth(config))}`;
}

export interface ParsedPeriodId {
  /** IST date 'YYYY-MM-DD'. */
  readonly dateKey: string;
  /** Sequence of the day, from 1. */
  readonly sequence: number;
  /** Epoch ms of the period's start. */
  readonly startMs: number;
}

/** Parses a period id; throws a RangeError when it is not a period id under this config. */
export function parsePeriodId(periodId: string, config: Partial<PeriodConfig> = {}): ParsedPeriodId {
  const resolved = periodConfig(config);
  const width = sequenceWidth(resolved);
  if (typeof periodId !== 'string' || !new RegExp(`^\\d{${8 + width}}$`).test(periodId)) {
    throw new RangeError(`Not a period id: '${String(periodId)}'`);
  }
  const year = Number(periodId.slice(0, 4));
  const month = Number(periodId.slice(4, 6));
  const day = Number(periodId.slice(6, 8));
  const sequence = Number(periodId.slice(8));
  if (sequence < 1 || sequence > periodsPerDay(resolved)) {
    throw new RangeError(`Not a period id: '${periodId}' (sequence out of range)`);
  }
  const midnight = istMidnightMs(year, month, day); // throws for an impossible date
  return {
    dateKey: `${periodId.slice(0, 4)}-${periodId.slice(4, 6)}-${periodId.slice(6, 8)}`,
    sequence,
    startMs: midnight + (sequence - 1) * resolved.roundSeconds * 1000,
  };
}

/** True when `periodId` is a well-formed period id under this config. */
export function isPeriodId(periodId: unknown, config: Partial<PeriodConfig> = {}): periodId is string {
  if (typeof periodId !== 'string') return false;
  try {
    parsePeriodId(periodId, config);
    return true;
  } catch {
    return false;
  }
}

/** Epoch ms at which the period starts (betting opens). */
export function periodStartMs(periodId: string, config: Partial<PeriodConfig> = {}): number {
  return parsePeriodId(periodId, config).startMs;
}

/** Epoch ms at which betting locks: lockSeconds before the end. A bet must be received strictly before it. */
export function periodLockMs(periodId: string, config: Partial<PeriodConfig> = {}): number {
  const { roundSeconds, lockSeconds } = periodConfig(config);
  return periodStartMs(periodId, config) + (roundSeconds - lockSeconds) * 1000;
}

/** Epoch ms at which the period ends (= the next period's start). */
export function periodEndMs(periodId: string, config: Partial<PeriodConfig> = {}): number {
  return periodStartMs(periodId, config) + periodConfig(config).roundSeconds * 1000;
}

/** The following period (crosses IST midnight: '…2880' → next day's '…0001'). */
export function nextPeriodId(periodId: string, config: Partial<PeriodConfig> = {}): string {
  return periodIdAt(periodEndMs(periodId, config), config);
}

/** The preceding period (crosses IST midnight backwards). */
export function previousPeriodId(periodId: string, config: Partial<PeriodConfig> = {}): string {
  return periodIdAt(periodStartMs(periodId, config) - 1, config);
}

/** Full info of a period by id. */
export function periodInfo(periodId: string, config: Partial<PeriodConfig> = {}): PeriodTimes {
  const { roundSeconds, lockSeconds } = periodConfig(config);
  const startTime = periodStartMs(periodId, config);
  const endTime = startTime + roundSeconds * 1000;
  return { periodId, startTime, duration: roundSeconds, lockTime: endTime - lockSeconds * 1000, endTime };
}

/** The period running at `nowMs`. */
export function currentPeriod(nowMs: number, config: Partial<PeriodConfig> = {}): PeriodTimes {
  return periodInfo(periodIdAt(nowMs, config), config);
}

/**
 * Whether a bet received at `receivedAtMs` (the gateway's receive time, i.e. the Redis stream id time) may enter
 * `periodId`: from the period's start, and strictly before its lock. Invalid ids are never open.
 */
export function isBettingOpen(receivedAtMs: number, periodId: string, config: Partial<PeriodConfig> = {}): boolean {
  if (!isPeriodId(periodId, config)) return false;
  const info = periodInfo(periodId, config);
  return receivedAtMs >= info.startTime && receivedAtMs < info.lockTime;
}

/**
 * The client's estimate of server time minus its own clock, from a `next-period-id` message: serverTime as sent,
 * and the local time at which it arrived. Add it to Date.now() to get server time.
 */
export function clockOffsetMs(serverTime: number, receivedAtLocalMs: number): number {
  return serverTime - receivedAtLocalMs;
}

/**
 * Whole seconds left in a period as the client shows them, from the period's startTime (ms) and duration (s), the
 * local clock and the server offset. Rounded up, so the countdown reads 30 during the first second, reads 6 while
 * more than 5 s remain and 5 exactly when betting has locked — the same instant the server locks. Clamped to
 * 0..duration.
 */
export function secondsLeft(
  period: { readonly startTime: number; readonly duration: number },
  nowLocalMs: number,
  offsetMs = 0,
): number {
  const remainingMs = period.startTime + period.duration * 1000 - (nowLocalMs + offsetMs);
  return Math.min(period.duration, Math.max(0, Math.ceil(remainingMs / 1000)));
}

/** True when the countdown says betting is locked: `lockSeconds` or fewer seconds left. */
export function isLockedAt(secondsRemaining: number, lockSeconds: number = LOCK_SECONDS): boolean {
  return secondsRemaining <= lockSeconds;
}
