// npm run reconcile [-- --json]: rebuilds every wallet balance from the ledger postings, prints the report and
// exits 0 when the books agree, 1 on any difference, 2 when the check could not run. Uses the built server
// (dist/, built when missing) and DATABASE_URL; without it, the embedded Postgres that `npm start` runs.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'dist/apps/round-engine/src/reconciliation/reconcile-cli.js');

if (!existsSync(CLI)) {
  const build = spawnSync('npx', ['nest', 'build', 'api'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('Building the server failed; run `npm run build:server` and try again.');
    process.exit(2);
  }
}

const env = { ...process.env };
const portFile = join(ROOT, '.data/postgres.port');
if (!env.DATABASE_URL && existsSync(portFile)) {
  // The embedded Postgres of `npm start` (scripts/stack.mjs: user postgres, database winround).
  env.DATABASE_URL = `postgres://postgres:winround-local@127.0.0.1:${readFileSync(portFile, 'utf8').trim()}/winround`;
}

const { runReconcileCli } = await import(pathToFileURL(CLI).href);
process.exitCode = await runReconcileCli({ env, json: process.argv.includes('--json') });
