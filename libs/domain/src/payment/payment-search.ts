import { PAISE_PER_RUPEE } from '../money/money.js';
import { parseRupeeInput } from '../validation/rupee-input.js';
import { isUuid } from '../validation/uuid.js';
import { UTR_MAX_LENGTH, UTR_MIN_LENGTH } from '../constants/limits.js';

/** The longest text the payments desk's search box takes. */
export const PAYMENT_SEARCH_MAX_LENGTH = 100;
/** Most entries one page of the payments desk's lists holds (and what a list without `limit` returns). */
export const PAYMENT_PAGE_MAX = 500;

export const PAYMENT_SEARCH_MESSAGES = {
  tooLong: `Search must be at most ${PAYMENT_SEARCH_MAX_LENGTH} characters.`,
  invalid: 'Search must be one line of text: a UTR, a player, a transaction id or an amount.',
  limit: `limit must be a whole number from 1 to ${PAYMENT_PAGE_MAX}.`,
  offset: 'offset must be a whole number, 0 or more.',
} as const;

/**
 * What one search text can be, each read the way it is stored: a UTR (spaces and dashes dropped, upper-cased), a
 * transaction id (upper-cased), a player's or transaction's id (a UUID), the start of a username or e-mail
 * (lower-case), an exact amount in rupees ('1500', '₹1,500.50'). A list entry matches when any one of them does.
 */
export interface PaymentSearch {
  /** The start of a username or e-mail, lower-case. */
  prefix: string;
  /** A UTR or bank reference as stored, or null when the text cannot be one. */
  utr: string | null;
  /** A transaction id as stored (upper-case letters and digits), or null. */
  transactionId: string | null;
  /** A UUID (lower-case): a player's id or a transaction's row id, or null. */
  id: string | null;
  /** An exact amount in paise, or null when the text is no rupee amount above zero. */
  amountPaise: number | null;
}

/** A line break, tab or other control character (U+0000–U+001F, U+007F): a search is one line of text. */
const hasControl = (text: string) => [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
const REFERENCE = new RegExp(`^[A-Z0-9]{${UTR_MIN_LENGTH},${UTR_MAX_LENGTH}}$`);
const TRANSACTION_ID = /^[A-Z0-9]{4,40}$/;

/** '₹1,500.50', 'Rs 1500', '1500' → 150050 / 150000 paise; null when the text is not an amount above zero. */
function amountOf(text: string): number | null {
  const bare = text.replace(/^(₹|rs\.?|inr)\s*/i, '').replace(/,/g, '');
  const rupees = parseRupeeInput(bare);
  if (rupees === null || rupees <= 0) return null;
  const paise = Math.round(rupees * PAISE_PER_RUPEE);
  return Number.isSafeInteger(paise) ? paise : null;
}

/**
 * The payments desk's search box (`q` of the admin lists): absent or blank → no search; otherwise one line of at
 * most PAYMENT_SEARCH_MAX_LENGTH characters, read every way it can be (PaymentSearch). Anything else (a list of
 * values, a line break or other control character, a longer text) is refused with the message to show.
 */
export function parsePaymentSearch(
  q: unknown,
): { ok: true; value: PaymentSearch | null } | { ok: false; error: string } {
  if (q === undefined || q === null) return { ok: true, value: null };
  if (typeof q !== 'string' || hasControl(q)) return { ok: false, error: PAYMENT_SEARCH_MESSAGES.invalid };
  const text = q.trim();
  if (text.length > PAYMENT_SEARCH_MAX_LENGTH) return { ok: false, error: PAYMENT_SEARCH_MESSAGES.tooLong };
  if (text === '') return { ok: true, value: null };
  const reference = text.replace(/[\s-]/g, '').toUpperCase();
  const upper = text.toUpperCase();
  return {
    ok: true,
    value: {
      prefix: text.toLowerCase(),
      utr: REFERENCE.test(reference) ? reference : null,
      transactionId: TRANSACTION_ID.test(upper) ? upper : null,
      id: isUuid(text) ? text.toLowerCase() : null,
      amountPaise: amountOf(text),
    },
  };
}

/**
 * `limit` and `offset` of an admin list: absent → the first PAYMENT_PAGE_MAX entries; otherwise whole numbers
 * (limit 1–PAYMENT_PAGE_MAX, offset 0 or more), refused with the message to show.
 */
export function parsePaymentPage(
  limit: unknown,
  offset: unknown,
): { ok: true; value: { limit: number; offset: number } } | { ok: false; error: string } {
  const whole = (value: unknown, fallback: number): number | null => {
    if (value === undefined || value === '') return fallback;
    if (typeof value !== 'string' || !/^\d{1,9}$/.test(value.trim())) return null;
    return Number(value.trim());
  };
  const l = whole(limit, PAYMENT_PAGE_MAX);
  if (l === null || l < 1 || l > PAYMENT_PAGE_MAX) return { ok: false, error: PAYMENT_SEARCH_MESSAGES.limit };
  const o = whole(offset, 0);
  if (o === null) return { ok: false, error: PAYMENT_SEARCH_MESSAGES.offset };
  return { ok: true, value: { limit: l, offset: o } };
}
