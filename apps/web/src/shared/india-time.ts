/**
 * Every date and time the app shows is India time, whatever zone the device is set to: period ids count IST days
 * (a period's number starts with its IST date), and the wallet, the bet history, the result popup, the profile and
 * the admin console must agree with each other and with the periods they name.
 */
export const INDIA_TIME_ZONE = 'Asia/Kolkata';

/** An en-IN formatter in India time. */
export function indiaTimeFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-IN', { ...options, timeZone: INDIA_TIME_ZONE });
}
