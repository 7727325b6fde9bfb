import { assertPaise, divideRoundHalfUp } from './money.js';

/**
 * Rates (GST, the referral share) are whole basis points inside the system, so that no float touches money:
 * 1 bp = 0.01 %, a rate of 1 is 10,000 bp. Configuration gives them as fractions (GST_RATE=0.18) and texts as
 * percentages (18%); both convert here.
 */
export const BPS_PER_UNIT = 10_000;

/** True when `bps` is a whole number of basis points from 0 to 10,000 (0 % to 100 %). */
export function isBasisPoints(bps: unknown): bps is number {
  return typeof bps === 'number' && Number.isInteger(bps) && bps >= 0 && bps <= BPS_PER_UNIT;
}

/**
 * A fraction such as 0.18 as whole basis points (1800). Throws a RangeError, naming `what`, when the rate is
 * outside 0..1 or finer than a basis point (more than 4 decimals).
 */
export function rateToBps(rate: number, what = 'Rate'): number {
  const bps = Math.round(rate * BPS_PER_UNIT);
  if (!Number.isFinite(rate) || rate < 0 || rate > 1 || bps / BPS_PER_UNIT !== rate) {
    throw new RangeError(`${what} must be between 0 and 1 with at most 4 decimals, got ${String(rate)}`);
  }
  return bps;
}

/** Whole basis points as the fraction configuration writes: 1800 → 0.18. */
export function bpsToRate(bps: number): number {
  if (!isBasisPoints(bps)) throw new RangeError(`Not whole basis points from 0 to 10000: ${String(bps)}`);
  return bps / BPS_PER_UNIT;
}

/** Whole basis points as the percentage texts quote: 1800 → 18, 1850 → 18.5. */
export function bpsToPercent(bps: number): number {
  if (!isBasisPoints(bps)) throw new RangeError(`Not whole basis points from 0 to 10000: ${String(bps)}`);
  return bps / 100;
}

/** `bps` of an amount of paise, to the nearest paisa, halves up: (10,000 paise, 1800 bp) → 1800 paise. */
export function shareOfPaise(paise: number, bps: number): number {
  assertPaise(paise);
  if (paise < 0) throw new RangeError(`A share is taken of a non-negative amount, got ${String(paise)}`);
  if (!isBasisPoints(bps)) throw new RangeError(`Not whole basis points from 0 to 10000: ${String(bps)}`);
  return divideRoundHalfUp(paise * bps, BPS_PER_UNIT);
}
