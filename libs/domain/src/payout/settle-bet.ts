import type { GameKey } from '../games/games.js';
import type { RoundResult } from '../games/outcome.js';
import { isWinningBet, systemSelectedValue } from '../games/outcome.js';
import type { PayoutOptions } from './payout.js';
import { DEFAULT_PAYOUTS, payoutOf } from './payout-table.js';
import { winBreakdownAt } from './payout.js';

export interface SettleableBet {
  readonly betType: GameKey;
  readonly betValue: string;
  /** Stake in paise. */
  readonly amount: number;
  /** Part of the stake paid from the bonus balance (paise; 0 when absent). */
  readonly fromBonus?: number;
  /**
   * The payout recorded with the bet when it was placed: it is paid whatever the table in force at settlement. Absent
   * (null for bets placed before payouts were recorded): the choice's payout in `options.payouts`.
   */
  readonly payout?: number | null;
}

export interface BetSettlement {
  readonly isWin: boolean;
  /** stake × payout for a win, else 0 (paise) */
  readonly gross: number;
  /** GST withheld from the winnings, else 0 (paise) */
  readonly gst: number;
  /** Credited: gross − GST for a win, 0 for a loss (paise) */
  readonly net: number;
  /**
   * Of `net`, what goes to the bonus balance: the win of the bonus-paid part of the stake (net × fromBonus / stake,
   * rounded half up). It stays play money until the bonus is played through; the rest goes to main.
   */
  readonly netToBonus: number;
  /** What the draw selected for this game: the colour, 'big'/'small' or the digit as a string */
  readonly systemSelectedValue: string;
}

/**
 * Settles one bet against a drawn result, at the payout recorded with it (else the table's). A losing bet credits
 * nothing (its stake was taken when placed).
 */
export function settleBet(bet: SettleableBet, result: RoundResult, options: PayoutOptions = {}): BetSettlement {
  const selected = systemSelectedValue(bet.betType, result);
  if (!isWinningBet(bet.betType, bet.betValue, result)) {
    return { isWin: false, gross: 0, gst: 0, net: 0, netToBonus: 0, systemSelectedValue: selected };
  }
  const payout = bet.payout ?? payoutOf(options.payouts ?? DEFAULT_PAYOUTS, bet.betType, bet.betValue);
  const { gross, gst, net } = winBreakdownAt(bet.amount, payout, options.gstBps);
  const fromBonus = bet.fromBonus ?? 0;
  const netToBonus = fromBonus > 0 ? shareHalfUp(net, fromBonus, bet.amount) : 0;
  return { isWin: true, gross, gst, net, netToBonus, systemSelectedValue: selected };
}

/** value × part / whole, half up, exactly (the product of two large paise amounts exceeds a double's integers). */
function shareHalfUp(value: number, part: number, whole: number): number {
  const [v, p, w] = [BigInt(value), BigInt(part), BigInt(whole)];
  return Number((2n * v * p + w) / (2n * w));
}
