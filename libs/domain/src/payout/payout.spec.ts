import { DEFAULT_PAYOUTS, assertPayoutTable, isValidPayout, uniformPayouts } from './payout-table.js';
import { grossWin, gstOnWinnings, gstBpsToPercent, gstRateToBps, potentialWin, winBreakdown } from './payout.js';

describe('payout and GST in paise (DESIGN §2 examples)', () => {
  it('₹100 on big wins → gross ₹200, GST ₹18, credited ₹182', () => {
    expect(winBreakdown(10_000, 'bigSmall', 'big')).toEqual({ gross: 20_000, gst: 1_800, net: 18_200 });
  });

  it('₹10 on digit 7 wins → gross ₹90, GST ₹14.40, credited ₹75.60', () => {
    expect(winBreakdown(1_000, 'number', '7')).toEqual({ gross: 9_000, gst: 1_440, net: 7_560 });
  });

  it('₹1,000 on red wins → gross ₹2,000, GST ₹180, credited ₹1,820', () => {
    expect(winBreakdown(100_000, 'color', 'red')).toEqual({ gross: 200_000, gst: 18_000, net: 182_000 });
  });

  it.each([
    [10, 'color', 'violet', 2000, 180, 1820],
    [50, 'number', '0', 45_000, 7_200, 37_800],
    [1000, 'number', '9', 900_000, 144_000, 756_000],
  ] as const)('₹%i on %s %s → gross %i, GST %i, net %i paise', (rupees, game, choice, gross, gst, net) => {
    expect(winBreakdown(rupees * 100, game, choice)).toEqual({ gross, gst, net });
  });

  it('GST is rounded to the nearest paisa, halves up', () => {
    expect(gstOnWinnings(125, 100, 1800)).toBe(5); // 18 % of 25 paise = 4.5 → 5
    expect(gstOnWinnings(124, 100, 1800)).toBe(4); // 18 % of 24 paise = 4.32 → 4
    expect(gstOnWinnings(103, 100, 1800)).toBe(1); // 0.54 → 1
    expect(gstOnWinnings(102, 100, 1800)).toBe(0); // 0.36 → 0
  });

  it('no GST when nothing was won above the stake', () => {
    expect(gstOnWinnings(1000, 1000)).toBe(0);
    expect(gstOnWinnings(0, 1000)).toBe(0);
  });

  it('uses a configured rate in basis points and configured payouts', () => {
    expect(winBreakdown(10_000, 'bigSmall', 'big', { gstBps: 2800 })).toEqual({
      gross: 20_000,
      gst: 2_800,
      net: 17_200,
    });
    expect(winBreakdown(10_000, 'bigSmall', 'big', { gstBps: 0 })).toEqual({ gross: 20_000, gst: 0, net: 20_000 });
    const payouts = uniformPayouts({ color: 2, bigSmall: 1.95, number: 9 });
    expect(winBreakdown(10_000, 'bigSmall', 'small', { payouts })).toEqual({
      gross: 19_500,
      gst: 1_710,
      net: 17_790,
    });
  });

  it('potential win is stake × payout, before GST', () => {
    expect(potentialWin(1_000, 'number', '3')).toBe(9_000);
    expect(potentialWin(10_000, 'color', 'green')).toBe(20_000);
    expect(potentialWin(50_000, 'bigSmall', 'small')).toBe(100_000);
    expect(potentialWin(1_000, 'number', '3', uniformPayouts({ color: 2, bigSmall: 2, number: 8 }))).toBe(8_000);
  });

  it('each choice pays its own payout: violet at ×4.5, ₹100 → gross ₹450, GST ₹63, credited ₹387', () => {
    const payouts = { ...DEFAULT_PAYOUTS, color: { ...DEFAULT_PAYOUTS.color, violet: 4.5 } };
    expect(winBreakdown(10_000, 'color', 'violet', { payouts })).toEqual({ gross: 45_000, gst: 6_300, net: 38_700 });
    expect(winBreakdown(10_000, 'color', 'red', { payouts })).toEqual({ gross: 20_000, gst: 1_800, net: 18_200 });
  });

  it('a choice the game does not have has no payout', () => {
    expect(() => winBreakdown(1_000, 'color', 'blue')).toThrow(RangeError);
    expect(() => winBreakdown(1_000, 'number', '10')).toThrow(RangeError);
  });

  it('gross rounds a fraction of a paisa half up with a decimal payout', () => {
    expect(grossWin(1, 1.5)).toBe(2);
    expect(grossWin(3, 1.01)).toBe(3);
  });

  it('refuses a fractional or negative stake', () => {
    expect(() => grossWin(10.5, 2)).toThrow(RangeError);
    expect(() => grossWin(-100, 2)).toThrow(RangeError);
  });
});

describe('configuration of payouts and GST', () => {
  it('GST_RATE 0.18 is 1800 basis points', () => {
    expect(gstRateToBps(0.18)).toBe(1800);
    expect(gstRateToBps(0)).toBe(0);
    expect(gstRateToBps(0.28)).toBe(2800);
  });

  it.each([-0.1, 1.5, 0.12345, Number.NaN])('refuses GST rate %d', (rate) => {
    expect(() => gstRateToBps(rate)).toThrow(RangeError);
  });

  it('a payout is ≥ 1 with at most 2 decimals', () => {
    expect(isValidPayout(2)).toBe(true);
    expect(isValidPayout(1.95)).toBe(true);
    expect(isValidPayout(0.5)).toBe(false);
    expect(isValidPayout(1.955)).toBe(false);
    expect(isValidPayout('2')).toBe(false);
  });

  it('assertPayoutTable names the bad choice', () => {
    expect(assertPayoutTable(DEFAULT_PAYOUTS)).toBe(DEFAULT_PAYOUTS);
    expect(() => assertPayoutTable({ ...DEFAULT_PAYOUTS, number: { ...DEFAULT_PAYOUTS.number, '4': 0 } })).toThrow(
      /digit 4/,
    );
  });
});

describe('GST as the texts quote it', () => {
  it('basis points read as a percentage', () => {
    expect(gstBpsToPercent(1800)).toBe(18);
    expect(gstBpsToPercent(2000)).toBe(20);
    expect(gstBpsToPercent(1850)).toBe(18.5);
    expect(gstBpsToPercent(0)).toBe(0);
  });

  it('refuses what is not whole basis points from 0 to 10000', () => {
    for (const bps of [-1, 10_001, 18.5, Number.NaN]) expect(() => gstBpsToPercent(bps)).toThrow(RangeError);
  });
});
