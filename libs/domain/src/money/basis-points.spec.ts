import { BPS_PER_UNIT, bpsToPercent, bpsToRate, isBasisPoints, rateToBps, shareOfPaise } from './basis-points.js';

describe('rates in basis points', () => {
  it('a fraction of configuration becomes whole basis points, and back', () => {
    expect(BPS_PER_UNIT).toBe(10_000);
    expect([rateToBps(0.18), rateToBps(0.1), rateToBps(0), rateToBps(1), rateToBps(0.1234)]).toEqual([
      1800, 1000, 0, 10_000, 1234,
    ]);
    expect([bpsToRate(1800), bpsToRate(1000), bpsToRate(0)]).toEqual([0.18, 0.1, 0]);
    for (let bps = 0; bps <= BPS_PER_UNIT; bps += 7) expect(rateToBps(bpsToRate(bps))).toBe(bps);
  });

  it('refuses a rate outside 0..1 or finer than a basis point, naming what it is', () => {
    expect(() => rateToBps(0.12345, 'GST rate')).toThrow(
      'GST rate must be between 0 and 1 with at most 4 decimals, got 0.12345',
    );
    for (const rate of [-0.01, 1.01, Number.NaN, Infinity]) expect(() => rateToBps(rate)).toThrow(RangeError);
  });

  it('reads as the percentage texts quote', () => {
    expect([bpsToPercent(1800), bpsToPercent(2000), bpsToPercent(1850), bpsToPercent(0)]).toEqual([18, 20, 18.5, 0]);
    for (const bps of [-1, 10_001, 18.5, Number.NaN]) expect(() => bpsToPercent(bps)).toThrow(RangeError);
  });

  it('knows whole basis points from 0 to 10,000', () => {
    expect([0, 1, 1800, 10_000].every(isBasisPoints)).toBe(true);
    expect([-1, 10_001, 0.5, '1800', null].some(isBasisPoints)).toBe(false);
  });

  it('takes a share of paise to the nearest paisa, halves up', () => {
    expect(shareOfPaise(10_000, 1800)).toBe(1800);
    expect(shareOfPaise(8000, 1800)).toBe(1440); // GST of ₹80 winnings: ₹14.40
    expect(shareOfPaise(25, 1800)).toBe(5); // 4.5 paise → 5
    expect(shareOfPaise(1, 1000)).toBe(0);
    expect(shareOfPaise(0, 1800)).toBe(0);
    expect(() => shareOfPaise(-1, 1800)).toThrow(RangeError);
    expect(() => shareOfPaise(100, 10_001)).toThrow(RangeError);
  });
});
