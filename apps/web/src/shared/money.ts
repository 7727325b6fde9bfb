import { rupeesToNearestPaise } from '@app/domain';
import { currentLanguage } from './i18n/i18n';

/**
 * The client's one boundary from the wire's rupee figures to the store's integer paise. The server sends rupee
 * numbers made from paise (at most 2 decimals); a figure finer than a paisa is rounded to the nearest (the domain's
 * `rupeesToNearestPaise`) rather than refused, and one that is not an amount at all counts as nothing, so a
 * malformed message never breaks a screen.
 */
export function wirePaise(rupees: number): number {
  try {
    return rupeesToNearestPaise(rupees);
  } catch {
    return 0;
  }
}

/**
 * Money in the player's language: ₹ and Indian grouping (lakh, crore) with Latin digits, '₹1,00,000.00', which is
 * what Intl writes in both en-IN and hi-IN (`numberingSystem: 'latn'`: Indian payment apps, bank SMS and UPI receipts
 * show Latin digits, and a player compares these figures with them; language.test.tsx holds each language to Intl).
 * The domain's formatters, not Intl's: a browser's first currency formatter loads the locale's data, tens of
 * milliseconds on a phone, in the middle of the game's first render. `formatPaise` formats the exact decimal text
 * (7560 → '₹75.60', never a rounded double); `formatPaiseShort` leaves out zero paise for amounts in a sentence
 * (1000000 → '₹10,000').
 */
export { formatPaise, formatPaiseShort, formatRupees } from '@app/domain';

/** A plain number with Indian grouping in the player's language: 1234567 → '12,34,567'. */
export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  return new Intl.NumberFormat(currentLanguage(), { ...options, numberingSystem: 'latn' }).format(value);
}
