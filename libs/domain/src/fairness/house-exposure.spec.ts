import fc from 'fast-check';
import { DEFAULT_PAYOUTS } from '../payout/payout-table.js';
import { settleBet } from '../payout/settle-bet.js';
import { resultFromDigit } from '../games/outcome.js';
import {
  cheapestDigits,
  cheapestRate,
  cheapestShare,
  choiceReturn,
  everyChoice,
  housePaysByDigit,
  type ChoiceTotal,
} from './house-exposure.js';

describe('house exposure per digit', () => {
  it('adds the pay-outs of every choice a digit makes win', () => {
    const choices: ChoiceTotal[] = [
      { game: 'color', choice: 'red', bets: 1, stakes: 10_000, pays: 18_200 },
      { game: 'bigSmall', choice: 'big', bets: 2, stakes: 5_000, pays: 9_100 },
      { game: 'number', choice: '7', bets: 1, stakes: 1_000, pays: 7_560 },
    ];
    const pays = housePaysByDigit(choices);
    expect(pays).toEqual([0, 0, 18_200, 0, 18_200, 9_100, 18_200 + 9_100, 9_100 + 7_560, 18_200 + 9_100, 9_100]);
    expect(cheapestDigits(pays)).toEqual([0, 1, 3]);
    expect(cheapestShare(pays, 1)).toBeCloseTo(1 / 3);
    expect(cheapestShare(pays, 7)).toBe(0);
  });

  it('with nothing bet every digit is cheapest: each draw counts a tenth', () => {
    expect(cheapestShare(housePaysByDigit([]), 4)).toBeCloseTo(0.1);
  });

  it('a fair draw makes the drawn digit the cheapest a tenth of the time, whatever the bets', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ digit: fc.integer({ min: 0, max: 9 }), pays: fc.nat(10_000) }), { maxLength: 5 }),
        (bets) => {
          const pays = housePaysByDigit(
            bets.map((b) => ({ game: 'number', choice: String(b.digit), bets: 1, stakes: 1, pays: b.pays })),
          );
          let expected = 0;
          for (let d = 0; d < 10; d++) expected += cheapestShare(pays, d) / 10;
          expect(expected).toBeCloseTo(0.1, 12);
        },
      ),
    );
  });

  it('the rate over many periods carries a 95 % interval', () => {
    expect(cheapestRate([])).toBeNull();
    const shares = Array.from({ length: 1000 }, (_, i) => (i % 10 === 0 ? 1 : 0));
    const rate = cheapestRate(shares)!;
    expect(rate.value).toBeCloseTo(0.1);
    expect(rate.low).toBeLessThan(0.1);
    expect(rate.high).toBeGreaterThan(0.1);
    expect(rate.high - rate.low).toBeLessThan(0.04);
  });
});

describe('return to player per choice against the published one', () => {
  it('big/small at 18 % GST: expected 0.91, and the band holds a fair outcome', () => {
    // 100 periods of ₹100 on big, won 50 times: credited 50 × ₹182.
    const stake = 10_000;
    const won = settleBet({ betType: 'bigSmall', betValue: 'big', amount: stake }, resultFromDigit(7), {
      payouts: DEFAULT_PAYOUTS,
      gstBps: 1800,
    }).net;
    const r = choiceReturn(
      {
        game: 'bigSmall',
        choice: 'big',
        periods: 100,
        stakes: 100 * stake,
        credited: 50 * won,
        stakeSquares: 100 * stake * stake,
      },
      0.5,
      1.82,
    );
    expect(r.expected).toBeCloseTo(0.91);
    expect(r.realised).toBeCloseTo(0.91);
    expect(r.withinBand).toBe(true);
    expect(r.high - r.low).toBeGreaterThan(0.3);
  });

  it('a choice that never won over many periods falls outside its band', () => {
    const r = choiceReturn(
      { game: 'color', choice: 'red', periods: 400, stakes: 400 * 1000, credited: 0, stakeSquares: 400 * 1000 * 1000 },
      0.4,
      1.82,
    );
    expect(r.withinBand).toBe(false);
  });

  it('no stakes: nothing realised, nothing judged', () => {
    const r = choiceReturn(
      { game: 'number', choice: '3', periods: 0, stakes: 0, credited: 0, stakeSquares: 0 },
      0.1,
      7.56,
    );
    expect([r.realised, r.withinBand]).toEqual([null, null]);
  });

  it('lists every choice of every game', () => {
    expect(everyChoice()).toHaveLength(3 + 2 + 10);
  });
});
