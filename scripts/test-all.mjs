#!/usr/bin/env node
// `npm test`: every suite in turn — jest unit, jest integration (real Postgres + Redis), Vitest (web) and
// Playwright end-to-end (real browser against the stack `npm start` runs) and the fault suite's CI set (its own
// Postgres, Redis and product processes, each fault injected for real) — then one line: `N passed, N failed`.
// A suite's failures are its failed tests, plus one for each of: its process exited non-zero (or was killed)
// although its report shows none, it wrote no readable report, it ran fewer tests than its floor (--floors).
// Skipped and todo tests are listed per suite.
// Options: --only unit,int,web,e2e,lighthouse,faults   --summary <file> (writes the counts as JSON)   --floors <file> (e.g. .ci/test-floors.json)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './stack.mjs';
import { readFaultsReport } from './faults/lib/analyse.mjs';
import { describeOutcomes, readJestReport, readPlaywrightReport, suiteOutcome } from './test-report.mjs';
import { readLighthouseReport } from './lighthouse.mjs';

const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : null);
const only = option('--only')?.split(',') ?? null;
const summaryFile = option('--summary');
const floorsFile = option('--floors');
const out = join(ROOT, 'test-results');
mkdirSync(out, { recursive: true });

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

// --forceExit: once every test has run and the report is written, Jest exits even if a test left something running
// (the integration environment closes what a test file left open; this is the last line of defence against a suite
// that never ends).
const jest = (project) => ({
  command: 'npx',
  args: (report) => ['jest', '--selectProjects', project, '--forceExit', '--json', '--outputFile', report],
  env: { NODE_OPTIONS: '--experimental-vm-modules' },
  read: readJestReport,
});

/**
 * The suites, in order. A suite is a command that writes a JSON report to the path it is given (`args(report)`,
 * or `env(report)`), and `read`, which turns that report into { passed, failed, skipped, todo, notRun } (or null
 * when it is not a report of that kind). To add one, add an entry here and its floor to .ci/test-floors.json.
 */
const suites = [
  { name: 'unit', title: 'jest unit', ...jest('unit') },
  { name: 'int', title: 'jest integration', ...jest('int') },
  {
    name: 'web',
    title: 'vitest (web)',
    command: 'npx',
    args: (report) => ['vitest', 'run', '--config', 'apps/web/vite.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    read: readJestReport,
  },
  {
    name: 'e2e',
    title: 'playwright (e2e)',
    command: 'npx',
    args: () => ['playwright', 'test', '-c', 'apps/web/e2e/playwright.config.ts', '--reporter=list,json'],
    env: (report) => ({ PLAYWRIGHT_JSON_OUTPUT_NAME: report }),
    read: readPlaywrightReport,
  },
  {
    // Lighthouse (mobile) on landing, login, game and wallet: accessibility and best practices ≥ 95 per page, one
    // test each; performance is printed, not gated (scripts/lighthouse.mjs).
    name: 'lighthouse',
    title: 'lighthouse (a11y + best practices)',
    command: 'node',
    args: (report) => ['scripts/lighthouse.mjs', '--json', report],
    read: readLighthouseReport,
  },
  {
    // The fault suite's reduced set (its own Postgres, Redis and processes; each fault counts as one test).
    name: 'faults',
    title: 'fault suite (CI set)',
    command: 'node',
    args: (report) => ['scripts/faults/run.mjs', '--ci', '--report', report],
    read: readFaultsReport,
  },
];

const unknown = (only ?? []).filter((name) => !suites.some((s) => s.name === name));
if (unknown.length > 0) {
  console.error(`Unknown suite(s): ${unknown.join(', ')} (suites: ${suites.map((s) => s.name).join(', ')})`);
  process.exit(2);
}
const floors = floorsFile ? readJson(floorsFile) : {};
if (floors === null) {
  console.error(`Cannot read the test floors in ${floorsFile}`);
  process.exit(2);
}

function runSuite(suite) {
  const report = join(out, `${suite.name}.json`);
  rmSync(report, { force: true });
  const commandArgs = suite.args(report);
  const env = typeof suite.env === 'function' ? suite.env(report) : suite.env ?? {};
  console.log(`\n━━ ${suite.title}: ${suite.command} ${commandArgs.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(suite.command, commandArgs, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`━━ ${suite.title} finished in ${((Date.now() - started) / 1000).toFixed(1)} s (${result.signal ? `killed by ${result.signal}` : `exit ${result.status}`})`);
  const json = existsSync(report) ? readJson(report) : null;
  return suiteOutcome({ name: suite.name, exitCode: result.status, signal: result.signal, counts: json ? suite.read(json) : null, floor: floors[suite.name] });
}

const outcomes = suites.filter((suite) => !only || only.includes(suite.name)).map(runSuite);
const passed = outcomes.reduce((sum, o) => sum + o.passed, 0);
const failed = outcomes.reduce((sum, o) => sum + o.failed, 0);
console.log('\n' + describeOutcomes(outcomes).join('\n'));
if (summaryFile) {
  const detail = Object.fromEntries(outcomes.map(({ name, notRun: _notRun, ...rest }) => [name, rest]));
  writeFileSync(summaryFile, JSON.stringify({ passed, failed, detail }));
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && outcomes.length > 0 ? 0 : 1);
