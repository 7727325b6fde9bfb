export interface RecordedAnswer {
  at: number;
  success: boolean;
  message: string;
  betId: string | null;
}
export interface RecordedBet {
  key: string;
  playerId: string;
  periodId: string;
  betType: string;
  sentAt: number;
  commandId: string | null;
  answers: RecordedAnswer[];
}
export interface FaultFacts {
  bets: Array<{ id: string; user_id: string; period_id: string; bet_type: string; status: string }>;
  placedEvents: Record<string, number>;
  periods: Array<{ id: string; status: string; endAt: number; outcomeEvents: number }>;
  expectedPeriodIds: string[];
  finalSeenAt: Record<string, number>;
  ledger: {
    total: number;
    unbalancedEntries: number;
    walletMismatches: number;
    negativeWallets: number;
    stakes: number;
    pendingStakes: number;
  };
}
export interface FaultInput {
  clearedAt: number;
  roundMs: number;
  answerWithinMs?: number;
  stuckRounds?: number;
  outage?: { from: number; to: number; answerWithinMs: number; what: string };
  bets: RecordedBet[];
  results: Array<{ playerId: string; betId: string | null; periodId: string | null; at: number; repeat?: boolean }>;
  refundNotices: Array<{ playerId: string; periodId: string; at: number; repeat?: boolean }>;
  unmatched?: object[];
  db: FaultFacts;
  now: number;
}
export interface FaultRow {
  sent: number;
  answered: number;
  accepted: number;
  refused: number;
  late: number;
  never: number;
  duplicateAnswers: number;
  maxDelayS: number | null;
  sentDuringOutage: number;
  slowDuringOutage: number;
  periods: number;
  refundedPeriods: number;
  stuckPeriods: number;
  resultsExpected: number;
  resultsLost: number;
  resultsDuplicated: number;
  refundNoticesLost: number;
  refundNoticesDuplicated: number;
  money: 'ok' | 'BROKEN';
}
export interface FaultVerdict {
  passed: boolean;
  failures: string[];
  examples: Record<string, string[]>;
  row: FaultRow;
}
export function analyseFault(input: FaultInput): FaultVerdict;
export function formatTable(outcomes: Array<{ name: string; passed: boolean; row?: FaultRow }>): string;
export function readFaultsReport(
  report: unknown,
): { passed: number; failed: number; skipped: number; todo: number; notRun: string[] } | null;
