import { paiseToDecimalString, rupeesToNearestPaise } from '@app/domain';
import { currentLanguage, type Language } from './i18n/i18n';

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
 * Money in the player's language, with Intl: ₹ and Indian grouping (lakh, crore) in both en-IN and hi-IN,
 * '₹1,00,000.00'. Hindi keeps Latin digits (`numberingSystem: 'latn'`): Indian payment apps, bank SMS and UPI
 * receipts show Latin digits, and a player compares these figures with them.
 */
const moneyFormats = new Map<Language, Intl.NumberFormat>();
function moneyFormat(): Intl.NumberFormat {
  const language = currentLanguage();
  let format = moneyFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      numberingSystem: 'latn',
    });
    moneyFormats.set(language, format);
  }
  return format;
}

/** Rupees as the player reads them: 100000 → '₹1,00,000.00', -75.6 → '-₹75.60'. */
export function formatRupees(rupees: number): string {
  return moneyFormat().format(rupees === 0 ? 0 : rupees);
}

/** Integer paise as rupees, exactly (the decimal text is formatted, never a rounded double): 7560 → '₹75.60'. */
export function formatPaise(paise: number | bigint): string {
  return moneyFormat().format(paiseToDecimalString(paise) as `${number}`);
}

/** Paise without the paise when they are zero, for amounts in a sentence: 1000000 → '₹10,000', 7560 → '₹75.60'. */
export function formatPaiseShort(paise: number | bigint): string {
  return formatPaise(paise).replace(/\.00$/, '');
}

/** A plain number with Indian grouping in the player's language: 1234567 → '12,34,567'. */
export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  return new Intl.NumberFormat(currentLanguage(), { ...options, numberingSystem: 'latn' }).format(value);
}
