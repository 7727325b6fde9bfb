// A PgBouncer in transaction mode in front of a Postgres server, for tests: the product's connections must hold no
// session state. `startPgBouncer()` starts one (the `pgbouncer` binary from the PATH, its ini in a temporary folder,
// any database and user passed through to the server); run as a script it starts one in front of the test server and
// runs a command with the integration suite pointed at it:
//
//   node scripts/pgbouncer.mjs npx jest <paths> --selectProjects int --forceExit
//
// sets TEST_DATABASE_POOLER=pgbouncer and TEST_PGBOUNCER_SERVER=postgres://postgres@127.0.0.1:<port>: test databases
// are still created, cloned and dropped on the server directly, and every connection the specs and the apps they
// start make to them goes through PgBouncer (docs/testing.md, docs/database-scaling.md).
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

function freePort() {
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

function portOpen(port) {
  return new Promise((done) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.on('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.on('error', () => done(false));
  });
}

/** The uid and gid of `user`, or undefined when there is none. */
function idsOf(user) {
  const uid = spawnSync('id', ['-u', user], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', user], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) return undefined;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/**
 * Starts a PgBouncer on a free port of 127.0.0.1 in front of `host:port`, in `poolMode` (transaction), letting in
 * `users` without a password (auth_type trust). PgBouncer refuses to run as root: as root it runs as `runAs`
 * (postgres). Resolves once it accepts connections.
 */
export async function startPgBouncer({
  host = '127.0.0.1',
  port = 5432,
  poolMode = 'transaction',
  users = ['postgres', 'winround_api'],
  poolSize = 20,
  runAs = 'postgres',
} = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'wr-pgbouncer-'));
  const listen = await freePort();
  const ini = join(dir, 'pgbouncer.ini');
  writeFileSync(join(dir, 'users.txt'), users.map((u) => `"${u}" ""`).join('\n') + '\n');
  writeFileSync(
    ini,
    [
      '[databases]',
      `* = host=${host} port=${port}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${listen}`,
      `unix_socket_dir =`,
      'auth_type = trust',
      `auth_file = ${join(dir, 'users.txt')}`,
      `pool_mode = ${poolMode}`,
      `default_pool_size = ${poolSize}`,
      'max_client_conn = 1000',
      'max_db_connections = 0',
      // node-postgres sends none of these, other clients might.
      'ignore_startup_parameters = extra_float_digits',
      'server_login_retry = 1',
      `logfile = ${join(dir, 'pgbouncer.log')}`,
      'log_connections = 0',
      'log_disconnections = 0',
      '',
    ].join('\n'),
  );
  const args = [ini];
  if (process.getuid?.() === 0) {
    const ids = idsOf(runAs);
    if (!ids) throw new Error(`pgbouncer refuses to run as root, and there is no user ${runAs} to run it as`);
    chmodSync(dir, 0o755);
    for (const file of ['', 'pgbouncer.ini', 'users.txt']) chownSync(join(dir, file), ids.uid, ids.gid);
    args.unshift('-u', runAs);
  }
  let child;
  let stderr = '';
  let exited;
  const spawnBouncer = () => {
    child = spawn('pgbouncer', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr.on('data', (chunk) => (stderr += chunk));
    exited = new Promise((resolveExit) => child.once('exit', resolveExit));
  };
  const log = () => {
    try {
      return readFileSync(join(dir, 'pgbouncer.log'), 'utf8');
    } catch {
      return '';
    }
  };
  const listening = async () => {
    for (let i = 0; !(await portOpen(listen)); i++) {
      if (child.exitCode !== null || i > 100) {
        child.kill('SIGKILL');
        throw new Error(`pgbouncer did not start: ${stderr}${log()}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  spawnBouncer();
  try {
    await listening();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    port: listen,
    /** The server URL without a database: append `/<name>`. */
    server: `postgres://postgres@127.0.0.1:${listen}`,
    log,
    running,
    /** Its process id (for CPU accounting). */
    pid: () => child.pid,
    /** kill -9 (every client connection cut, nothing handed over); resolves once it is gone. */
    async kill() {
      if (!running()) return;
      child.kill('SIGKILL');
      await exited;
    },
    /** Starts it again on the same port after kill(); resolves once it accepts connections. */
    async restart() {
      if (running()) return;
      spawnBouncer();
      await listening();
    },
    async stop() {
      if (running()) {
        child.kill('SIGINT');
        const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function main(argv) {
  const command = argv[0] === '--' ? argv.slice(1) : argv;
  if (command.length === 0) {
    console.error('usage: node scripts/pgbouncer.mjs <command…>   (runs it with the tests pointed at a PgBouncer)');
    return 2;
  }
  const server = new URL(
    process.env.TEST_DATABASE_SERVER || `postgres://postgres@127.0.0.1:${process.env.TEST_DATABASE_PORT || 5432}`,
  );
  const bouncer = await startPgBouncer({ host: server.hostname, port: Number(server.port || 5432) });
  console.error(`pgbouncer (transaction mode) on ${bouncer.server} in front of ${server.host}`);
  const child = spawn(command[0], command.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_POOLER: 'pgbouncer', TEST_PGBOUNCER_SERVER: bouncer.server },
  });
  const stop = () => child.kill('SIGINT');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const code = await new Promise((done) => child.once('exit', (c, signal) => done(c ?? (signal ? 1 : 0))));
  await bouncer.stop();
  return code;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(await main(process.argv.slice(2)));
