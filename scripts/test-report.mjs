// How `npm test` tells a suite's outcome: the counts its JSON report gives, checked against how its process ended
// and against the floor the repository keeps for it (.ci/test-floors.json). Pure functions (scripts/test-report.spec.ts).

import { relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
/** The tests of a report that did not run, by name (capped for printing). */
const MAX_NAMES = 25;
/** How many failed tests get their error printed under their name, and how many lines of it. */
const MAX_REASONS = 5;
const REASON_LINES = 16;

/**
 * The first lines of a test's error, for the closing lines (a CI log may keep only its end): colours, stack frames
 * and blank lines dropped, long lines cut.
 */
export function failureExcerpt(message) {
  if (typeof message !== 'string' || !message) return [];
  return stripVTControlCharacters(message)
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() && !/^\s*at /.test(line))
    .slice(0, REASON_LINES)
    .map((line) => (line.length > 200 ? `${line.slice(0, 199)}…` : line));
}

/** Jest's --json report (and Vitest's, which has the same shape). */
export function readJestReport(report) {
  if (!report || typeof report !== 'object' || typeof report.numPassedTests !== 'number') return null;
  const notRun = [];
  const failedNames = [];
  const failedReasons = [];
  for (const file of report.testResults ?? []) {
    const where = file.name ? `${relative(process.cwd(), file.name)}: ` : '';
    for (const test of file.assertionResults ?? []) {
      if (['pending', 'skipped', 'todo', 'disabled'].includes(test.status))
        notRun.push(`${test.status === 'todo' ? 'todo' : 'skipped'}: ${test.fullName ?? test.title}`);
      if (test.status === 'failed') {
        failedNames.push(`${where}${test.fullName ?? test.title}`);
        failedReasons.push(failureExcerpt((test.failureMessages ?? []).join('\n')));
      }
    }
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
      failedNames.push(`${where}(the file could not run)`);
      failedReasons.push(failureExcerpt(file.message));
    }
  }
  // A test file that could not run at all (it did not compile, its setup threw) reports no failed test of its own.
  const brokenFiles = (report.testResults ?? []).filter(
    (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'),
  ).length;
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + Math.max(report.numRuntimeErrorTestSuites ?? 0, brokenFiles),
    skipped: report.numPendingTests ?? 0,
    todo: report.numTodoTests ?? 0,
    notRun,
    failedNames,
    failedReasons,
  };
}

/** Playwright's JSON report. */
export function readPlaywrightReport(report) {
  if (!report?.stats) return null;
  const notRun = [];
  const failedNames = [];
  const failedReasons = [];
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const name = [...path, spec.title].filter(Boolean).join(' › ');
        if (test.status === 'skipped') notRun.push(`skipped: ${name}`);
        if (test.status === 'unexpected') {
          failedNames.push(name);
          const last = (test.results ?? []).at(-1);
          failedReasons.push(failureExcerpt(last?.error?.message ?? last?.errors?.[0]?.message));
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  return {
    passed: report.stats.expected + report.stats.flaky,
    failed: report.stats.unexpected + (report.errors?.length ?? 0),
    skipped: report.stats.skipped ?? 0,
    todo: 0,
    notRun,
    failedNames,
    failedReasons,
  };
}

/**
 * One suite's outcome. Besides the failed tests of its report, each of these counts as one failure: a process that
 * exited non-zero (or was killed) although its report shows no failure, a missing or unreadable report, and fewer
 * tests run than the suite's floor (a suite that silently stops running its tests). A suite that could not be started
 * (`notStarted`: why, e.g. a service it needs is missing) fails once, for that reason.
 */
export function suiteOutcome({ name, exitCode, signal = null, counts, floor, notStarted = null }) {
  const problems = [];
  const outcome = {
    name,
    passed: 0,
    failed: 0,
    skipped: 0,
    todo: 0,
    ran: 0,
    exitCode,
    notRun: [],
    failedNames: [],
    failedReasons: [],
    problems,
  };
  if (counts)
    Object.assign(outcome, {
      passed: counts.passed,
      failed: counts.failed,
      skipped: counts.skipped,
      todo: counts.todo,
      notRun: counts.notRun ?? [],
      failedNames: counts.failedNames ?? [],
      failedReasons: counts.failedReasons ?? [],
    });
  outcome.ran = outcome.passed + outcome.failed;
  const ended = signal ? `was killed (${signal})` : `exited with code ${exitCode}`;
  if (notStarted) problems.push(`did not run: ${notStarted}`);
  else if (!counts) problems.push(`${ended} and wrote no readable report`);
  else if ((exitCode !== 0 || signal) && outcome.failed === 0)
    problems.push(`${ended} although its report shows no failed test`);
  if (!notStarted && typeof floor === 'number' && outcome.ran < floor)
    problems.push(`ran ${outcome.ran} tests, fewer than its floor of ${floor} (.ci/test-floors.json)`);
  outcome.failed += problems.length;
  return outcome;
}

/** The per-suite lines `npm test` ends with. */
export function describeOutcomes(outcomes) {
  const lines = [];
  for (const o of outcomes) {
    const extra = [o.skipped ? `${o.skipped} skipped` : '', o.todo ? `${o.todo} todo` : ''].filter(Boolean).join(', ');
    lines.push(`${o.name}: ${o.passed} passed, ${o.failed} failed${extra ? `, ${extra}` : ''}`);
    (o.failedNames ?? []).slice(0, MAX_NAMES).forEach((test, i) => {
      lines.push(`  ✘ ${test}`);
      if (i < MAX_REASONS) for (const line of o.failedReasons?.[i] ?? []) lines.push(`      ${line}`);
    });
    for (const problem of o.problems) lines.push(`  ✘ ${o.name} ${problem}`);
    for (const test of o.notRun.slice(0, MAX_NAMES)) lines.push(`  – ${test}`);
    if (o.notRun.length > MAX_NAMES) lines.push(`  – … and ${o.notRun.length - MAX_NAMES} more not run`);
  }
  return lines;
}

/**
 * The stages `npm test` runs, as names: `stages` (each a list of lanes, each lane a list of suite names) narrowed to
 * the `chosen` suites, empty lanes and stages dropped; with `serial`, one stage of one suite each, in the order of
 * `order`. Throws when a suite of `order` is in no stage (it would silently never run).
 */
export function planStages({ stages, order, chosen = null, serial = false }) {
  const staged = stages.flat(2);
  const missing = order.filter((name) => !staged.includes(name));
  if (missing.length > 0) throw new Error(`Suites in no stage: ${missing.join(', ')}`);
  const keep = (name) => !chosen || chosen.includes(name);
  if (serial) return order.filter(keep).map((name) => [[name]]);
  return stages
    .map((stage) => stage.map((lane) => lane.filter(keep)).filter((lane) => lane.length > 0))
    .filter((stage) => stage.length > 0);
}
