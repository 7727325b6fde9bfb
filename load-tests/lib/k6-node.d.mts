// Types of k6-node.mjs (and the k6 session module it drives) for the TypeScript specs.
export interface K6Metrics {
  trends: Record<'bet_latency_ms' | 'broadcast_latency_ms' | 'socket_connect_ms', number[]>;
  rates: Record<'bets_refused' | 'socket_connect_errors', [number, number]>;
  counters: { bet_results: number };
  session: Record<string, (value?: any) => void>;
}
export type ThresholdResults = Record<string, Array<{ expression: string; value: number; ok: boolean }>>;
export function k6Socket(ws: unknown): any;
export function createMetrics(): K6Metrics;
export function evaluateThresholds(thresholds: Record<string, string[]>, metrics: K6Metrics): ThresholdResults;
export function runK6Test(options: {
  baseUrl: string;
  apiKey: string;
  players: Array<{ id: string; token: string }>;
  env?: Record<string, string>;
  betChance?: number;
  betEveryMs?: number;
}): Promise<{ options: any; metrics: K6Metrics; thresholds: ThresholdResults; startedAt: number[] }>;
