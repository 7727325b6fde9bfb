import {
  bigSmallOfDigit,
  colorOfDigit,
  isWinningBet,
  resultFromDigit,
  systemSelectedValue,
  winningDigits,
} from './outcome.js';

describe('what a digit means', () => {
  it.each([
    [0, 'violet', 'small'],
    [1, 'green', 'small'],
    [2, 'red', 'small'],
    [3, 'green', 'small'],
    [4, 'red', 'small'],
    [5, 'violet', 'big'],
    [6, 'red', 'big'],
    [7, 'green', 'big'],
    [8, 'red', 'big'],
    [9, 'green', 'big'],
  ])('%i is %s and %s', (digit, color, bigSmall) => {
    expect(colorOfDigit(digit)).toBe(color);
    expect(bigSmallOfDigit(digit)).toBe(bigSmall);
    expect(resultFromDigit(digit)).toEqual({ digit, color, bigSmall });
  });

  it.each([-1, 10, 2.5, Number.NaN])('refuses %d', (digit) => {
    expect(() => resultFromDigit(digit)).toThrow(RangeError);
  });
});

describe('winning and the value the draw selected', () => {
  const seven = resultFromDigit(7); // green, big
  const zero = resultFromDigit(0); // violet, small

  it('the draw selects the colour, big/small, and the digit as a string', () => {
    expect(systemSelectedValue('color', seven)).toBe('green');
    expect(systemSelectedValue('bigSmall', seven)).toBe('big');
    expect(systemSelectedValue('number', seven)).toBe('7');
    expect(systemSelectedValue('number', zero)).toBe('0');
  });

  it('a bet wins when its choice is the selected value', () => {
    expect(isWinningBet('color', 'green', seven)).toBe(true);
    expect(isWinningBet('color', 'red', seven)).toBe(false);
    expect(isWinningBet('color', 'violet', zero)).toBe(true);
    expect(isWinningBet('bigSmall', 'big', seven)).toBe(true);
    expect(isWinningBet('bigSmall', 'small', seven)).toBe(false);
    expect(isWinningBet('number', '7', seven)).toBe(true);
    expect(isWinningBet('number', '1', seven)).toBe(false);
  });

  it('violet does not also count as red or green on 0 and 5', () => {
    expect(isWinningBet('color', 'red', zero)).toBe(false);
    expect(isWinningBet('color', 'green', resultFromDigit(5))).toBe(false);
  });

  it('lists the digits each choice wins on', () => {
    expect(winningDigits('color', 'red')).toEqual([2, 4, 6, 8]);
    expect(winningDigits('color', 'green')).toEqual([1, 3, 7, 9]);
    expect(winningDigits('color', 'violet')).toEqual([0, 5]);
    expect(winningDigits('bigSmall', 'big')).toEqual([5, 6, 7, 8, 9]);
    expect(winningDigits('bigSmall', 'small')).toEqual([0, 1, 2, 3, 4]);
    expect(winningDigits('number', '3')).toEqual([3]);
    expect(winningDigits('number', 'x')).toEqual([]);
  });
});
