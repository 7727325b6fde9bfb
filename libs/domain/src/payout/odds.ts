import { GST_BPS } from '../constants/limits.js';
import type { GameKey } from '../games/games.js';
import { GAMES_BY_KEY } from '../games/games.js';
import { winningDigits } from '../games/outcome.js';
import { BPS_PER_UNIT } from '../money/basis-points.js';
import type { PayoutOptions } from './payout.js';
import { DEFAULT_PAYOUTS, payoutOf } from './payout-table.js';

/** Odds of one choice, for the how-to-play and fairness pages. Fractions are numbers in 0..1 (0.8 = 80 %). */
export interface ChoiceOdds {
  readonly gameKey: GameKey;
  readonly choice: string;
  /** The digits (each drawn with probability 1/10) on which the choice wins. */
  readonly winningDigits: readonly number[];
  /** Chance to win: winning digits / 10. */
  readonly probability: number;
  readonly payout: number;
  /** Return to player before GST: probability × payout. */
  readonly rtpGross: number;
  /** Return to player after GST on winnings: probability × (payout − GST × (payout − 1)). */
  readonly rtpNet: number;
}

/**
 * Odds of a choice at its payout, e.g. ('bigSmall', 'big') → probability 0.5, RTP 100 % gross, 91 % net of 18 % GST;
 * ('color', 'violet') → one chance in five, 36.4 % net at ×2, 77.4 % at ×4.5.
 */
export function choiceOdds(gameKey: GameKey, choice: string, options: PayoutOptions = {}): ChoiceOdds {
  const payout = payoutOf(options.payouts ?? DEFAULT_PAYOUTS, gameKey, choice);
  const gstBps = options.gstBps ?? GST_BPS;
  const digits = winningDigits(gameKey, choice);
  const probability = digits.length / 10;
  // Per ₹1 staked on a win: payout gross, minus GST on (payout − 1). Computed in basis points, rounded once.
  const netPerUnitBps = payout * BPS_PER_UNIT - gstBps * (payout - 1);
  return {
    gameKey,
    choice,
    winningDigits: digits,
    probability,
    payout,
    rtpGross: (digits.length * payout) / 10,
    rtpNet: (digits.length * netPerUnitBps) / (10 * BPS_PER_UNIT),
  };
}

/** Odds of every choice of a game, in the game's choice order. */
export function gameOdds(gameKey: GameKey, options: PayoutOptions = {}): ChoiceOdds[] {
  return GAMES_BY_KEY[gameKey].choices.map((choice) => choiceOdds(gameKey, choice, options));
}
