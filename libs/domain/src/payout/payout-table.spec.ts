import {
  DEFAULT_PAYOUTS,
  formatPayouts,
  maxPayout,
  parsePayouts,
  payoutOf,
  payoutTableFrom,
  uniformPayouts,
} from './payout-table.js';

const violet = (payout: number) => ({ ...DEFAULT_PAYOUTS, color: { ...DEFAULT_PAYOUTS.color, violet: payout } });

describe('the payout table', () => {
  it("is the spec's by default: every colour ×2, big and small ×2, every digit ×9", () => {
    expect(DEFAULT_PAYOUTS).toEqual({
      color: { red: 2, green: 2, violet: 2 },
      bigSmall: { big: 2, small: 2 },
      number: { '0': 9, '1': 9, '2': 9, '3': 9, '4': 9, '5': 9, '6': 9, '7': 9, '8': 9, '9': 9 },
    });
  });

  it('gives the payout of a choice, and refuses a choice the game does not have', () => {
    expect(payoutOf(violet(4.5), 'color', 'violet')).toBe(4.5);
    expect(payoutOf(violet(4.5), 'color', 'green')).toBe(2);
    expect(() => payoutOf(DEFAULT_PAYOUTS, 'color', 'big')).toThrow(RangeError);
    expect(() => payoutOf(DEFAULT_PAYOUTS, 'number', 'toString')).toThrow(RangeError);
  });

  it('a choice pays at most what gives back, on average, what is staked on it', () => {
    expect(maxPayout('color', 'red')).toBe(2.5);
    expect(maxPayout('color', 'violet')).toBe(5);
    expect(maxPayout('bigSmall', 'big')).toBe(2);
    expect(maxPayout('number', '7')).toBe(10);
  });
});

describe('PAYOUTS, as configuration writes it', () => {
  it("unset or empty keeps the spec's table exactly", () => {
    expect(parsePayouts(undefined)).toEqual(DEFAULT_PAYOUTS);
    expect(parsePayouts('')).toEqual(DEFAULT_PAYOUTS);
    expect(parsePayouts(' , ')).toEqual(DEFAULT_PAYOUTS);
  });

  it('violet=4.5 changes violet alone', () => {
    expect(parsePayouts('violet=4.5')).toEqual(violet(4.5));
  });

  it('a game sets all its choices; a choice named on its own wins over its game, in any order', () => {
    const table = parsePayouts('7=9.5, number=8 ,small=1.95');
    expect(table.number).toEqual({ ...uniformPayouts({ color: 2, bigSmall: 2, number: 8 }).number, '7': 9.5 });
    expect(table.bigSmall).toEqual({ big: 2, small: 1.95 });
    expect(table.color).toEqual(DEFAULT_PAYOUTS.color);
    expect(parsePayouts('small=1.95,number=8,7=9.5')).toEqual(table);
  });

  it('digits are named as the player picks them, 0 to 9', () => {
    expect(parsePayouts('0=10').number['0']).toBe(10);
    expect(parsePayouts('9=1').number['9']).toBe(1);
  });

  it('writes back only what differs from the spec', () => {
    expect(formatPayouts(DEFAULT_PAYOUTS)).toBe('');
    expect(formatPayouts(parsePayouts('violet=4.5,small=1.9'))).toBe('violet=4.5,small=1.9');
    expect(parsePayouts(formatPayouts(parsePayouts('number=8,3=9')))).toEqual(parsePayouts('number=8,3=9'));
  });

  it.each([
    ['purple=3', /"purple" is not a choice nor a game/],
    ['colour=2', /"colour" is not a choice nor a game/],
    ['10=9', /"10" is not a choice nor a game/],
    ['Violet=3', /"Violet" is not a choice nor a game/],
    ['violet', /"violet" is not name=multiplier/],
    ['violet=', /"violet=" is not name=multiplier/],
    ['violet=4.5=2', /violet=4.5=2: a multiplier is a number/],
    ['violet=0', /violet=0: a multiplier is a number of at least 1 with at most 2 decimals/],
    ['violet=-2', /violet=-2: a multiplier is a number/],
    ['violet=0.5', /violet=0.5: a multiplier is a number of at least 1/],
    ['violet=4.555', /violet=4.555: a multiplier is a number of at least 1 with at most 2 decimals/],
    ['violet=1e1', /violet=1e1: a multiplier is a number/],
    ['violet=abc', /violet=abc: a multiplier is a number/],
    ['violet=3,violet=4', /violet is given twice/],
    ['number=8,number=9', /number is given twice/],
    ['violet=45', /the payout of violet must be at most 5 \(it wins 2 rounds in 10/],
    ['red=2.51', /the payout of red must be at most 2.5/],
    ['big=2.01', /the payout of big must be at most 2/],
    ['number=11', /the payout of digit 0 must be at most 10 \(it wins 1 round in 10/],
    ['7=99999', /the payout of digit 7 must be at most 10/],
  ])('refuses %s', (text, message) => {
    expect(() => parsePayouts(text)).toThrow(RangeError);
    expect(() => parsePayouts(text)).toThrow(message);
  });

  it('accepts every choice at its ceiling: the house never pays back more than it takes on a choice', () => {
    const table = parsePayouts('red=2.5,green=2.5,violet=5,big=2,small=2,number=10');
    expect(table.color).toEqual({ red: 2.5, green: 2.5, violet: 5 });
    expect(table.number['3']).toBe(10);
  });
});

describe('a payout table as a server sends it', () => {
  it('takes a complete per-choice table, without anything else it carries', () => {
    expect(payoutTableFrom(violet(4.5))).toEqual(violet(4.5));
    expect(payoutTableFrom({ ...violet(4.5), extra: 1 })).toEqual(violet(4.5));
  });

  it('reads one multiplier per game (a server before payouts per choice) as every choice of the game paying it', () => {
    expect(payoutTableFrom({ color: 2, bigSmall: 2, number: 8 })).toEqual(
      uniformPayouts({ color: 2, bigSmall: 2, number: 8 }),
    );
  });

  it('refuses anything else', () => {
    expect(payoutTableFrom(null)).toBeNull();
    expect(payoutTableFrom({ color: { red: 2 }, bigSmall: 2, number: 9 })).toBeNull();
    expect(payoutTableFrom({ ...DEFAULT_PAYOUTS, number: { ...DEFAULT_PAYOUTS.number, '3': '9' } })).toBeNull();
  });
});
