import { COLOR_HEX, GAMES, GAMES_BY_KEY, GAME_KEYS, gameByKey, isGameKey, isValidBet, isValidChoice } from './games.js';

describe('the three fixed games', () => {
  it('are Color Clash, Big or Small and Pick a Number, in that order', () => {
    expect(GAMES.map((g) => [g.id, g.key, g.name, g.payout])).toEqual([
      [1, 'color', 'Color Clash', 2],
      [2, 'bigSmall', 'Big or Small', 2],
      [3, 'number', 'Pick a Number', 9],
    ]);
    expect(GAME_KEYS).toEqual(['color', 'bigSmall', 'number']);
  });

  it('offer the spec’s choices', () => {
    expect(gameByKey('color').choices).toEqual(['red', 'green', 'violet']);
    expect(gameByKey('bigSmall').choices).toEqual(['big', 'small']);
    expect(gameByKey('number').choices).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
  });

  it('each has a description and an icon', () => {
    for (const game of GAMES) {
      expect(game.description.length).toBeGreaterThan(0);
      expect(game.icon.length).toBeGreaterThan(0);
      expect(GAMES_BY_KEY[game.key]).toBe(game);
    }
  });

  it('use the spec’s colours', () => {
    expect(COLOR_HEX).toEqual({ red: '#ef4444', green: '#22c55e', violet: '#a855f7' });
  });
});

describe('valid bets', () => {
  it.each([
    ['color', 'red'],
    ['color', 'violet'],
    ['bigSmall', 'small'],
    ['number', '0'],
    ['number', '9'],
  ])('%s / %s is valid', (betType, betValue) => {
    expect(isValidBet(betType, betValue)).toBe(true);
  });

  it.each([
    ['color', 'blue'],
    ['color', 'Red'],
    ['bigSmall', 'medium'],
    ['number', '10'],
    ['number', 7],
    ['number', ''],
    ['dice', '1'],
    [undefined, 'red'],
    ['color', undefined],
    ['toString', 'red'],
  ])('%s / %s is not', (betType, betValue) => {
    expect(isValidBet(betType, betValue)).toBe(false);
  });

  it('isGameKey and isValidChoice', () => {
    expect(isGameKey('bigSmall')).toBe(true);
    expect(isGameKey('big')).toBe(false);
    expect(isValidChoice('number', '5')).toBe(true);
    expect(isValidChoice('bigSmall', 'red')).toBe(false);
  });
});
