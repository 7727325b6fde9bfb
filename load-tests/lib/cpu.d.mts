// Types of cpu.mjs for the TypeScript specs.
export function clockTicks(): number;
export function parseStatTimes(line: string): { user: number; system: number };
export function parseIoCalls(text: string): { reads: number; writes: number } | null;
export function processUsage(
  pid: number,
): { micros: number; systemMicros: number; calls: { reads: number; writes: number } | null } | null;
export function createCpuMeter(parts: Record<string, () => number[] | Promise<number[]>>): {
  sample(): Promise<Record<string, number>>;
  kernel(): Record<string, { systemMicros: number; calls: { reads: number; writes: number } | null }>;
};
export function microsPerBet(
  before: Record<string, number>,
  after: Record<string, number>,
  accepted: number,
): Record<string, number>;
export function machineSpeed(options?: { rounds?: number }): Promise<{ aloneMs: number; sideBySideMs: number }>;
export function kernelFigures(
  kernel: Record<string, { systemMicros: number; calls: { reads: number; writes: number } | null }>,
  totals: Record<string, number>,
  accepted: number,
): {
  systemShare: Record<string, number>;
  callsPerBet: Record<string, { reads: number; writes: number } | null>;
};
