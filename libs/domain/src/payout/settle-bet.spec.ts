import { uniformPayouts } from './payout-table.js';
import { resultFromDigit } from '../games/outcome.js';
import { settleBet } from './settle-bet.js';

describe('settling a bet against the drawn digit', () => {
  it('₹100 on big, digit 7 → win, credited ₹182', () => {
    expect(settleBet({ betType: 'bigSmall', betValue: 'big', amount: 10_000 }, resultFromDigit(7))).toEqual({
      isWin: true,
      gross: 20_000,
      gst: 1_800,
      net: 18_200,
      netToBonus: 0,
      systemSelectedValue: 'big',
    });
  });

  it('₹10 on digit 7, digit 7 → win, credited ₹75.60', () => {
    expect(settleBet({ betType: 'number', betValue: '7', amount: 1_000 }, resultFromDigit(7))).toEqual({
      isWin: true,
      gross: 9_000,
      gst: 1_440,
      net: 7_560,
      netToBonus: 0,
      systemSelectedValue: '7',
    });
  });

  it('₹50 on red, digit 5 (violet) → loss, nothing credited, the draw selected violet', () => {
    expect(settleBet({ betType: 'color', betValue: 'red', amount: 5_000 }, resultFromDigit(5))).toEqual({
      isWin: false,
      gross: 0,
      gst: 0,
      net: 0,
      netToBonus: 0,
      systemSelectedValue: 'violet',
    });
  });

  it('₹200 on violet, digit 0 → win, credited ₹364', () => {
    expect(settleBet({ betType: 'color', betValue: 'violet', amount: 20_000 }, resultFromDigit(0)).net).toBe(36_400);
  });

  it('uses configured payouts and GST', () => {
    const settlement = settleBet({ betType: 'number', betValue: '3', amount: 1_000 }, resultFromDigit(3), {
      payouts: uniformPayouts({ color: 2, bigSmall: 2, number: 9.5 }),
      gstBps: 1000,
    });
    expect(settlement).toEqual({
      isWin: true,
      gross: 9_500,
      gst: 850,
      net: 8_650,
      netToBonus: 0,
      systemSelectedValue: '3',
    });
  });

  it('of a win, the part won by the bonus-paid stake goes to bonus, half up, exactly for large amounts', () => {
    expect(
      settleBet({ betType: 'bigSmall', betValue: 'big', amount: 10_000, fromBonus: 3_333 }, resultFromDigit(7)),
    ).toMatchObject({ net: 18_200, netToBonus: 6_066 });
    expect(
      settleBet({ betType: 'bigSmall', betValue: 'big', amount: 10_000, fromBonus: 10_000 }, resultFromDigit(7)),
    ).toMatchObject({ netToBonus: 18_200 });
    expect(
      settleBet({ betType: 'bigSmall', betValue: 'big', amount: 10_000, fromBonus: 5_000 }, resultFromDigit(2)),
    ).toMatchObject({ net: 0, netToBonus: 0 });
    // 9,999,999 × 9,000,000 is past a double's exact integers: still exact.
    const big = settleBet(
      { betType: 'number', betValue: '7', amount: 10_000_000, fromBonus: 9_999_999 },
      resultFromDigit(7),
    );
    expect(big.netToBonus).toBe(Number((2n * BigInt(big.net) * 9_999_999n + 10_000_000n) / 20_000_000n));
    expect(big.netToBonus).toBeLessThan(big.net);
  });
});
