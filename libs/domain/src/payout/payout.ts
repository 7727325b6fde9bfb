import { GST_BPS } from '../constants/limits.js';
import type { GameKey } from '../games/games.js';
import { bpsToPercent, isBasisPoints, rateToBps, shareOfPaise } from '../money/basis-points.js';
import { assertPaise, divideRoundHalfUp } from '../money/money.js';
import { DEFAULT_PAYOUTS, isValidPayout, payoutOf, type PayoutTable } from './payout-table.js';

/** Options of every payout calculation; both default to the spec (DEFAULT_PAYOUTS, GST 18 % = 1800 bp). */
export interface PayoutOptions {
  readonly payouts?: PayoutTable;
  /** GST on winnings above the stake, in basis points (1800 = 18 %). */
  readonly gstBps?: number;
}

/** A winning bet's money, in paise. */
export interface WinBreakdown {
  /** stake × payout */
  readonly gross: number;
  /** GST on (gross − stake), rounded to the paisa, halves up */
  readonly gst: number;
  /** gross − GST: what is credited to the main balance (the bet's winAmount) */
  readonly net: number;
}

/** True when `bps` is a whole number of basis points from 0 to 10000 (0 % to 100 %). */
export function isValidGstBps(bps: unknown): bps is number {
  return isBasisPoints(bps);
}

/** A rate in basis points as the percentage texts quote: 1800 → 18, 1850 → 18.5. */
export function gstBpsToPercent(bps: number): number {
  if (!isValidGstBps(bps)) throw new RangeError(`GST must be whole basis points from 0 to 10000, got ${String(bps)}`);
  return bpsToPercent(bps);
}

/**
 * Converts a configured rate such as 0.18 (env GST_RATE) to basis points (1800). Throws a RangeError when the rate
 * is outside 0..1 or finer than a basis point.
 */
export function gstRateToBps(rate: number): number {
  return rateToBps(rate, 'GST rate');
}

/** stake × payout in paise (rounded half up if a payout with decimals leaves a fraction of a paisa). */
export function grossWin(stakePaise: number, payout: number): number {
  assertPaise(stakePaise, 'stake');
  if (stakePaise < 0) throw new RangeError('stake must not be negative');
  if (!isValidPayout(payout)) throw new RangeError(`invalid payout ${String(payout)}`);
  return divideRoundHalfUp(stakePaise * Math.round(payout * 100), 100);
}

/** GST on the winnings above the stake: gstBps/10000 × (gross − stake), to the nearest paisa, halves up. */
export function gstOnWinnings(grossPaise: number, stakePaise: number, gstBps: number = GST_BPS): number {
  assertPaise(grossPaise, 'gross');
  assertPaise(stakePaise, 'stake');
  if (!isValidGstBps(gstBps)) throw new RangeError(`invalid GST basis points ${String(gstBps)}`);
  const winnings = grossPaise - stakePaise;
  if (winnings <= 0) return 0;
  return shareOfPaise(winnings, gstBps);
}

/** Gross, GST and net credited for a winning stake on a choice of a game (at its payout in `options.payouts`). */
export function winBreakdown(
  stakePaise: number,
  gameKey: GameKey,
  choice: string,
  options: PayoutOptions = {},
): WinBreakdown {
  return winBreakdownAt(stakePaise, payoutOf(options.payouts ?? DEFAULT_PAYOUTS, gameKey, choice), options.gstBps);
}

/** Gross, GST and net credited for a winning stake at a given payout (e.g. the one recorded with the bet). */
export function winBreakdownAt(stakePaise: number, payout: number, gstBps: number = GST_BPS): WinBreakdown {
  const gross = grossWin(stakePaise, payout);
  const gst = gstOnWinnings(gross, stakePaise, gstBps);
  return { gross, gst, net: gross - gst };
}

/** Stake × the choice's payout, in paise (before GST, as the spec says "the displayed win is stake times payout"). */
export function potentialWin(
  stakePaise: number,
  gameKey: GameKey,
  choice: string,
  payouts: PayoutTable = DEFAULT_PAYOUTS,
): number {
  return grossWin(stakePaise, payoutOf(payouts, gameKey, choice));
}
