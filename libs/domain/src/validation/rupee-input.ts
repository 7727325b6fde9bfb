import { isRupeeAmount } from '../money/money.js';

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/**
 * A rupee amount as typed in a form or sent in a request body (number or numeric text) → the rupee number, or
 * null when empty, not a plain decimal number, or finer than a paisa ('100', ' 75.60 ', 500 → numbers;
 * '', '1e3', '12.345', '₹5', NaN → null).
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
  return isRupeeAmount(value) ? value : null;
}
