import type { BigSmall, Color } from './games.js';
import { BIG_SMALL, COLORS } from './games.js';

export interface TrendCount {
  readonly count: number;
  /** Share of the results, 0..100, rounded to one decimal (0 when there are no results). */
  readonly percent: number;
}

export interface ResultTrends {
  readonly totalGames: number;
  readonly latestPeriodId: string | null;
  readonly lastColor: Color | null;
  readonly colors: Readonly<Record<Color, TrendCount>>;
  readonly bigSmall: Readonly<Record<BigSmall, TrendCount>>;
  /** Index = digit. */
  readonly digits: readonly TrendCount[];
}

interface TrendResult {
  readonly periodId: string;
  readonly color: Color;
  readonly bigSmall: BigSmall;
  readonly digit: number;
}

function share(count: number, total: number): TrendCount {
  return { count, percent: total === 0 ? 0 : Math.round((count * 1000) / total) / 10 };
}

/**
 * The Trends tab's Quick Stats over the kept results: total games, latest period (the highest period id), last
 * colour (of that period), and counts with percentages for each colour, big/small and each digit.
 */
export function resultTrends(results: readonly TrendResult[]): ResultTrends {
  const colorCounts: Record<Color, number> = { red: 0, green: 0, violet: 0 };
  const bigSmallCounts: Record<BigSmall, number> = { big: 0, small: 0 };
  const digitCounts = Array.from({ length: 10 }, () => 0);
  let latest: TrendResult | null = null;
  for (const result of results) {
    colorCounts[result.color] += 1;
    bigSmallCounts[result.bigSmall] += 1;
    if (Number.isInteger(result.digit) && result.digit >= 0 && result.digit <= 9) digitCounts[result.digit]! += 1;
    if (latest === null || result.periodId > latest.periodId) latest = result;
  }
  const total = results.length;
  return {
    totalGames: total,
    latestPeriodId: latest?.periodId ?? null,
    lastColor: latest?.color ?? null,
    colors: Object.fromEntries(COLORS.map((c) => [c, share(colorCounts[c], total)])) as Record<Color, TrendCount>,
    bigSmall: Object.fromEntries(BIG_SMALL.map((b) => [b, share(bigSmallCounts[b], total)])) as Record<
      BigSmall,
      TrendCount
    >,
    digits: digitCounts.map((count) => share(count, total)),
  };
}
