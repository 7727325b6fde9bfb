import { resultFromDigit } from './outcome.js';
import { resultTrends } from './trends.js';

const result = (periodId: string, digit: number) => ({ periodId, ...resultFromDigit(digit) });

describe('Trends: quick stats', () => {
  it('counts and percentages for colour, big/small and each digit', () => {
    const trends = resultTrends([
      result('202611210003', 7),
      result('202611210001', 0),
      result('202611210002', 7),
      result('202611210004', 2),
    ]);
    expect(trends.totalGames).toBe(4);
    expect(trends.latestPeriodId).toBe('202611210004');
    expect(trends.lastColor).toBe('red');
    expect(trends.colors).toEqual({
      red: { count: 1, percent: 25 },
      green: { count: 2, percent: 50 },
      violet: { count: 1, percent: 25 },
    });
    expect(trends.bigSmall).toEqual({ big: { count: 2, percent: 50 }, small: { count: 2, percent: 50 } });
    expect(trends.digits[7]).toEqual({ count: 2, percent: 50 });
    expect(trends.digits[5]).toEqual({ count: 0, percent: 0 });
  });

  it('percentages are rounded to one decimal', () => {
    const trends = resultTrends([result('1', 1), result('2', 2), result('3', 3)]);
    expect(trends.colors.green.percent).toBe(66.7);
    expect(trends.colors.red.percent).toBe(33.3);
  });

  it('no results', () => {
    const trends = resultTrends([]);
    expect(trends.totalGames).toBe(0);
    expect(trends.latestPeriodId).toBeNull();
    expect(trends.lastColor).toBeNull();
    expect(trends.colors.red).toEqual({ count: 0, percent: 0 });
  });
});
