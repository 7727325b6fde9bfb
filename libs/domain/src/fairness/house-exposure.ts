import { GAMES, type GameKey } from '../games/games.js';
import { isWinningBet, resultFromDigit } from '../games/outcome.js';

/**
 * The house's exposure, published so that anyone can see it does not steer results (DESIGN §3). At the lock the
 * engine records, per choice of the period, the bets, the stakes and what the house would pay that choice's bets if
 * it won (the net credited, GST deducted, bet by bet). From those, what the house would pay for each of the ten
 * digits, and over many periods: how often the drawn digit was the cheapest for the house (10 % if results are not
 * steered) and the return to player realised per choice against the published one.
 */

/** One choice of a period: its bets, stakes and net pay-out if it wins (paise). */
export interface ChoiceTotal {
  readonly game: GameKey;
  readonly choice: string;
  readonly bets: number;
  readonly stakes: number;
  /** What the house credits this choice's bets when it wins (gross − GST, per bet). */
  readonly pays: number;
}

/** What the house would credit the period's winners for each digit 0–9 (paise). */
export function housePaysByDigit(choices: readonly ChoiceTotal[]): number[] {
  const pays = new Array<number>(10).fill(0);
  for (let digit = 0; digit < 10; digit++) {
    const result = resultFromDigit(digit);
    for (const c of choices) if (isWinningBet(c.game, c.choice, result)) pays[digit]! += c.pays;
  }
  return pays;
}

/** The digits on which the house would pay least (all ten when nothing was bet). */
export function cheapestDigits(paysByDigit: readonly number[]): number[] {
  const least = Math.min(...paysByDigit);
  return paysByDigit.flatMap((p, digit) => (p === least ? [digit] : []));
}

/**
 * The share of a period in "the drawn digit was the cheapest": 1/m when it is one of the m cheapest digits, else 0.
 * If results are not steered, each period's share has expectation 1/10 whatever its bets.
 */
export function cheapestShare(paysByDigit: readonly number[], drawn: number): number {
  const cheapest = cheapestDigits(paysByDigit);
  return cheapest.includes(drawn) ? 1 / cheapest.length : 0;
}

/** A mean with its 95 % confidence interval (normal approximation). */
export interface Estimate {
  readonly value: number;
  readonly low: number;
  readonly high: number;
  /** Periods (or bets) it is computed from. */
  readonly n: number;
}

const Z95 = 1.959964;

/**
 * How often the drawn digit was the cheapest for the house, over periods that had bets: the mean of the shares,
 * with a 95 % interval from their sample variance. Null without periods.
 */
export function cheapestRate(shares: readonly number[]): Estimate | null {
  const n = shares.length;
  if (n === 0) return null;
  const mean = shares.reduce((a, b) => a + b, 0) / n;
  const variance = n > 1 ? shares.reduce((a, s) => a + (s - mean) ** 2, 0) / (n - 1) : 0;
  const half = Z95 * Math.sqrt(variance / n);
  return { value: mean, low: Math.max(0, mean - half), high: Math.min(1, mean + half), n };
}

/** A choice's figures over many periods: stakes and credits (paise), and Σ over periods of (its stake in the period)². */
export interface ChoiceRecord {
  readonly game: GameKey;
  readonly choice: string;
  readonly periods: number;
  readonly stakes: number;
  readonly credited: number;
  /** Σ_i s_i² over periods i (s_i = stakes on the choice in period i), in paise². */
  readonly stakeSquares: number;
}

/** The realised return to player of a choice against the published one, with the band expected if results are fair. */
export interface ChoiceReturn {
  readonly game: GameKey;
  readonly choice: string;
  readonly periods: number;
  readonly stakes: number;
  readonly credited: number;
  /** credited / stakes, or null with no stakes. */
  readonly realised: number | null;
  /** The published net return to player (probability × net pay per unit won). */
  readonly expected: number;
  /** The 95 % band around `expected` that the realised return falls in if results are drawn fairly. */
  readonly low: number;
  readonly high: number;
  /** True when the realised return lies in the band (null without stakes). */
  readonly withinBand: boolean | null;
}

/**
 * The return to player per choice. Bets on one choice in one period win or lose together (one draw), so each period
 * is one trial: credited = Σ_i s_i × net × h_i with h_i ~ Bernoulli(p). Under fair draws its mean is p × net × Σ s_i
 * and its variance net² × p(1 − p) × Σ s_i²; the band is the mean ± 1.96 standard deviations, as a share of stakes.
 * `netPerUnit` is what a winning rupee is credited (gross − GST per rupee, e.g. 1.82 for big/small at 18 %).
 */
export function choiceReturn(record: ChoiceRecord, probability: number, netPerUnit: number): ChoiceReturn {
  const expected = probability * netPerUnit;
  const realised = record.stakes > 0 ? record.credited / record.stakes : null;
  const sd =
    record.stakes > 0
      ? (netPerUnit * Math.sqrt(probability * (1 - probability) * record.stakeSquares)) / record.stakes
      : 0;
  const low = Math.max(0, expected - Z95 * sd);
  const high = expected + Z95 * sd;
  return {
    game: record.game,
    choice: record.choice,
    periods: record.periods,
    stakes: record.stakes,
    credited: record.credited,
    realised,
    expected,
    low,
    high,
    withinBand: realised === null ? null : realised >= low - 1e-12 && realised <= high + 1e-12,
  };
}

/** Every choice of every game, in the games' order (what the statistics list). */
export function everyChoice(): { game: GameKey; choice: string }[] {
  return GAMES.flatMap((g) => g.choices.map((choice) => ({ game: g.key, choice })));
}
