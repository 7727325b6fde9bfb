import fc from 'fast-check';
import {
  divideRoundHalfUp,
  exactPaise,
  exactPaiseToNumber,
  formatPaise,
  formatPaiseShort,
  formatRupeeText,
  formatRupees,
  isPaise,
  isRupeeAmount,
  paiseToDecimalString,
  paiseToRupees,
  rupeesToNearestPaise,
  rupeesToPaise,
} from './money.js';

describe('rupees ↔ paise at the boundary', () => {
  it.each([
    [0, 0],
    [1, 100],
    [10, 1000],
    [75.6, 7560],
    [14.4, 1440],
    [0.29, 29], // 0.29 * 100 = 28.999999999999996 in floating point
    [0.07, 7],
    [1.1, 110],
    [19.99, 1999],
    [25000, 2_500_000],
    [-75.6, -7560],
  ])('₹%d is %d paise', (rupees, paise) => {
    expect(rupeesToPaise(rupees)).toBe(paise);
  });

  it('never returns -0', () => {
    expect(Object.is(rupeesToPaise(-0), 0)).toBe(true);
    expect(Object.is(paiseToRupees(-0), 0)).toBe(true);
  });

  it.each([1.005, 0.001, 10.123, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER])(
    'rejects %d (more than 2 decimals, not finite, or beyond safe paise)',
    (rupees) => {
      expect(() => rupeesToPaise(rupees)).toThrow(RangeError);
      expect(isRupeeAmount(rupees)).toBe(false);
    },
  );

  it('round-trips every paisa value from 0 to ₹100', () => {
    for (let paise = 0; paise <= 10_000; paise += 1) {
      expect(rupeesToPaise(paiseToRupees(paise))).toBe(paise);
    }
  });

  it('paiseToRupees gives the spec’s rupee numbers', () => {
    expect(paiseToRupees(18_200)).toBe(182);
    expect(paiseToRupees(7560)).toBe(75.6);
    expect(() => paiseToRupees(1.5)).toThrow(RangeError);
  });

  it('isPaise accepts only safe integers', () => {
    expect(isPaise(100)).toBe(true);
    expect(isPaise(-5)).toBe(true);
    expect(isPaise(1.5)).toBe(false);
    expect(isPaise('100')).toBe(false);
    expect(isPaise(2 ** 53)).toBe(false);
  });
});

describe('display in en-IN rupees with 2 decimals', () => {
  it.each([
    [0, '₹0.00'],
    [182, '₹182.00'],
    [75.6, '₹75.60'],
    [100000, '₹1,00,000.00'],
    [25000, '₹25,000.00'],
    [-500, '-₹500.00'],
  ])('formatRupees(%d) shows %s', (rupees, text) => {
    expect(formatRupees(rupees)).toBe(text);
  });

  it.each([
    [0, '₹0.00'],
    [5, '₹0.05'],
    [1440, '₹14.40'],
    [18_200, '₹182.00'],
    [1_000_000_000, '₹1,00,00,000.00'],
    [-7560, '-₹75.60'],
  ])('formatPaise(%d) shows %s', (paise, text) => {
    expect(formatPaise(paise)).toBe(text);
  });

  it("writes every amount as Intl's en-IN rupee format does, digit for digit (formatted here without Intl)", () => {
    const intl = new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    // Whole paise of any size (as exact decimal texts), and rupee numbers with any fraction (rounded to the paisa).
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), (paise) => {
        expect(formatPaise(paise)).toBe(intl.format(paiseToDecimalString(paise) as `${number}`));
      }),
      { numRuns: 2_000 },
    );
    fc.assert(
      fc.property(fc.double({ min: -1e15, max: 1e15, noNaN: true }), (rupees) => {
        // A negative amount that rounds to zero shows no sign here; Intl writes '-₹0.00'.
        fc.pre(Math.abs(rupees) >= 0.005);
        expect(formatRupees(rupees)).toBe(intl.format(rupees));
      }),
      { numRuns: 2_000 },
    );
    for (const rupees of [0.125, 2.675, 1.005, -0.125, 999999.995, 0.5, 12345678.9])
      expect(formatRupees(rupees)).toBe(intl.format(rupees));
    expect(formatRupees(-0.001)).toBe('₹0.00');
  });

  it('shows -0 as ₹0.00', () => {
    expect(formatRupees(-0)).toBe('₹0.00');
    expect(formatPaise(-0)).toBe('₹0.00');
  });

  it('keeps showing each amount right when it is asked again, and past the amounts it remembers', () => {
    const amounts = Array.from({ length: 10_000 }, (_, i) => (i * 7919) % 2_000_003);
    const expected = amounts.map(
      (p) => `₹${(p / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
    );
    for (let round = 0; round < 2; round++) expect(amounts.map((p) => formatPaise(p))).toEqual(expected);
    expect(formatPaise(123_456n)).toBe('₹1,234.56');
    expect(formatPaise(123_456)).toBe('₹1,234.56');
    expect(() => formatPaise(1.5)).toThrow();
  });

  it('shows the exact paise of a huge balance', () => {
    expect(paiseToDecimalString(Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
    expect(formatPaise(Number.MAX_SAFE_INTEGER)).toBe('₹9,00,71,99,25,47,409.91');
  });
});

describe('integer rounding, halves up', () => {
  it.each([
    [1440, 100, 14],
    [1450, 100, 15],
    [1449, 100, 14],
    [0, 7, 0],
    [14_400_000, 10_000, 1440],
    [5, 10, 1],
    [4, 10, 0],
  ])('%d / %d → %d', (numerator, denominator, expected) => {
    expect(divideRoundHalfUp(numerator, denominator)).toBe(expected);
  });

  it('stays exact next to 2^53', () => {
    expect(divideRoundHalfUp(Number.MAX_SAFE_INTEGER, 1)).toBe(Number.MAX_SAFE_INTEGER);
    expect(divideRoundHalfUp(Number.MAX_SAFE_INTEGER, 2)).toBe(4_503_599_627_370_496);
    expect(divideRoundHalfUp(Number.MAX_SAFE_INTEGER - 1, 3)).toBe(3_002_399_751_580_330);
  });

  it('refuses negatives, fractions and a zero denominator', () => {
    expect(() => divideRoundHalfUp(-1, 2)).toThrow(RangeError);
    expect(() => divideRoundHalfUp(1.5, 2)).toThrow(RangeError);
    expect(() => divideRoundHalfUp(1, 0)).toThrow(RangeError);
  });
});

describe('exact figures past 2^53 paise', () => {
  const beyond = 2n ** 53n + 1n; // 9007199254740993: no double holds it

  it('reads Postgres sums (decimal text) exactly, as bigint', () => {
    expect(exactPaise('9007199254740993')).toBe(beyond);
    expect(exactPaise('-9007199254740993')).toBe(-beyond);
    expect(exactPaise('0')).toBe(0n);
    expect(exactPaise(7560)).toBe(7560n);
    expect(exactPaise(beyond)).toBe(beyond);
    for (const bad of ['', '1.5', '1e3', ' 12', 'abc']) expect(() => exactPaise(bad)).toThrow(RangeError);
    expect(() => exactPaise(2 ** 53)).toThrow(RangeError);
  });

  it('converts to a number only when the number is exact, and refuses otherwise', () => {
    expect(exactPaiseToNumber(2n ** 53n - 1n)).toBe(Number.MAX_SAFE_INTEGER);
    expect(exactPaiseToNumber(-(2n ** 53n - 1n))).toBe(-Number.MAX_SAFE_INTEGER);
    expect(() => exactPaiseToNumber(2n ** 53n, 'total deposits')).toThrow(
      /total deposits of 9007199254740992 paise is beyond 2\^53/,
    );
    expect(() => exactPaiseToNumber(-beyond)).toThrow(RangeError);
  });

  it('writes and shows them to the paisa', () => {
    expect(paiseToDecimalString(beyond)).toBe('90071992547409.93');
    expect(paiseToDecimalString(-beyond)).toBe('-90071992547409.93');
    expect(paiseToDecimalString(5n)).toBe('0.05');
    expect(formatPaise(beyond)).toBe('₹9,00,71,99,25,47,409.93');
    expect(formatRupeeText('90071992547409.93')).toBe('₹9,00,71,99,25,47,409.93');
    expect(formatRupeeText('1850.25')).toBe('₹1,850.25');
    expect(formatRupeeText('-0.05')).toBe('-₹0.05');
    expect(formatRupeeText('not money')).toBe('₹0.00');
  });
});

describe('rupee figures with float noise', () => {
  it('round to the nearest paisa', () => {
    expect(rupeesToNearestPaise(1250.5)).toBe(125_050);
    expect(rupeesToNearestPaise(0.1 + 0.2)).toBe(30);
    expect(rupeesToNearestPaise(75.6)).toBe(7560);
    expect(rupeesToNearestPaise(1.005)).toBe(100); // 1.005 is stored as 1.00499999…
    expect(rupeesToNearestPaise(10.126)).toBe(1013);
    expect(rupeesToNearestPaise(-500)).toBe(-50_000);
    expect(Object.is(rupeesToNearestPaise(-0.001), 0)).toBe(true);
  });

  it('refuses what is not a finite amount', () => {
    for (const value of [Number.NaN, Infinity, -Infinity, 1e300])
      expect(() => rupeesToNearestPaise(value)).toThrow(RangeError);
  });
});

describe('limits quoted in a sentence', () => {
  it('leave out zero paise and keep the others', () => {
    expect(formatPaiseShort(1_000_000)).toBe('₹10,000');
    expect(formatPaiseShort(10_000)).toBe('₹100');
    expect(formatPaiseShort(7560)).toBe('₹75.60');
    expect(formatPaiseShort(5)).toBe('₹0.05');
  });
});
