import type { Migration } from 'kysely';

export interface ConversionFigures {
  tables: Record<string, { n: string; digest: string }>;
  balances: Record<string, string>;
  walletsDiffering: number;
  identities: { events: string; postings: string; audit: string };
  total: string;
}
export function convertAndCheck(options: {
  server: string;
  migrations: Record<string, Migration>;
  bets: number;
  log?: (line: string) => void;
}): Promise<{
  name: string;
  bets: number;
  before: ConversionFigures;
  after: ConversionFigures;
  ms: number;
  fillMs: number;
  problems: string[];
  legacy: { partition: string; rows: number } | undefined;
}>;
