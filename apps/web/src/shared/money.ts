import {
  formatPaise as formatDomainPaise,
  formatRupees as formatDomainRupees,
  rupeesToNearestPaise,
} from '@app/domain';
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
 * Written by the domain's formatter rather than by Intl: a browser's first currency formatter loads the locale's
 * data, tens of milliseconds on a phone, in the middle of the game's first render.
 */
export function formatRupees(rupees: number): string {
  return formatDomainRupees(rupees);
}

/** Integer paise as rupees, exactly (the decimal text is formatted, never a rounded double): 7560 → '₹75.60'. */
export function formatPaise(paise: number | bigint): string {
  return formatDomainPaise(paise);
}

/** Paise without the paise when they are zero, for amounts in a sentence: 1000000 → '₹10,000', 7560 → '₹75.60'. */
export function formatPaiseShort(paise: number | bigint): string {
  return formatPaise(paise).replace(/\.00$/, '');
}

/** A plain number with Indian grouping in the player's language: 1234567 → '12,34,567'. */
export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  return new Intl.NumberFormat(currentLanguage(), { ...options, numberingSystem: 'latn' }).format(value);
}
