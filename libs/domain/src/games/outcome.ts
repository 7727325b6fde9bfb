import type { BigSmall, Color, GameKey } from './games.js';

/** A drawn result: the digit and what it means for the colour and big/small games. */
export interface RoundResult {
  readonly digit: number;
  readonly color: Color;
  readonly bigSmall: BigSmall;
}

function assertDigit(digit: number): void {
  if (!Number.isInteger(digit) || digit < 0 || digit > 9) {
    throw new RangeError(`A result digit is an integer 0..9, got ${String(digit)}`);
  }
}

/** 0 and 5 are violet; 1, 3, 7, 9 green; 2, 4, 6, 8 red. */
export function colorOfDigit(digit: number): Color {
  assertDigit(digit);
  if (digit === 0 || digit === 5) return 'violet';
  return digit % 2 === 1 ? 'green' : 'red';
}

/** 5..9 are big, 0..4 small. */
export function bigSmallOfDigit(digit: number): BigSmall {
  assertDigit(digit);
  return digit >= 5 ? 'big' : 'small';
}

export function resultFromDigit(digit: number): RoundResult {
  return { digit, color: colorOfDigit(digit), bigSmall: bigSmallOfDigit(digit) };
}

/** The value the draw selected for a game: the colour, 'big'/'small', or the digit as a string. */
export function systemSelectedValue(betType: GameKey, result: RoundResult): string {
  switch (betType) {
    case 'color':
      return result.color;
    case 'bigSmall':
      return result.bigSmall;
    case 'number':
      return String(result.digit);
  }
}

/** True when a bet on `betValue` in game `betType` wins against `result`. */
export function isWinningBet(betType: GameKey, betValue: string, result: RoundResult): boolean {
  return systemSelectedValue(betType, result) === betValue;
}

/** The digits on which a choice wins, e.g. ('color', 'violet') → [0, 5]; [] for an invalid choice. */
export function winningDigits(betType: GameKey, betValue: string): number[] {
  const digits: number[] = [];
  for (let digit = 0; digit <= 9; digit += 1) {
    if (isWinningBet(betType, betValue, resultFromDigit(digit))) digits.push(digit);
  }
  return digits;
}
