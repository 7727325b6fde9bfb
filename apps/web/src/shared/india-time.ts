import { currentLanguage, type Language } from './i18n/i18n';

/**
 * Every date and time the app shows is India time, whatever zone the device is set to: period ids count IST days
 * (a period's number starts with its IST date), and the wallet, the bet history, the result popup, the profile and
 * the admin console must agree with each other and with the periods they name.
 */
export const INDIA_TIME_ZONE = 'Asia/Kolkata';

/** An en-IN formatter in India time (the admin console, which stays in English). */
export function indiaTimeFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-IN', { ...options, timeZone: INDIA_TIME_ZONE });
}

/** The formatting a player's screen needs of a formatter. */
export type LocalTimeFormat = Pick<Intl.DateTimeFormat, 'format' | 'formatToParts' | 'resolvedOptions'>;

/**
 * A formatter in India time in the player's chosen language (en-IN or hi-IN), chosen at each call: a formatter made
 * once at a module's top still follows a switch of language. Digits stay Latin in Hindi (`numberingSystem: 'latn'`),
 * as Indian payment apps and bank messages show them.
 */
export function playerTimeFormat(options: Intl.DateTimeFormatOptions): LocalTimeFormat {
  const made = new Map<Language, Intl.DateTimeFormat>();
  const current = () => {
    const language = currentLanguage();
    let format = made.get(language);
    if (!format) {
      format = new Intl.DateTimeFormat(language, { ...options, timeZone: INDIA_TIME_ZONE, numberingSystem: 'latn' });
      made.set(language, format);
    }
    return format;
  };
  return {
    format: (date) => current().format(date),
    formatToParts: (date) => current().formatToParts(date),
    resolvedOptions: () => current().resolvedOptions(),
  };
}
