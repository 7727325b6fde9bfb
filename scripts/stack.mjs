// The whole product on one machine: build when stale, Postgres (embedded unless DATABASE_URL is set), Redis
// (REDIS_URL, else 127.0.0.1:6379, else a redis-server found on PATH), a local drand beacon (unless DRAND_URLS or
// FAIRNESS_BEACON=none), the migrations (as the database's owner), then the api node (which also serves the built web
// app, and connects as the api's own role) and the round engine. Used by `npm start` and by the end-to-end tests.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  freePort,
  MissingServiceError,
  onPath,
  portOpen,
  REDIS_INSTALL_HINT,
  redisPing,
  startEmbeddedPostgres,
  startRedisServer,
} from './services.mjs';

export { freePort };

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The V8 flags the api and the round engine run with (the Dockerfile and docker-compose.yml give the same): a larger
 * young generation, since the servers allocate many short-lived objects per message (fewer scavenges, lower tail
 * latency under load). `SERVER_NODE_FLAGS` (space-separated) replaces them, to compare others in the benchmark
 * (docs/benchmarks.md).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];

/** `SERVER_NODE_FLAGS`, or those the environment's SERVER_NODE_FLAGS gives instead. */
export function serverNodeFlags(env = process.env) {
  const given = env.SERVER_NODE_FLAGS;
  return given === undefined ? [...SERVER_NODE_FLAGS] : given.split(/\s+/).filter(Boolean);
}

/**
 * The Node binary the api and the round engine run on: this process's own, or the environment's `SERVER_NODE` (a
 * path), to measure the servers on another runtime than the tools' — the image's Node 24 where the box has another
 * (docs/benchmarks.md).
 */
export function serverNode(env = process.env) {
  const given = env.SERVER_NODE;
  if (!given) return process.execPath;
  try {
    accessSync(given, constants.X_OK);
  } catch {
    throw new StackError(`SERVER_NODE is not a program this user can run: ${given}`);
  }
  return given;
}

const DATA = join(ROOT, '.data');

export class StackError extends Error {}

function newestMtime(paths, skip = /\.(spec|int-spec|test)\.tsx?$|[\\/]testing[\\/]/) {
  let newest = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const entry of readdirSync(p)) if (entry !== 'node_modules') walk(join(p, entry));
    } else if (!skip.test(p)) newest = Math.max(newest, st.mtimeMs);
  };
  paths.forEach((p) => walk(join(ROOT, p)));
  return newest;
}

function mtime(path) {
  return existsSync(path) ? statSync(path).mtimeMs : 0;
}

function run(command, args, log) {
  log(`$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: process.env });
  if (result.status !== 0) throw new StackError(`${command} ${args.join(' ')} failed`);
}

/** Builds the server and the web app when their sources are newer than the build output. */
export function buildIfStale({ log = console.log, force = false } = {}) {
  if (!existsSync(join(ROOT, 'node_modules'))) run('npm', ['ci'], log);
  const config = ['package-lock.json', 'tsconfig.json', 'tsconfig.build.json'];
  const server = newestMtime(['apps/api/src', 'apps/round-engine/src', 'libs', ...config]);
  if (force || server > mtime(join(ROOT, 'dist/apps/api/src/main.js'))) run('npx', ['nest', 'build', 'api'], log);
  const web = newestMtime([
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'libs/domain/src',
    'libs/contracts/src',
    ...config,
  ]);
  if (force || web > mtime(join(ROOT, 'dist/web/index.html')))
    run('npx', ['vite', 'build', '--config', 'apps/web/vite.config.ts', '--logLevel', 'warn'], log);
}

async function startLocalPostgres(log) {
  const databaseDir = join(DATA, 'postgres');
  const portFile = join(DATA, 'postgres.port');
  let port = existsSync(portFile) ? Number(readFileSync(portFile, 'utf8')) : 54329;
  if (await portOpen(port)) port = await freePort();
  const password = 'winround-local';
  mkdirSync(DATA, { recursive: true });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) log('Initialising the embedded Postgres under .data/postgres …');
  const { pg, stop } = await startEmbeddedPostgres({ dir: databaseDir, port, password, log });
  writeFileSync(portFile, String(port));
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = 'winround'");
  if (exists.rowCount === 0) await client.query('CREATE DATABASE winround');
  await client.end();
  log(`Postgres (embedded) on 127.0.0.1:${port}`);
  return { url: `postgres://postgres:${password}@127.0.0.1:${port}/winround`, stop };
}

async function startLocalRedis(log) {
  if (!onPath('redis-server')) {
    throw new StackError(
      `Redis is required and none was found: set REDIS_URL, run one on 127.0.0.1:6379, or ${REDIS_INSTALL_HINT}.`,
    );
  }
  try {
    return await startRedisServer({ dir: join(DATA, 'redis'), log });
  } catch (error) {
    throw error instanceof MissingServiceError ? new StackError(error.message) : error;
  }
}

function devSecret(name) {
  mkdirSync(DATA, { recursive: true });
  const file = join(DATA, name);
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

/** The api's database role (migration 0015): what api nodes connect as. */
const API_ROLE = 'winround_api';

/**
 * Applies the migrations as the database's owner (DATABASE_URL), lets the api's role log in with `password`, and
 * returns the api's URL: the same database as that role (API_DATABASE_URL, when given, is used as it is).
 */
async function prepareDatabase(env, log) {
  const { createDatabase, migrateToLatest } = await import(join(ROOT, 'dist/libs/db/src/index.js'));
  const { sql } = await import('kysely');
  const db = createDatabase(env.DATABASE_URL, {
    max: 1,
    pooler: env.DATABASE_POOLER === 'transaction' ? 'transaction' : 'direct',
  });
  try {
    const applied = await migrateToLatest(db);
    if (applied.length > 0) log(`Migrations applied: ${applied.join(', ')}`);
    if (env.API_DATABASE_URL) return env.API_DATABASE_URL;
    const password = devSecret('api-db-password');
    await sql`ALTER ROLE ${sql.id(API_ROLE)} LOGIN PASSWORD ${sql.lit(password)}`.execute(db);
    const url = new URL(env.DATABASE_URL);
    url.username = API_ROLE;
    url.password = password;
    return url.toString();
  } finally {
    await db.destroy();
  }
}

/**
 * A local drand relay (libs/beacon) for the round engine, with quicknet's 3-s rounds (LOCAL_BEACON_PERIOD seconds) and a
 * key kept under .data/: draws mix in public randomness as in production, from a beacon of this machine's own. Served
 * by this process.
 */
async function startBeacon(log, period) {
  const { startLocalBeacon } = await import(join(ROOT, 'dist/libs/beacon/src/index.js'));
  mkdirSync(DATA, { recursive: true });
  const genesisFile = join(DATA, 'beacon-genesis');
  if (!existsSync(genesisFile)) writeFileSync(genesisFile, String(Math.floor(Date.now() / 3000) * 3 - 3600));
  const beacon = await startLocalBeacon({
    period,
    seed: devSecret('beacon-seed'),
    genesisTime: Number(readFileSync(genesisFile, 'utf8')),
  });
  log(`Local drand beacon (test key, ${period}-s rounds) on ${beacon.url}`);
  return beacon;
}

/**
 * Starts the stack and resolves when the api answers its health check.
 * @param {{ env?: Record<string,string>, log?: (line: string) => void, stdio?: 'inherit' | 'pipe' | 'ignore', build?: boolean }} options
 */
export async function startStack(options = {}) {
  const log = options.log ?? ((line) => console.log(line));
  const env = { ...process.env, ...options.env };
  // Checked before anything starts: a SERVER_NODE that cannot run is one clear line, not a failed spawn later.
  const nodeBinary = serverNode();
  if (options.build !== false) buildIfStale({ log });

  const { ConfigError, loadConfig } = await import(join(ROOT, 'dist/libs/config/src/index.js'));
  const stoppers = [];
  const children = [];
  let stopping = false;

  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await Promise.all(
      children.map(
        (child) =>
          new Promise((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
            child.once('exit', () => {
              clearTimeout(timer);
              done();
            });
            child.kill('SIGTERM');
          }),
      ),
    );
    for (const stopper of stoppers.reverse()) await stopper().catch(() => {});
  };

  try {
    env.NODE_ENV ??= 'development';
    if (env.NODE_ENV === 'development') {
      env.JWT_SECRET ??= devSecret('jwt-secret');
      if (!env.ADMIN_EMAIL && !env.ADMIN_PASSWORD) {
        env.ADMIN_EMAIL = 'admin@gmail.com';
        env.ADMIN_PASSWORD = 'admin12345';
        log(
          'Development super-admin: admin@gmail.com / admin12345 (set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own)',
        );
      }
    }
    // Validate before starting anything heavy: one clear message naming the variable.
    try {
      loadConfig(env);
    } catch (error) {
      if (error instanceof ConfigError) throw new StackError(error.message);
      throw error;
    }
    if (!env.DATABASE_URL) {
      const pg = await startLocalPostgres(log);
      stoppers.push(pg.stop);
      env.DATABASE_URL = pg.url;
    }
    if (!env.REDIS_URL) {
      if (await redisPing('redis://127.0.0.1:6379')) env.REDIS_URL = 'redis://127.0.0.1:6379';
      else {
        const redis = await startLocalRedis(log);
        stoppers.push(redis.stop);
        env.REDIS_URL = redis.url;
      }
    } else if (!(await redisPing(env.REDIS_URL))) {
      throw new StackError(`Redis at REDIS_URL (${env.REDIS_URL}) does not answer.`);
    }
    // Public randomness: a local beacon unless relays are given (production: drand quicknet's) or draws use the chain alone.
    if ((env.FAIRNESS_BEACON ?? 'drand') === 'drand' && !env.DRAND_URLS) {
      const beacon = await startBeacon(log, Number(env.LOCAL_BEACON_PERIOD ?? 3));
      stoppers.push(() => beacon.close());
      Object.assign(env, {
        DRAND_URLS: beacon.url,
        DRAND_CHAIN_HASH: beacon.chain.hash,
        DRAND_PUBLIC_KEY: beacon.chain.publicKey,
      });
    }
    const apiDatabaseUrl = await prepareDatabase(env, log);
    // Only round engines hold the key that seals the fairness chains; api nodes never get it.
    const fairnessKey = env.FAIRNESS_KEY ?? (env.NODE_ENV === 'development' ? devSecret('fairness-key') : undefined);
    delete env.FAIRNESS_KEY;
    delete env.API_DATABASE_URL;
    delete env.LOCAL_BEACON_PERIOD;
    env.PORT ??= '3000';
    env.WEB_DIST ??= join(ROOT, 'dist/web');
    const stdio = options.stdio ?? 'inherit';
    // PROFILE_DIR: write a V8 CPU profile of each process there on exit (open it in Chrome DevTools).
    const profile = env.PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${env.PROFILE_DIR}`] : [];
    const spawnApp = (name, entry, extraEnv = {}) => {
      const child = spawn(nodeBinary, ['--enable-source-maps', ...serverNodeFlags(), ...profile, join(ROOT, entry)], {
        cwd: ROOT,
        env: { ...env, ...extraEnv },
        stdio: ['ignore', stdio, stdio],
      });
      child.name = name;
      children.push(child);
      child.once('exit', (code, signal) => {
        if (!stopping) {
          log(`${name} exited (${signal ?? code}); stopping everything.`);
          options.onUnexpectedExit?.(name, code);
          void stop();
        }
      });
      return child;
    };
    // API_NODES > 1: further api nodes on the ports after PORT (what a load balancer would spread over).
    const apiNodes = Math.max(1, Number(env.API_NODES ?? 1));
    const ports = Array.from({ length: apiNodes }, (_, i) => Number(env.PORT) + i);
    // METRICS_PORT (operations port): the round engine's; api node i serves /metrics on METRICS_PORT + 1 + i, and
    // engine j > 0 (ENGINES) on METRICS_PORT + API_NODES + j.
    const metricsBase = env.METRICS_PORT ? Number(env.METRICS_PORT) : null;
    const apiMetrics = (i) =>
      metricsBase === null ? {} : { METRICS_PORT: String(metricsBase === 0 ? 0 : metricsBase + 1 + i) };
    const apiEnv = { DATABASE_URL: apiDatabaseUrl };
    spawnApp('api', 'dist/apps/api/src/main.js', { ...apiEnv, ...apiMetrics(0) });
    ports
      .slice(1)
      .forEach((port, i) =>
        spawnApp(`api:${port}`, 'dist/apps/api/src/main.js', { ...apiEnv, PORT: String(port), ...apiMetrics(i + 1) }),
      );
    // ENGINES > 1: more round-engine processes. The first runs every role but leads no bet partition (it stands by
    // for all of them): its event loop is the clock's, whose settlements and results would otherwise hold up the
    // next round's bet batches. The others run `bets` only and split the partitions (ENGINE_PARTITIONS: engine i
    // leads p mod (ENGINES − 1) = i − 1 first and stands by for the rest), unless ENGINE_ROLES / ENGINE_PARTITIONS
    // are set for all of them.
    const engines = Math.max(1, Number(env.ENGINES ?? 1));
    const partitions = Math.max(1, Number(env.BET_PARTITIONS ?? 4));
    const engineEnv = (i) => {
      const sealing = fairnessKey ? { FAIRNESS_KEY: fairnessKey } : {};
      if (engines === 1) return sealing;
      const own =
        i === 0 ? [] : Array.from({ length: partitions }, (_, p) => p).filter((p) => p % (engines - 1) === i - 1);
      return {
        ...sealing,
        ENGINE_ROLES: env.ENGINE_ROLES ?? (i === 0 ? 'all' : 'bets'),
        ...(env.ENGINE_PARTITIONS ? {} : { ENGINE_PARTITIONS: own.length === 0 ? 'none' : own.join(',') }),
        // Engine i > 0 serves /metrics after the api nodes' ports.
        ...(i > 0 && metricsBase !== null
          ? { METRICS_PORT: String(metricsBase === 0 ? 0 : metricsBase + apiNodes + i) }
          : {}),
      };
    };
    spawnApp('round-engine', 'dist/apps/round-engine/src/main.js', engineEnv(0));
    for (let i = 1; i < engines; i++) spawnApp(`round-engine:${i}`, 'dist/apps/round-engine/src/main.js', engineEnv(i));

    const url = `http://localhost:${env.PORT}`;
    const deadline = Date.now() + 60_000;
    for (const port of ports) {
      for (;;) {
        if (stopping) throw new StackError('The stack stopped while starting (see the log above).');
        try {
          const res = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
          if (res.ok) break;
        } catch {
          /* not up yet */
        }
        if (Date.now() > deadline) throw new StackError('The api did not become healthy within 60 s.');
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    return { url, urls: ports.map((p) => `http://localhost:${p}`), env, stop, children };
  } catch (error) {
    await stop();
    throw error;
  }
}
