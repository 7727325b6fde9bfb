import type { GameKey } from '../games/games.js';
import { GAME_KEYS, GAMES, GAMES_BY_KEY, isValidChoice } from '../games/games.js';
import { winningDigits } from '../games/outcome.js';

/**
 * The payout of every choice of every game: gross win = stake × payout. Choices as the bets name them: the colours
 * red, green, violet; big and small; the digits '0'..'9'.
 */
export type PayoutTable = Readonly<{ [K in GameKey]: Readonly<Record<string, number>> }>;

/** Payouts are multipliers ≥ 1 with at most 2 decimals (so stake × payout stays exact in paise). */
export function isValidPayout(payout: unknown): payout is number {
  return (
    typeof payout === 'number' &&
    Number.isFinite(payout) &&
    payout >= 1 &&
    payout <= 10_000 &&
    Math.round(payout * 100) / 100 === payout
  );
}

/** A table where every choice of a game pays the same: `{ color: 2, bigSmall: 2, number: 9 }` → per choice. */
export function uniformPayouts(perGame: Readonly<Record<GameKey, number>>): PayoutTable {
  const table = {} as Record<GameKey, Record<string, number>>;
  for (const game of GAMES) table[game.key] = Object.fromEntries(game.choices.map((c) => [c, perGame[game.key]]));
  return table;
}

/** The spec's payouts: colour x2 (red, green and violet alike), big/small x2, number x9. */
export const DEFAULT_PAYOUTS: PayoutTable = uniformPayouts({ color: 2, bigSmall: 2, number: 9 });

/** The payout of one choice. Throws a RangeError for a choice the game does not have or a table without it. */
export function payoutOf(payouts: PayoutTable, gameKey: GameKey, choice: string): number {
  const payout = isValidChoice(gameKey, choice) ? payouts[gameKey]?.[choice] : undefined;
  if (payout === undefined) throw new RangeError(`No payout for ${gameKey} ${JSON.stringify(choice)}`);
  return payout;
}

/**
 * The most a choice may pay: the multiplier at which it gives back, on average, exactly what is staked on it
 * (10 ÷ its winning digits: red and green 2.5, violet 5, big and small 2, a digit 10). Above it the house pays out
 * more than it takes on that choice, round after round.
 */
export function maxPayout(gameKey: GameKey, choice: string): number {
  return 10 / winningDigits(gameKey, choice).length;
}

/** Every choice of every game, with its game: [['color', 'red'], …, ['number', '9']]. */
function allChoices(): Array<[GameKey, string]> {
  return GAMES.flatMap((game) => game.choices.map((choice): [GameKey, string] => [game.key, choice]));
}

/** Why one payout is refused, or null when it may be configured. */
function payoutProblem(gameKey: GameKey, choice: string, payout: unknown): string | null {
  if (
    typeof payout !== 'number' ||
    !Number.isFinite(payout) ||
    payout < 1 ||
    Math.round(payout * 100) / 100 !== payout
  ) {
    return `must be a number of at least 1 with at most 2 decimals, got ${String(payout)}`;
  }
  const digits = winningDigits(gameKey, choice).length;
  // In hundredths, so 2.5 × 4 compares exactly: the choice gives back at most what is staked on it.
  if (Math.round(payout * 100) * digits > 1000) {
    return `must be at most ${maxPayout(gameKey, choice)} (it wins ${digits} round${digits === 1 ? '' : 's'} in 10: above that it pays back more than is staked on it), got ${payout}`;
  }
  return null;
}

/** The name a choice is configured by ('violet', 'big', '7'). */
function describe(gameKey: GameKey, choice: string): string {
  return gameKey === 'number' ? `digit ${choice}` : choice;
}

/**
 * Throws a RangeError naming the choice unless every choice of every game has a payout of at least 1 with at most 2
 * decimals that does not pay back more than is staked on it. Returns the table.
 */
export function assertPayoutTable(payouts: PayoutTable): PayoutTable {
  for (const [gameKey, choice] of allChoices()) {
    const problem = payoutProblem(gameKey, choice, payouts[gameKey]?.[choice]);
    if (problem) throw new RangeError(`the payout of ${describe(gameKey, choice)} ${problem}`);
  }
  return payouts;
}

/** The names PAYOUTS takes: every choice, and every game for all its choices. */
export const PAYOUT_KEYS: readonly string[] = [...GAME_KEYS, ...allChoices().map(([, choice]) => choice)];

/**
 * Reads a payout configuration such as `violet=4.5` or `number=8,7=9.5`: comma-separated `name=multiplier` pairs,
 * where a name is a choice (red, green, violet, big, small, 0..9) or a game (color, bigSmall, number: all its
 * choices). A choice's own entry wins over its game's, whatever the order; what is not named keeps the spec's payout.
 * Empty or absent: the spec's table. Throws a RangeError saying what is wrong: a pair that is not `name=multiplier`, an
 * unknown name, a name given twice, a multiplier below 1 or with more than 2 decimals, or one that would pay back more
 * than is staked on the choice (`maxPayout`).
 */
export function parsePayouts(text: string | undefined, defaults: PayoutTable = DEFAULT_PAYOUTS): PayoutTable {
  const games = new Map<GameKey, number>();
  const choices = new Map<string, number>();
  for (const raw of (text ?? '').split(',')) {
    const entry = raw.trim();
    if (entry === '') continue;
    const match = /^([A-Za-z0-9]+)\s*=\s*(\S+)$/.exec(entry);
    if (!match) throw new RangeError(`"${entry}" is not name=multiplier (e.g. violet=4.5)`);
    const [, name, value] = match as unknown as [string, string, string];
    if (!PAYOUT_KEYS.includes(name)) {
      throw new RangeError(
        `"${name}" is not a choice nor a game; names are red, green, violet, big, small, 0 to 9, or color, bigSmall, number for all of a game's choices`,
      );
    }
    if (games.has(name as GameKey) || choices.has(name)) throw new RangeError(`${name} is given twice`);
    if (!/^\d+(\.\d{1,2})?$/.test(value) || Number(value) < 1) {
      throw new RangeError(`${name}=${value}: a multiplier is a number of at least 1 with at most 2 decimals`);
    }
    if ((GAME_KEYS as readonly string[]).includes(name)) games.set(name as GameKey, Number(value));
    else choices.set(name, Number(value));
  }
  const table = {} as Record<GameKey, Record<string, number>>;
  for (const game of GAMES) {
    table[game.key] = Object.fromEntries(
      game.choices.map((choice) => [choice, choices.get(choice) ?? games.get(game.key) ?? defaults[game.key][choice]!]),
    );
  }
  return assertPayoutTable(table);
}

/** The table as PAYOUTS writes it, choice by choice, only where it differs from the spec (empty: the spec's). */
export function formatPayouts(payouts: PayoutTable): string {
  return allChoices()
    .filter(([game, choice]) => payouts[game][choice] !== DEFAULT_PAYOUTS[game][choice])
    .map(([game, choice]) => `${choice}=${payouts[game][choice]}`)
    .join(',');
}

/**
 * A payout table as a server sent it, or null when it is not one: a complete per-choice table, or (from a server
 * before payouts per choice) one multiplier per game, which every choice of the game pays.
 */
export function payoutTableFrom(value: unknown): PayoutTable | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  if (GAME_KEYS.every((key) => isValidPayout(record[key]))) {
    return uniformPayouts(record as Record<GameKey, number>);
  }
  const complete = GAME_KEYS.every((key) => {
    const game = record[key];
    return (
      typeof game === 'object' &&
      game !== null &&
      GAMES_BY_KEY[key].choices.every((c) => isValidPayout((game as Record<string, unknown>)[c]))
    );
  });
  if (!complete) return null;
  const table = {} as Record<GameKey, Record<string, number>>;
  for (const game of GAMES) {
    const given = record[game.key] as Record<string, number>;
    table[game.key] = Object.fromEntries(game.choices.map((c) => [c, given[c]!]));
  }
  return table;
}
