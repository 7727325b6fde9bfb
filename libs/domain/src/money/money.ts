/**
 * Money is integer paise (1 rupee = 100 paise) everywhere inside the system. Rupee numbers exist only at the
 * boundary: the public API and the forms keep the spec's rupee numbers, and convert here, once.
 */

export const PAISE_PER_RUPEE = 100;

/** True when `paise` is a whole number of paise that a JavaScript number holds exactly. */
export function isPaise(paise: unknown): paise is number {
  return typeof paise === 'number' && Number.isSafeInteger(paise);
}

/** Throws a RangeError unless `paise` is a safe integer. Returns it unchanged, for use in expressions. */
export function assertPaise(paise: number, what = 'amount'): number {
  if (!isPaise(paise)) {
    throw new RangeError(`${what} must be a whole number of paise, got ${String(paise)}`);
  }
  return paise;
}

/**
 * True when `rupees` is a finite rupee number with at most 2 decimals whose paise value is a safe integer.
 * A number "has at most 2 decimals" when it is the double closest to some decimal with 2 places, e.g. 0.29
 * (stored as 0.28999999999999998…) qualifies and 1.005 does not.
 */
export function isRupeeAmount(rupees: unknown): rupees is number {
  if (typeof rupees !== 'number' || !Number.isFinite(rupees)) return false;
  const paise = Math.round(rupees * PAISE_PER_RUPEE);
  return Number.isSafeInteger(paise) && paise / PAISE_PER_RUPEE === rupees;
}

/**
 * Converts a rupee number (at most 2 decimals) to integer paise, exactly: 75.6 → 7560, 0.29 → 29.
 * Throws a RangeError for NaN, ±Infinity, more than 2 decimals (1.005) or amounts beyond safe integers.
 */
export function rupeesToPaise(rupees: number): number {
  if (!isRupeeAmount(rupees)) {
    throw new RangeError(`Not a rupee amount with at most 2 decimals: ${String(rupees)}`);
  }
  const paise = Math.round(rupees * PAISE_PER_RUPEE);
  return paise === 0 ? 0 : paise; // never -0
}

/** Converts integer paise to a rupee number (the closest double): 7560 → 75.6. Throws unless paise is a safe integer. */
export function paiseToRupees(paise: number): number {
  assertPaise(paise);
  const rupees = paise / PAISE_PER_RUPEE;
  return rupees === 0 ? 0 : rupees;
}

/**
 * Integer paise of a rupee figure that may carry float noise (a rupee number read off the wire, or a typed amount
 * multiplied out): rounded to the nearest paisa, halves away from zero as Math.round does for positives,
 * e.g. 1250.5 → 125050, 0.1 + 0.2 → 30. Use rupeesToPaise where more than 2 decimals must be refused.
 * Throws a RangeError for NaN, ±Infinity or amounts beyond safe integers.
 */
export function rupeesToNearestPaise(rupees: number): number {
  const paise = typeof rupees === 'number' && Number.isFinite(rupees) ? Math.round(rupees * PAISE_PER_RUPEE) : NaN;
  if (!Number.isSafeInteger(paise)) throw new RangeError(`Not a rupee amount: ${String(rupees)}`);
  return paise === 0 ? 0 : paise; // never -0
}

/**
 * The exact decimal text of a paise amount in rupees, e.g. 7560 → '75.60', -5 → '-0.05'. A bigint is exact at any
 * size (sums of many amounts, see exactPaise): 9007199254740993n → '90071992547409.93'.
 */
export function paiseToDecimalString(paise: number | bigint): string {
  const exact = typeof paise === 'bigint' ? paise : BigInt(assertPaise(paise));
  const negative = exact < 0n;
  const abs = negative ? -exact : exact;
  const whole = abs / 100n;
  const fraction = abs % 100n;
  return `${negative ? '-' : ''}${whole}.${String(fraction).padStart(2, '0')}`;
}

const WHOLE_NUMBER = /^-?\d+$/;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * Exact paise of a figure as Postgres returns it: a sum of bigint paise is `numeric`, read as decimal text, and
 * can pass 2^53, where a JavaScript number would round without a word. Keep such figures as bigint and convert
 * once, at the boundary (`exactPaiseToNumber`, or `paiseToDecimalString` for an exact text).
 * Accepts whole-number text ('-123'), a bigint, or a safe integer; throws a RangeError for anything else.
 */
export function exactPaise(value: string | number | bigint): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') return BigInt(assertPaise(value));
  if (typeof value !== 'string' || !WHOLE_NUMBER.test(value))
    throw new RangeError(`Not a whole number of paise: ${String(value)}`);
  return BigInt(value);
}

/**
 * The one conversion of an exact paise figure to a number. Refuses (RangeError naming the figure) a value a
 * number cannot hold exactly, rather than rounding it.
 */
export function exactPaiseToNumber(paise: bigint, what = 'amount'): number {
  if (paise > MAX_SAFE || paise < -MAX_SAFE) {
    throw new RangeError(`${what} of ${paise} paise is beyond 2^53 and cannot be held exactly as a number`);
  }
  return Number(paise);
}

/**
 * Indian grouping of a whole number's digits, as en-IN writes it: the last three, then pairs (lakh, crore):
 * '10000000' → '1,00,00,000'.
 */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  const pairs = head.length % 2 ? [head.slice(0, 1)] : [];
  for (let at = head.length % 2; at < head.length; at += 2) pairs.push(head.slice(at, at + 2));
  return `${pairs.join(',')},${digits.slice(-3)}`;
}

const DECIMAL_TEXT = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/**
 * An exact decimal text with at most two decimals as the spec shows money (what `Intl.NumberFormat('en-IN', INR,
 * 2 decimals)` writes, made here from the text's digits): '-1234567.5' → '-₹12,34,567.50'. Zero has no sign. Written
 * without Intl: a browser's first currency formatter loads the locale's data (tens of milliseconds on a phone, spent
 * before the first screen by the texts made when the modules load), and digits are exact at any size.
 */
function formatDecimalText(text: string): string {
  const [, minus, whole, fraction = ''] = DECIMAL_TEXT.exec(text)!;
  const digits = whole.replace(/^0+(?=\d)/, '');
  const cents = fraction.padEnd(2, '0');
  const zero = digits === '0' && cents === '00';
  return `${minus && !zero ? '-' : ''}₹${groupIndian(digits)}.${cents}`;
}

/** Displays a rupee number the spec's way (en-IN, INR, 2 decimals): 100000 → '₹1,00,000.00', -75.6 → '-₹75.60'. */
export function formatRupees(rupees: number): string {
  if (!Number.isFinite(rupees) || Math.abs(rupees) >= 1e21) return `₹${String(rupees)}`;
  // As Intl: the number's shortest decimal text (1.005, not the double's 1.00499…), rounded half away from zero.
  const shortest = String(Math.abs(rupees));
  if (shortest.includes('e')) return formatRupees(0); // below 1e-6: nothing to show
  const [whole, fraction = ''] = shortest.split('.');
  let paise = BigInt(`${whole}${fraction.slice(0, 2).padEnd(2, '0')}`);
  if (fraction.length > 2 && fraction[2] >= '5') paise += 1n;
  return formatDecimalText(paiseToDecimalString(rupees < 0 ? -paise : paise));
}

/**
 * Amounts formatted lately, by paise (formatting is a few microseconds each, and a round's results say the same few
 * stakes and wins a hundred thousand times). Bounded: cleared when full.
 */
const formattedPaise = new Map<number | bigint, string>();
const FORMATTED_PAISE_KEPT = 4096;

/**
 * Displays integer paise as rupees: 7560 → '₹75.60'. The exact decimal string is formatted, never a double, so even
 * very large balances show the right paise.
 */
export function formatPaise(paise: number | bigint): string {
  let text = formattedPaise.get(paise);
  if (text === undefined) {
    text = formatDecimalText(paiseToDecimalString(paise));
    if (formattedPaise.size >= FORMATTED_PAISE_KEPT) formattedPaise.clear();
    formattedPaise.set(paise, text);
  }
  return text;
}

/**
 * Displays integer paise as rupees without the paise when they are zero, for limits quoted in a sentence:
 * 1000000 → '₹10,000', 7560 → '₹75.60'.
 */
export function formatPaiseShort(paise: number | bigint): string {
  return formatPaise(paise).replace(/\.00$/, '');
}

const RUPEE_TEXT = /^-?\d+(\.\d{1,2})?$/;

/**
 * Displays an exact rupee text (as the admin dashboard sends its totals, e.g. '90071992547409.93') the spec's way,
 * without going through a double: '₹90,07,19,92,54,74,09.93'. Anything that is not such a text shows as ₹0.00.
 */
export function formatRupeeText(rupees: string): string {
  return formatDecimalText(RUPEE_TEXT.test(rupees) ? rupees : '0');
}

/**
 * Rounds a non-negative ratio numerator/denominator of safe integers to the nearest integer, halves up.
 * Used for GST and shares so that no float ever touches money.
 */
export function divideRoundHalfUp(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator <= 0 || numerator < 0) {
    throw new RangeError(`divideRoundHalfUp needs a safe non-negative numerator and a positive denominator`);
  }
  let quotient = Math.floor(numerator / denominator);
  let remainder = numerator - quotient * denominator;
  // The float division can be one off for numerators near 2^53; correct it so the remainder is in [0, denominator).
  if (remainder < 0) {
    quotient -= 1;
    remainder += denominator;
  } else if (remainder >= denominator) {
    quotient += 1;
    remainder -= denominator;
  }
  return remainder * 2 >= denominator ? quotient + 1 : quotient;
}
