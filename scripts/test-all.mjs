#!/usr/bin/env node
// `npm test`: every suite in turn — jest unit, jest integration (real Postgres + Redis), Vitest (web) and
// Playwright end-to-end (real browser against the stack `npm start` runs) — then one line: `N passed, N failed`.
// Options: --only unit,int,web,e2e   --summary <file> (writes the counts as JSON)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './stack.mjs';

const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1].split(',') : null;
const summaryFile = args.includes('--summary') ? args[args.indexOf('--summary') + 1] : null;
const out = join(ROOT, 'test-results');
mkdirSync(out, { recursive: true });

function run(name, command, commandArgs, env = {}) {
  console.log(`\n━━ ${name}: ${command} ${commandArgs.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, commandArgs, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`━━ ${name} finished in ${((Date.now() - started) / 1000).toFixed(1)} s (exit ${result.status})`);
  return result.status;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const suites = [
  {
    name: 'unit',
    run() {
      const file = join(out, 'jest-unit.json');
      rmSync(file, { force: true });
      const status = run('jest unit', 'npx', ['jest', '--selectProjects', 'unit', '--json', '--outputFile', file], { NODE_OPTIONS: '--experimental-vm-modules' });
      const r = readJson(file);
      return r ? { passed: r.numPassedTests, failed: r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0) } : { passed: 0, failed: status === 0 ? 0 : 1 };
    },
  },
  {
    name: 'int',
    run() {
      const file = join(out, 'jest-int.json');
      rmSync(file, { force: true });
      const status = run('jest integration', 'npx', ['jest', '--selectProjects', 'int', '--json', '--outputFile', file], { NODE_OPTIONS: '--experimental-vm-modules' });
      const r = readJson(file);
      return r ? { passed: r.numPassedTests, failed: r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0) } : { passed: 0, failed: status === 0 ? 0 : 1 };
    },
  },
  {
    name: 'web',
    run() {
      const file = join(out, 'vitest.json');
      rmSync(file, { force: true });
      const status = run('vitest (web)', 'npx', ['vitest', 'run', '--config', 'apps/web/vite.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`]);
      const r = readJson(file);
      return r ? { passed: r.numPassedTests, failed: r.numFailedTests + (r.numFailedTestSuites && !r.numFailedTests ? r.numFailedTestSuites : 0) } : { passed: 0, failed: status === 0 ? 0 : 1 };
    },
  },
  {
    name: 'e2e',
    run() {
      const file = join(out, 'playwright.json');
      rmSync(file, { force: true });
      const status = run('playwright (e2e)', 'npx', ['playwright', 'test', '-c', 'apps/web/e2e/playwright.config.ts', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: file });
      const r = readJson(file);
      if (!r?.stats) return { passed: 0, failed: status === 0 ? 0 : 1 };
      const failed = r.stats.unexpected + (r.errors?.length ?? 0);
      return { passed: r.stats.expected + r.stats.flaky, failed };
    },
  },
];

let passed = 0;
let failed = 0;
const detail = {};
for (const suite of suites) {
  if (only && !only.includes(suite.name)) continue;
  const counts = suite.run();
  detail[suite.name] = counts;
  passed += counts.passed;
  failed += counts.failed;
}
console.log('\n' + Object.entries(detail).map(([k, v]) => `${k}: ${v.passed} passed, ${v.failed} failed`).join('\n'));
if (summaryFile) writeFileSync(summaryFile, JSON.stringify({ passed, failed, detail }));
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && existsSync(out) ? 0 : 1);
