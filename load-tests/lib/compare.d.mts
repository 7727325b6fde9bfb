// Types of compare.mjs for the TypeScript specs.
export interface Step {
  rate: number;
  ok: boolean;
}
export function meetsBudget(
  step: { accepted: number; rejected: number; latencyP99: number },
  options?: { p99LimitMs?: number; maxRefusedShare?: number },
): boolean;
export function nextRate(
  history: Step[],
  options: { start: number; max?: number; precision?: number; maxSteps?: number },
): number | null;
export function ceilingOf(history: Step[], max?: number): { rate: number; cappedByPlayers: boolean };
export function shapeOf(config: Record<string, unknown>): Record<string, unknown>;
export function findBaseline(
  baseline: any,
  config: Record<string, unknown>,
  options?: { findCeiling?: boolean },
): { entry: any; exact: boolean } | null;
export function ratios(
  current: any,
  reference: any,
): Record<string, { label: string; current: number; reference: number; ratio: number }>;
export function formatRatios(
  table: Record<string, { label: string; current: number; reference: number; ratio: number }>,
): string[];
export function parseTopologies(text: string): Array<{ apiNodes: number; engines: number }>;
