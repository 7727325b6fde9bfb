/** The three fixed games (SPEC §3 "Game definitions"). */

export const GAME_KEYS = ['color', 'bigSmall', 'number'] as const;
export type GameKey = (typeof GAME_KEYS)[number];

export const COLORS = ['red', 'green', 'violet'] as const;
export type Color = (typeof COLORS)[number];

export const BIG_SMALL = ['big', 'small'] as const;
export type BigSmall = (typeof BIG_SMALL)[number];

export const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;
/** A digit choice of Pick a Number, as the string the player picks ('0'..'9'). */
export type DigitChoice = (typeof DIGITS)[number];

/** Any choice of any game. */
export type BetValue = Color | BigSmall | DigitChoice;

/** Display colours. */
export const COLOR_HEX: Readonly<Record<Color, string>> = {
  red: '#ef4444',
  green: '#22c55e',
  violet: '#a855f7',
};

export interface GameDefinition<K extends GameKey = GameKey> {
  readonly id: number;
  readonly key: K;
  readonly name: string;
  readonly description: string;
  readonly icon: string;
  readonly choices: readonly string[];
  /** Default payout multiplier: gross win = stake × payout. */
  readonly payout: number;
}

export const COLOR_GAME: GameDefinition<'color'> = {
  id: 1,
  key: 'color',
  name: 'Color Clash',
  description: 'Pick red, green or violet. Win 2x your stake.',
  icon: '🎨',
  choices: COLORS,
  payout: 2,
};

export const BIG_SMALL_GAME: GameDefinition<'bigSmall'> = {
  id: 2,
  key: 'bigSmall',
  name: 'Big or Small',
  description: 'Big is 5 to 9, small is 0 to 4. Win 2x your stake.',
  icon: '⚖️',
  choices: BIG_SMALL,
  payout: 2,
};

export const NUMBER_GAME: GameDefinition<'number'> = {
  id: 3,
  key: 'number',
  name: 'Pick a Number',
  description: 'Pick the digit from 0 to 9. Win 9x your stake.',
  icon: '🔢',
  choices: DIGITS,
  payout: 9,
};

/** The games in display order. */
export const GAMES: readonly GameDefinition[] = [COLOR_GAME, BIG_SMALL_GAME, NUMBER_GAME];

export const GAMES_BY_KEY: Readonly<{ [K in GameKey]: GameDefinition<K> }> = {
  color: COLOR_GAME,
  bigSmall: BIG_SMALL_GAME,
  number: NUMBER_GAME,
};

export function isGameKey(value: unknown): value is GameKey {
  return typeof value === 'string' && (GAME_KEYS as readonly string[]).includes(value);
}

/** The definition of a game by key. */
export function gameByKey(key: GameKey): GameDefinition {
  return GAMES_BY_KEY[key];
}

/** True when `betValue` is one of the choices of `betType` (strings only: the digit 7 is bet as '7'). */
export function isValidChoice(betType: GameKey, betValue: unknown): betValue is BetValue {
  return typeof betValue === 'string' && GAMES_BY_KEY[betType].choices.includes(betValue);
}

/** True when both the game and the choice are valid. */
export function isValidBet(betType: unknown, betValue: unknown): betType is GameKey {
  return isGameKey(betType) && isValidChoice(betType, betValue);
}
