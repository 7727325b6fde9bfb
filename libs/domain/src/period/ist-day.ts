/**
 * India Standard Time calendar days. IST is UTC+05:30 all year (no daylight saving), so plain arithmetic on epoch
 * milliseconds is exact; no time-zone database is needed.
 */

export const IST_OFFSET_MS = 5.5 * 60 * 60 * 1000; // 19,800,000
/** The same zone by its IANA name, for the database (`now() AT TIME ZONE …`). */
export const IST_TIME_ZONE = 'Asia/Kolkata';
export const DAY_MS = 24 * 60 * 60 * 1000;

const DATE_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

function assertInstant(ms: number): void {
  if (!Number.isFinite(ms)) throw new RangeError(`Not a time: ${String(ms)}`);
}

/** The IST calendar date of an instant as year, month (1..12) and day. */
export function istDateParts(ms: number): { year: number; month: number; day: number } {
  assertInstant(ms);
  const shifted = new Date(ms + IST_OFFSET_MS);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

/** The IST date of an instant as 'YYYY-MM-DD', e.g. 2026-11-20T18:30:00Z → '2026-11-21'. */
export function istDateKey(ms: number): string {
  const { year, month, day } = istDateParts(ms);
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** Epoch ms of IST midnight starting the given date; throws a RangeError for anything but a real 'YYYY-MM-DD'. */
export function istMidnightMs(year: number, month: number, day: number): number {
  const utcMidnight = Date.UTC(year, month - 1, day);
  const check = new Date(utcMidnight);
  if (
    !Number.isInteger(year) ||
    year < 1000 ||
    year > 9999 ||
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day
  ) {
    throw new RangeError(`Not a calendar date: ${year}-${month}-${day}`);
  }
  return utcMidnight - IST_OFFSET_MS;
}

/** True when `key` is a real calendar date written 'YYYY-MM-DD'. */
export function isIstDateKey(key: unknown): key is string {
  if (typeof key !== 'string') return false;
  const match = DATE_KEY.exec(key);
  if (!match) return false;
  try {
    istMidnightMs(Number(match[1]), Number(match[2]), Number(match[3]));
    return true;
  } catch {
    return false;
  }
}

/** Epoch ms of IST midnight at the start of 'YYYY-MM-DD' (inclusive bound). */
export function istDayStartMs(dateKey: string): number {
  const match = DATE_KEY.exec(dateKey);
  if (!match) throw new RangeError(`Expected a date 'YYYY-MM-DD', got '${dateKey}'`);
  return istMidnightMs(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** Epoch ms of the next IST midnight after 'YYYY-MM-DD' starts (exclusive bound: the day is [start, end)). */
export function istDayEndExclusiveMs(dateKey: string): number {
  return istDayStartMs(dateKey) + DAY_MS;
}

/** The IST calendar day containing an instant, as a half-open range (e.g. for the daily withdrawal limit). */
export function istDayRangeOf(ms: number): { fromMs: number; toMsExclusive: number } {
  const fromMs = istDayStartMs(istDateKey(ms));
  return { fromMs, toMsExclusive: fromMs + DAY_MS };
}

export interface DateRangeFilter {
  /** Inclusive lower bound (IST midnight of the from date), absent when no from date was given. */
  readonly fromMs?: number;
  /** Exclusive upper bound (IST midnight after the to date, so the to date counts to its end), or absent. */
  readonly toMsExclusive?: number;
}

/**
 * The admin date filter (SPEC §5): from is inclusive, to is inclusive up to the end of its day. Dates are
 * 'YYYY-MM-DD' in IST as an `<input type="date">` gives them; empty or missing means unbounded. Throws a
 * RangeError for a malformed date. A from after the to gives an empty range, as the filter reads.
 */
export function dateRangeFilter(from?: string | null, to?: string | null): DateRangeFilter {
  const filter: { fromMs?: number; toMsExclusive?: number } = {};
  const fromKey = from?.trim();
  const toKey = to?.trim();
  if (fromKey) filter.fromMs = istDayStartMs(fromKey);
  if (toKey) filter.toMsExclusive = istDayEndExclusiveMs(toKey);
  return filter;
}

/** True when an instant falls inside a date range filter. */
export function isInDateRange(ms: number, filter: DateRangeFilter): boolean {
  if (filter.fromMs !== undefined && ms < filter.fromMs) return false;
  if (filter.toMsExclusive !== undefined && ms >= filter.toMsExclusive) return false;
  return true;
}
