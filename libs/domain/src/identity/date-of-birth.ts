import { isIstDateKey } from '../period/ist-day.js';

/**
 * Players are adults (the terms: "18+ only."; SPEC §9: minimum age 18). A date of birth is a calendar date
 * 'YYYY-MM-DD'; a player's age is counted on the IST calendar date (the product's day, whatever the device's zone).
 * Someone born on 29 February turns a year older on 1 March in a year without one (the date the 18th birthday
 * would be is not a calendar date, so the next day is). The database holds the same rule (migration 0022).
 */

/** The minimum age (years, on the IST date). */
export const MINIMUM_AGE = 18;
/** The earliest date of birth taken (a typing slip, not a person). */
export const EARLIEST_DATE_OF_BIRTH = '1900-01-01';

export const DATE_OF_BIRTH_MESSAGES = {
  /** The refusal of anyone younger than 18, in the terms' words ("18+ only."). */
  underAge: `You must be ${MINIMUM_AGE} or older to play.`,
  invalid: 'Please enter a valid date of birth.',
  required: 'Please enter your date of birth.',
  /** An account without one (registered before the field, or by an older client) gives it before its next deposit. */
  neededBeforeDeposit: 'Please add your date of birth (Profile → Identity) before your next deposit.',
  alreadyRecorded: 'Your date of birth is already recorded. Please contact support to correct it.',
  saved: 'Date of birth saved.',
} as const;

function parts(date: string): { year: number; month: number; day: number } {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

/**
 * Age in whole years on `today` (both 'YYYY-MM-DD'; `today` the IST date). The birthday of a 29 February birth in a
 * year without one is 1 March.
 */
export function ageOn(dateOfBirth: string, today: string): number {
  const born = parts(dateOfBirth);
  const now = parts(today);
  let age = now.year - born.year;
  const leapBirthday =
    born.month === 2 && born.day === 29 && !isIstDateKey(`${String(now.year).padStart(4, '0')}-02-29`);
  const birthday = leapBirthday ? { month: 3, day: 1 } : born;
  if (now.month < birthday.month || (now.month === birthday.month && now.day < birthday.day)) age -= 1;
  return age;
}

/** Whether someone born on `dateOfBirth` is at least 18 on `today` (the IST date). */
export function isAdultOn(dateOfBirth: string, today: string): boolean {
  return ageOn(dateOfBirth, today) >= MINIMUM_AGE;
}

/**
 * A date of birth as typed or sent: the message for the field, or null when it is a real date from 1900 up to
 * `today` of someone at least 18 on `today` (the IST date). Leading and trailing spaces are ignored.
 */
export function dateOfBirthError(value: unknown, today: string): string | null {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
    return DATE_OF_BIRTH_MESSAGES.required;
  if (typeof value !== 'string') return DATE_OF_BIRTH_MESSAGES.invalid;
  const date = value.trim();
  if (!isIstDateKey(date) || date < EARLIEST_DATE_OF_BIRTH || date > today) return DATE_OF_BIRTH_MESSAGES.invalid;
  if (!isAdultOn(date, today)) return DATE_OF_BIRTH_MESSAGES.underAge;
  return null;
}

/** The latest date of birth of someone 18 on `today` (the date input's `max`). */
export function latestAdultBirthDate(today: string): string {
  const { year, month, day } = parts(today);
  const candidate = `${String(year - MINIMUM_AGE).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  // 29 February of a year whose 18th year before has none: the 28th is the latest adult birthday.
  return isIstDateKey(candidate) ? candidate : `${String(year - MINIMUM_AGE).padStart(4, '0')}-02-28`;
}
