export interface SuiteCounts {
  passed: number;
  failed: number;
  skipped: number;
  todo: number;
  /** 'skipped: name' / 'todo: name' of the tests that did not run. */
  notRun: string[];
  /** The failed tests' names (a file that could not run at all is named once). */
  failedNames?: string[];
  /** For each failed name, the first lines of its error (colours and stack frames dropped). */
  failedReasons?: string[][];
}
export interface SuiteOutcome extends SuiteCounts {
  name: string;
  /** passed + failed of the report. */
  ran: number;
  exitCode: number | null;
  problems: string[];
}
export function readJestReport(report: unknown): SuiteCounts | null;
export function readPlaywrightReport(report: unknown): SuiteCounts | null;
export function suiteOutcome(input: {
  name: string;
  exitCode: number | null;
  signal?: string | null;
  counts: SuiteCounts | null;
  floor?: number;
  notStarted?: string | null;
}): SuiteOutcome;
export function failureExcerpt(message: unknown): string[];
export function describeOutcomes(outcomes: SuiteOutcome[]): string[];
