// Types of report-html.mjs for the TypeScript specs.
export interface BetPoint {
  t: number;
  p50: number | null;
  p90: number | null;
  p99: number | null;
  accepted: number;
  refused: number;
}
export function betSeries(bets: Array<{ at: number; ms: number; success: boolean }>, start: number): BetPoint[];
export function cpuSeries(
  samples: Array<{ at: number; totals: Record<string, number> }>,
  start: number,
): Array<Record<string, number>>;
export function lineChart(options: {
  title: string;
  series: Array<{ name: string; points: Array<[number, number | null]> }>;
  yLabel: string;
  width?: number;
  height?: number;
}): string;
export function renderReport(options: {
  title: string;
  subtitle?: string;
  runs: Array<{
    title: string;
    betSeries: BetPoint[];
    cpuSeries: Array<Record<string, number>>;
    summary?: Array<[string, unknown]>;
  }>;
  tables?: Array<{ title: string; rows: unknown[][] }>;
  lines?: string[];
}): string;
