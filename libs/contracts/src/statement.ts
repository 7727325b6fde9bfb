import type { StatementLineKind } from '@app/domain';

export type { StatementLineKind };

/** Rupees of the main and bonus balances. */
export interface StatementBalances {
  main: number;
  bonus: number;
}

/** One journal entry of the player's accounts: what it moved and the balances after it. */
export interface StatementLine {
  /** The journal entry number (the `events` row's seq). */
  entry: number;
  /** When it was recorded (ISO instant; shown in India time). */
  at: string;
  kind: StatementLineKind;
  /** The round it belongs to (stakes, wins, refunds); several joined by ', '; null for money in and out. */
  periodId: string | null;
  /** The transaction's public id (DEP…, WDR…, BON…), when the entry is a transaction's. */
  reference: string | null;
  /** Signed rupees moved on each balance. */
  main: number;
  bonus: number;
  /** Running balances after the entry. */
  balance: StatementBalances;
}

/** GET /wallet/statement?format=json → data.statement (one page of lines). */
export interface Statement {
  from: string;
  to: string;
  /** IST time zone name the lines are meant to be shown in. */
  timeZone: 'Asia/Kolkata';
  /** Balances at the start of `from` (IST) and at the end of `to`: closing = opening + every line of the range. */
  opening: StatementBalances;
  closing: StatementBalances;
  /** Sums of the whole range's lines, per balance: money in and money out (rupees, out negative). */
  totals: { in: StatementBalances; out: StatementBalances };
  lines: StatementLine[];
  /** Pass as `after` for the next page; null on the last page. */
  nextAfter: number | null;
}
export interface StatementData {
  statement: Statement;
}
