// Types of prom.mjs for the TypeScript specs.
export function gauge(text: string, name: string): number;
export function histogram(
  texts: string | string[],
  name: string,
  since?: string | string[],
): { count: number; mean: number; p99: number | undefined };
