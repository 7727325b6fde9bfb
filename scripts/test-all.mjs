#!/usr/bin/env node
// `npm test`: every suite in turn — jest unit, jest integration (real Postgres + Redis), Vitest (web) and
// Playwright end-to-end (real browser against the stack `npm start` runs) and the fault suite's CI set (its own
// Postgres, Redis and product processes, each fault injected for real) — then one line: `N passed, N failed`.
// A suite's failures are its failed tests, plus one for each of: its process exited non-zero (or was killed)
// although its report shows none, it wrote no readable report, it ran fewer tests than its floor (--floors).
// Skipped and todo tests are listed per suite.
// What the suites need is found or started once, before the first suite that needs it (scripts/services.mjs,
// scripts/chromium.mjs): Postgres where TEST_DATABASE_SERVER (or 127.0.0.1:TEST_DATABASE_PORT, 5432) says, else an
// embedded one for this run; Redis at TEST_REDIS_URL (or 127.0.0.1:TEST_REDIS_PORT, 6379), else a redis-server from
// the PATH; Chromium (CHROMIUM_PATH, the system's, else Playwright's, installed on demand). What was started is
// stopped at the end. A suite whose service cannot be had fails once, with one line saying how to get it.
// Suites that mostly wait run side by side (STAGES below: the fault suite beside the end-to-end suite and Lighthouse);
// the first lane prints as it goes, another's output follows when each of its suites ends.
// Options: --only unit,int,int-pooled,web,e2e,lighthouse,faults   --summary <file> (writes the counts as JSON)   --floors <file> (e.g. .ci/test-floors.json)
//          --serial (one suite at a time)
//          -- <paths or filters> (handed to the jest, Vitest and Playwright suites, e.g. `--only int -- libs/redis`)
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium } from './chromium.mjs';
import { ensureTestServices, onPath, REDIS_INSTALL_HINT } from './services.mjs';
import { buildIfStale, ROOT } from './stack.mjs';
import { readFaultsReport } from './faults/lib/analyse.mjs';
import { describeOutcomes, planStages, readJestReport, readPlaywrightReport, suiteOutcome } from './test-report.mjs';
import { readLighthouseReport } from './lighthouse.mjs';

const argv = process.argv.slice(2);
const dashes = argv.indexOf('--');
const args = dashes === -1 ? argv : argv.slice(0, dashes);
/** Test paths or filters for the jest, Vitest and Playwright suites (after `--`). */
const filters = dashes === -1 ? [] : argv.slice(dashes + 1);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : null);
const only = option('--only')?.split(',') ?? null;
const summaryFile = option('--summary');
const floorsFile = option('--floors');
const serial = args.includes('--serial');
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
  // Paths first: --selectProjects takes every argument after it.
  args: (report) => ['jest', ...filters, '--selectProjects', project, '--forceExit', '--json', '--outputFile', report],
  env: { NODE_OPTIONS: '--experimental-vm-modules' },
  read: readJestReport,
});

/**
 * The suites, in order. A suite is a command that writes a JSON report to the path it is given (`args(report)`,
 * or `env(report)`), and `read`, which turns that report into { passed, failed, skipped, todo, notRun } (or null
 * when it is not a report of that kind). `needs`: what must be done, found or started first, in order ('build': the
 * server and web app built when stale, as `npm start` does, for the specs that run the built processes; 'services':
 * Postgres and Redis for the tests; 'chromium'; 'redis-server': the binary, for a suite that runs its own). To add
 * one, add an entry here and its floor to .ci/test-floors.json.
 */
const suites = [
  { name: 'unit', title: 'jest unit', ...jest('unit') },
  { name: 'int', title: 'jest integration', ...jest('int'), needs: ['build', 'services'] },
  {
    // The whole integration suite again, every connection of the specs and of the api and engine they start going
    // through a real PgBouncer in transaction mode (scripts/pgbouncer.mjs): nothing relies on session state.
    name: 'int-pooled',
    title: 'jest integration through PgBouncer (transaction mode)',
    command: 'node',
    args: (report) => [
      'scripts/pgbouncer.mjs',
      'npx',
      'jest',
      ...filters,
      '--selectProjects',
      'int',
      '--forceExit',
      '--json',
      '--outputFile',
      report,
    ],
    env: { NODE_OPTIONS: '--experimental-vm-modules' },
    read: readJestReport,
    needs: ['build', 'services', 'pgbouncer'],
  },
  {
    name: 'web',
    title: 'vitest (web)',
    command: 'npx',
    args: (report) => [
      'vitest',
      'run',
      ...filters,
      '--config',
      'apps/web/vite.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    read: readJestReport,
  },
  {
    name: 'e2e',
    title: 'playwright (e2e)',
    command: 'npx',
    args: () => ['playwright', 'test', ...filters, '-c', 'apps/web/e2e/playwright.config.ts', '--reporter=list,json'],
    env: (report) => ({ PLAYWRIGHT_JSON_OUTPUT_NAME: report }),
    read: readPlaywrightReport,
    needs: ['build', 'services', 'chromium'],
  },
  {
    // Lighthouse (mobile) on landing, login, game and wallet: accessibility and best practices ≥ 95 per page, one
    // test each; performance is printed, not gated (scripts/lighthouse.mjs).
    name: 'lighthouse',
    title: 'lighthouse (a11y + best practices)',
    command: 'node',
    args: (report) => ['scripts/lighthouse.mjs', '--json', report],
    read: readLighthouseReport,
    needs: ['build', 'services', 'chromium'],
  },
  {
    // The fault suite's reduced set (its own Postgres, Redis and processes; each fault counts as one test).
    name: 'faults',
    title: 'fault suite (CI set)',
    command: 'node',
    args: (report) => ['scripts/faults/run.mjs', '--ci', '--report', report],
    read: readFaultsReport,
    // 'build' first: the suite builds a stale server itself, which must not happen under a suite running beside it.
    needs: ['build', 'redis-server'],
  },
];

/**
 * The order the suites run in: stage after stage; a stage is one or more lanes run side by side, a lane's suites one
 * after another. On two cores a suite that mostly waits leaves room for another: the end-to-end suite keeps about a
 * third of the box busy (the browser waits on 30-second rounds), the fault suite a fifth (it waits for processes to
 * die and heal, its bounds seconds wide), and the pair takes little longer than the end-to-end lane. The integration
 * suites run alone: their checks of take-over and healing hold to a second, which a box shared with another suite
 * does not always keep (a standby engine once led 3 s late beside the end-to-end suite). `unit` and `web` keep both
 * cores busy and run alone.
 */
const STAGES = [[['unit']], [['int']], [['int-pooled']], [['e2e', 'lighthouse'], ['faults']], [['web']]];

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

// What the suites need, each got once (a promise of the variables to hand them, or of the one-line reason it cannot be had).
const provided = new Map();
const stoppers = [];
const log = (line) => console.log(line);
const providers = {
  // Before any service is started: the build blocks this process's event loop.
  build: async () => {
    buildIfStale({ log });
    return {};
  },
  services: async () => {
    const services = await ensureTestServices({ log });
    stoppers.push(services.stop);
    return services.env;
  },
  chromium: async () => ({ CHROMIUM_PATH: (await ensureChromium({ log })).path }),
  pgbouncer: async () => {
    if (!onPath('pgbouncer')) throw new Error('pgbouncer is needed on the PATH: apt-get install pgbouncer.');
    return {};
  },
  'redis-server': async () => {
    if (!onPath('redis-server')) throw new Error(`redis-server is needed on the PATH: ${REDIS_INSTALL_HINT}.`);
    return {};
  },
};

/** The variables for a suite's needs, or { missing: why } (printed once, when first found missing). */
async function provide(needs = []) {
  const env = {};
  for (const need of needs) {
    if (!provided.has(need)) {
      provided.set(
        need,
        providers[need]().then(
          (vars) => ({ vars }),
          (error) => {
            const missing = error instanceof Error ? error.message : String(error);
            console.error(missing);
            return { missing };
          },
        ),
      );
    }
    const { vars, missing } = await provided.get(need);
    if (missing) return { missing };
    Object.assign(env, vars);
  }
  return { env };
}

async function stopServices() {
  for (const stop of stoppers.splice(0).reverse()) await stop().catch(() => {});
}

// Ctrl-C / SIGTERM: the suite's process gets the signal too; what was started for the run is stopped.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    void stopServices().finally(() => process.exit(130));
  });
}

/** Runs a suite's command; `logFile`: its output goes there instead of to this process's (a suite run alongside). */
function run(command, commandArgs, env, logFile) {
  return new Promise((resolve) => {
    // Not spawnSync: an embedded Postgres started for the run logs through this process, whose event loop must run.
    const log = logFile ? createWriteStream(logFile) : null;
    const child = spawn(command, commandArgs, { cwd: ROOT, stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit', env });
    if (log) {
      child.stdout.pipe(log, { end: false });
      child.stderr.pipe(log, { end: false });
    }
    const done = (outcome) => (log ? log.end(() => resolve(outcome)) : resolve(outcome));
    child.once('error', (error) => {
      console.error(`${command}: ${error.message}`);
      done({ status: 127, signal: null });
    });
    // 'close': the output is all read (a child's pipes may outlive its exit by a moment).
    child.once('close', (status, signal) => done({ status, signal }));
  });
}

/** `quiet`: the suite runs beside another lane; its output is kept in test-results/<name>.log and printed when it ends. */
async function runSuite(suite, { quiet = false } = {}) {
  const report = join(out, `${suite.name}.json`);
  rmSync(report, { force: true });
  const needs = await provide(suite.needs);
  if (needs.missing) {
    console.log(`\n━━ ${suite.title}: not run (what it needs is missing)`);
    return suiteOutcome({
      name: suite.name,
      exitCode: null,
      counts: null,
      floor: floors[suite.name],
      notStarted: needs.missing,
    });
  }
  const commandArgs = suite.args(report);
  const env = typeof suite.env === 'function' ? suite.env(report) : (suite.env ?? {});
  const command = `${suite.command} ${commandArgs.join(' ')}`;
  const logFile = quiet ? join(out, `${suite.name}.log`) : null;
  if (quiet) console.log(`\n━━ ${suite.title}: started alongside; its output follows when it ends (${logFile})`);
  else console.log(`\n━━ ${suite.title}: ${command}`);
  const started = Date.now();
  const result = await run(suite.command, commandArgs, { ...process.env, ...needs.env, ...env }, logFile);
  if (quiet) {
    console.log(`\n━━ ${suite.title}: ${command}`);
    process.stdout.write(readFileSync(logFile, 'utf8'));
  }
  console.log(
    `━━ ${suite.title} finished in ${((Date.now() - started) / 1000).toFixed(1)} s (${result.signal ? `killed by ${result.signal}` : `exit ${result.status}`})`,
  );
  const json = existsSync(report) ? readJson(report) : null;
  return suiteOutcome({
    name: suite.name,
    exitCode: result.status,
    signal: result.signal,
    counts: json ? suite.read(json) : null,
    floor: floors[suite.name],
  });
}

const suiteNamed = (name) => suites.find((s) => s.name === name);
const stages = planStages({ stages: STAGES, order: suites.map((s) => s.name), chosen: only, serial }).map((stage) =>
  stage.map((lane) => lane.map(suiteNamed)),
);
const outcomes = [];
try {
  for (const stage of stages) {
    // The first lane prints as it goes, the others when each of their suites ends.
    const lanes = stage.map(async (lane, i) => {
      for (const suite of lane) outcomes.push(await runSuite(suite, { quiet: i > 0 }));
    });
    await Promise.all(lanes);
  }
  // In the order of `suites`, however they ran.
  outcomes.sort((a, b) => suites.findIndex((s) => s.name === a.name) - suites.findIndex((s) => s.name === b.name));
} finally {
  await stopServices();
}
const passed = outcomes.reduce((sum, o) => sum + o.passed, 0);
const failed = outcomes.reduce((sum, o) => sum + o.failed, 0);
console.log('\n' + describeOutcomes(outcomes).join('\n'));
if (summaryFile) {
  const detail = Object.fromEntries(outcomes.map(({ name, notRun: _notRun, ...rest }) => [name, rest]));
  writeFileSync(summaryFile, JSON.stringify({ passed, failed, detail }));
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && outcomes.length > 0 ? 0 : 1);
