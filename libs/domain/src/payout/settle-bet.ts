import type { GameKey } from '../games/games.js';
import type { RoundResult } from '../games/outcome.js';
import { isWinningBet, systemSelectedValue } from '../games/outcome.js';
import type { PayoutOptions } from './payout.js';
import { winBreakdown } from './payout.js';

export interface SettleableBet {
  readonly betType: GameKey;
  readonly betValue: string;
  /** Stake in paise. */
  readonly amount: number;
}

export interface BetSettlement {
  readonly isWin: boolean;
  /** stake × payout for a win, else 0 (paise) */
  readonly gross: number;
  /** GST withheld from the winnings, else 0 (paise) */
  readonly gst: number;
  /** Credited to the main balance: gross − GST for a win, 0 for a loss (paise) */
  readonly net: number;
  /** What the draw selected for this game: the colour, 'big'/'small' or the digit as a string */
  readonly systemSelectedValue: string;
}

/** Settles one bet against a drawn result. A losing bet credits nothing (its stake was taken when placed). */
export function settleBet(bet: SettleableBet, result: RoundResult, options: PayoutOptions = {}): BetSettlement {
  const selected = systemSelectedValue(bet.betType, result);
  if (!isWinningBet(bet.betType, bet.betValue, result)) {
    return { isWin: false, gross: 0, gst: 0, net: 0, systemSelectedValue: selected };
  }
  const { gross, gst, net } = winBreakdown(bet.amount, bet.betType, options);
  return { isWin: true, gross, gst, net, systemSelectedValue: selected };
}
