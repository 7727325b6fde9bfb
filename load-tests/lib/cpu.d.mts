// Types of cpu.mjs for the TypeScript specs.
export function clockTicks(): number;
export function parseStatTicks(line: string): number;
export function cpuMicros(pid: number): number | null;
export function createCpuMeter(parts: Record<string, () => number[] | Promise<number[]>>): {
  sample(): Promise<Record<string, number>>;
};
export function microsPerBet(
  before: Record<string, number>,
  after: Record<string, number>,
  accepted: number,
): Record<string, number>;
export function machineSpeed(options?: { rounds?: number }): Promise<{ aloneMs: number; sideBySideMs: number }>;
