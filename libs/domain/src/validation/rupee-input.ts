import { isRupeeAmount } from '../money/money.js';

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/**
 * A rupee amount as typed in a form or sent in a request body (number or numeric text) → the rupee number, or
 * null when empty, not a plain decimal number, negative zero, or finer than a paisa ('100', ' 75.60 ', 500 →
 * numbers; '', '1e3', '12.345', '₹5', '-0', NaN → null).
 */
export function parseRupeeInput(input: number | string | null | undefined): number | null {
  let value: number;
  if (typeof input === 'number') {
    value = input;
  } else if (typeof input === 'string') {
    const text = input.trim();
    if (!DECIMAL.test(text)) return null;
    value = Number(text);
  } else {
    return null;
  }
  return isRupeeAmount(value) && !Object.is(value, -0) ? value : null;
}

/**
 * An amount field of a request body as the validators take it. The API's amounts are JSON numbers (SPEC §3:
 * "amount (number)"): a number passes through, an absent field (undefined or null) stays absent, and anything else
 * (numeric text, a boolean, an object) becomes NaN, which no amount rule accepts. Non-finite numbers (1e309 parses
 * as Infinity), negative zero and more than 2 decimals are refused by `parseRupeeInput` itself.
 */
export function requestAmount(value: unknown): number | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === 'number' ? value : Number.NaN;
}
