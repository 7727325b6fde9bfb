#!/usr/bin/env node
// `npm run cluster`: every tier of a production deployment on one machine, for trying the scaled-out shape locally:
// a 6-node Redis Cluster (3 masters, 3 replicas; scripts/redis-cluster.mjs), a Postgres primary of its own with one
// streaming replica (initdb and pg_basebackup -R in a temporary folder, on free ports: the shared server on 5432 is
// never touched), PgBouncer in transaction mode in front of the primary (scripts/pgbouncer.mjs), 3 api nodes and 3
// round engines (scripts/stack.mjs: the first engine runs the clock and stands by, the others split BET_PARTITIONS
// through their leases), and a small load-balancing proxy in front of the api nodes, on one URL. Api nodes connect
// through PgBouncer as the api's role (DATABASE_POOLER=transaction) and read from the replica (DATABASE_READ_URL); the
// migrations and the engines go through PgBouncer too, as the owner.
// Prints every address, waits until every api node answers /api/v1/health, and on Ctrl-C stops everything and removes
// the temporary folders (docs/operations.md, "One machine, every tier").
//
//   npm run cluster -- [--api 3] [--engines 3] [--partitions 6] [--no-replica] [--no-pgbouncer] [--port 8090]
//                      [--api-port 3100] [--quiet]
import { execFile, spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startPgBouncer } from './pgbouncer.mjs';
import { startRedisCluster } from './redis-cluster.mjs';
import { replicaBackupArgs } from './services.mjs';
import { buildIfStale, startStack, StackError } from './stack.mjs';

const run = promisify(execFile);
const HOST = '127.0.0.1';

/** Where Debian keeps a Postgres major version's programs; POSTGRES_BIN overrides it. */
export function postgresBin() {
  if (process.env.POSTGRES_BIN) return process.env.POSTGRES_BIN;
  const found = spawnSync('sh', ['-c', 'ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1'], {
    encoding: 'utf8',
  }).stdout.trim();
  if (found) return found;
  const initdb = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim();
  if (initdb) return initdb.replace(/\/initdb$/, '');
  throw new StackError(
    'npm run cluster needs the Postgres server programs (initdb, pg_ctl, pg_basebackup): set POSTGRES_BIN.',
  );
}

/** Parses `--name value`, `--name=value` and `--flag` / `--no-flag`. */
export function parseArgs(argv) {
  const options = {
    api: 3,
    engines: 3,
    partitions: 6,
    replica: true,
    pgbouncer: true,
    port: 8090,
    apiPort: 3100,
    quiet: false,
  };
  const numbers = { api: 'api', engines: 'engines', partitions: 'partitions', port: 'port', 'api-port': 'apiPort' };
  for (let i = 0; i < argv.length; i++) {
    const [name, inline] = argv[i].replace(/^--/, '').split('=', 2);
    if (name in numbers) {
      const value = Number(inline ?? argv[++i]);
      if (!Number.isInteger(value) || value < 1) throw new StackError(`--${name} needs a positive whole number`);
      options[numbers[name]] = value;
    } else if (name === 'no-replica') options.replica = false;
    else if (name === 'no-pgbouncer') options.pgbouncer = false;
    else if (name === 'quiet') options.quiet = true;
    else if (name === 'help' || name === 'h') options.help = true;
    else throw new StackError(`unknown option ${argv[i]} (see --help)`);
  }
  return options;
}

const HELP = `npm run cluster -- [options]

Starts every tier on this machine: a Redis Cluster (3 masters + 3 replicas), a Postgres primary with a streaming
replica, PgBouncer (transaction mode), api nodes and round engines, and a load-balancing proxy on one URL.
Ctrl-C stops everything and removes the temporary folders.

  --api N           api nodes (3), on consecutive ports from --api-port (3100, or the next free run)
  --engines N       round engines (3): the first runs the clock and stands by, the others split the partitions
  --partitions N    BET_PARTITIONS (6)
  --port N          the proxy's port (8090, or the next free one)
  --no-replica      no streaming replica (reads go to the primary)
  --no-pgbouncer    api nodes and engines connect to the primary directly
  --quiet           hide the servers' logs
`;

function portFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, HOST, () => server.close(() => resolve(true)));
  });
}

/** The first port from `start` on where `count` consecutive ports are free. */
export async function freeRun(start, count) {
  for (let base = start; base < start + 2000; base++) {
    let ok = true;
    for (let p = base; p < base + count && ok; p++) ok = await portFree(p);
    if (ok) return base;
  }
  throw new StackError(`no ${count} free consecutive ports from ${start}`);
}

async function asPostgres(bin, program, args) {
  const binary = join(bin, program);
  if (process.getuid?.() === 0) await run('runuser', ['-u', 'postgres', '--', binary, ...args]);
  else await run(binary, args);
}

async function ownFolder(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (process.getuid?.() === 0) {
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    chownSync(dir, uid, gid);
  }
  return dir;
}

/** A Postgres server in `dir`/data on `port` (trust authentication, 127.0.0.1 only, hot standby on). */
function postgresServer(bin, dir, port) {
  const settings = [
    `-p ${port}`,
    `-k ${dir}`,
    `-c listen_addresses='${HOST}'`,
    '-c max_connections=200',
    '-c shared_buffers=64MB',
    '-c hot_standby=on',
    '-c wal_level=replica',
    '-c max_wal_senders=5',
  ].join(' ');
  return {
    port,
    dir,
    start: () =>
      asPostgres(bin, 'pg_ctl', ['start', '-w', '-D', join(dir, 'data'), '-l', join(dir, 'log'), '-o', settings]),
    async remove() {
      await asPostgres(bin, 'pg_ctl', ['stop', '-w', '-m', 'fast', '-D', join(dir, 'data')]).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function startPrimary(bin, port) {
  const dir = await ownFolder('wr-cluster-primary-');
  const server = postgresServer(bin, dir, port);
  try {
    await asPostgres(bin, 'initdb', [
      '-D',
      join(dir, 'data'),
      '-U',
      'postgres',
      '--auth=trust',
      '--no-sync',
      '-E',
      'UTF8',
    ]);
    await server.start();
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: `postgres://postgres@${HOST}:${port}/postgres` });
    await client.connect();
    await client.query('CREATE DATABASE winround');
    // The api's role (migration 0015 keeps an existing one): api nodes log in as it, through PgBouncer too.
    await client.query('CREATE ROLE winround_api LOGIN');
    await client.end();
  } catch (error) {
    await server.remove();
    throw error;
  }
  return server;
}

export async function startReplica(bin, primary, port) {
  const dir = await ownFolder('wr-cluster-replica-');
  const server = postgresServer(bin, dir, port);
  try {
    await asPostgres(bin, 'pg_basebackup', replicaBackupArgs(join(dir, 'data'), primary.port));
    await server.start();
  } catch (error) {
    await server.remove();
    throw error;
  }
  return server;
}

const STICKY_COOKIE = 'wr_node';

function cookieNode(header, count) {
  const match = /(?:^|;\s*)wr_node=(\d+)/.exec(header ?? '');
  const node = match ? Number(match[1]) : NaN;
  return Number.isInteger(node) && node >= 0 && node < count ? node : undefined;
}

/**
 * A load-balancing proxy over node:http: round-robin over `targets` (ports on 127.0.0.1), sticky per client so that
 * Socket.IO's long-polling requests reach the node that holds their session — by the `sid` query parameter (learnt
 * from each handshake's answer) or else by a `wr_node` cookie it sets — and WebSocket upgrades passed through as raw
 * sockets. Returns { server, close() } once it listens on `port`.
 */
export function startProxy({ port, targets, host = HOST }) {
  let next = 0;
  const sids = new Map();
  // Connections to the nodes are kept alive; every connection is ended on close (upgraded ones too).
  const agent = new http.Agent({ keepAlive: true });
  const sockets = new Set();
  const pick = (req) => {
    const url = new URL(req.url ?? '/', 'http://proxy');
    const sid = url.searchParams.get('sid');
    if (sid && sids.has(sid)) return { node: sids.get(sid), url };
    const sticky = cookieNode(req.headers.cookie, targets.length);
    if (sticky !== undefined) return { node: sticky, url, sticky: true };
    const node = next;
    next = (next + 1) % targets.length;
    return { node, url };
  };
  const forwarded = (req) => {
    const remote = req.socket.remoteAddress ?? '';
    const prior = req.headers['x-forwarded-for'];
    return {
      'x-forwarded-for': prior ? `${prior}, ${remote}` : remote,
      'x-forwarded-proto': 'http',
      'x-forwarded-host': req.headers.host ?? '',
    };
  };
  const server = http.createServer((req, res) => {
    const { node, url, sticky } = pick(req);
    const upstream = http.request(
      {
        host,
        port: targets[node],
        agent,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, ...forwarded(req) },
      },
      (answer) => {
        const headers = { ...answer.headers };
        if (!sticky) {
          const cookie = `${STICKY_COOKIE}=${node}; Path=/; HttpOnly; SameSite=Lax`;
          const set = headers['set-cookie'];
          headers['set-cookie'] = set ? [...(Array.isArray(set) ? set : [set]), cookie] : [cookie];
        }
        // A Socket.IO polling handshake: remember which node holds the new session.
        const handshake =
          url.pathname.startsWith('/socket.io') &&
          url.searchParams.get('transport') === 'polling' &&
          !url.searchParams.has('sid') &&
          !answer.headers['content-encoding'];
        if (handshake) {
          let head = '';
          answer.on('data', (chunk) => {
            if (head.length < 512) {
              head += chunk.toString('utf8');
              const sid = /"sid":"([^"]+)"/.exec(head)?.[1];
              if (sid) {
                sids.set(sid, node);
                // Sessions end; keep the map bounded.
                if (sids.size > 100_000) sids.delete(sids.keys().next().value);
              }
            }
          });
        }
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`api node on :${targets[node]} did not answer\n`);
    });
    req.pipe(upstream);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('upgrade', (req, socket, head) => {
    const { node } = pick(req);
    const upstream = net.connect(targets[node], host, () => {
      const headers = { ...req.headers, ...forwarded(req) };
      const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
      for (const [name, value] of Object.entries(headers))
        for (const v of Array.isArray(value) ? value : [value]) lines.push(`${name}: ${v}`);
      upstream.write(lines.join('\r\n') + '\r\n\r\n');
      if (head?.length) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    const close = () => {
      upstream.destroy();
      socket.destroy();
    };
    sockets.add(upstream);
    upstream.once('close', () => sockets.delete(upstream));
    upstream.on('error', close);
    socket.on('error', close);
    upstream.on('close', () => socket.destroy());
    socket.on('close', () => upstream.destroy());
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () =>
      resolve({
        server,
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            for (const socket of sockets) socket.destroy();
            agent.destroy();
          }),
      }),
    );
  });
}

async function main(argv) {
  const options = parseArgs(argv);
  if (options.help) {
    console.log(HELP);
    return 0;
  }
  const log = (line) => console.log(`[cluster] ${line}`);
  const started = Date.now();
  const took = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
  buildIfStale({ log });
  const bin = postgresBin();
  const cleanups = [];
  let stopped;
  let ready = false;
  let signalled = false;
  // One shutdown, whoever asks first (Ctrl-C, a process that exited, a failed start).
  const stopAll = () =>
    (stopped ??= (async () => {
      log('stopping …');
      for (const cleanup of cleanups.reverse())
        await cleanup().catch((error) => log(`while stopping: ${error.message}`));
      log('stopped; temporary folders removed.');
    })());
  const interrupted = new Promise((resolve) => {
    const onSignal = () => {
      signalled = true;
      if (ready) resolve();
      // Still starting: stop what is up and leave.
      else void stopAll().then(() => process.exit(130));
    };
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
  });
  const components = [];
  try {
    const t0 = Date.now();
    const redis = await startRedisCluster({ log });
    cleanups.push(redis.stop);
    components.push(['Redis Cluster (3 masters + 3 replicas)', redis.clusterNodes]);
    log(`Redis Cluster ready in ${took(t0)}`);

    const t1 = Date.now();
    const pgPorts = await freeRun(55_432, options.replica ? 2 : 1);
    const primary = await startPrimary(bin, pgPorts);
    cleanups.push(() => primary.remove());
    components.push(['Postgres primary', `${HOST}:${primary.port} (${primary.dir})`]);
    let replica;
    if (options.replica) {
      replica = await startReplica(bin, primary, pgPorts + 1);
      cleanups.push(() => replica.remove());
      components.push(['Postgres streaming replica', `${HOST}:${replica.port} (${replica.dir})`]);
    }
    log(`Postgres ${replica ? 'primary + replica' : 'primary'} ready in ${took(t1)}`);

    let databaseHost = `${HOST}:${primary.port}`;
    if (options.pgbouncer) {
      const bouncer = await startPgBouncer({ host: HOST, port: primary.port, poolMode: 'transaction', poolSize: 40 });
      cleanups.push(() => bouncer.stop());
      databaseHost = `${HOST}:${bouncer.port}`;
      components.push(['PgBouncer (transaction mode) → primary, for the api nodes', databaseHost]);
    }

    const apiPort = await freeRun(options.apiPort, options.api);
    const metricsPort = await freeRun(9470, options.api + options.engines);
    const proxyPort = await freeRun(options.port, 1);
    const t2 = Date.now();
    const stack = await startStack({
      build: false,
      log,
      stdio: options.quiet ? 'ignore' : 'inherit',
      // Ctrl-C in a terminal reaches the api nodes and engines too: their exit is then expected.
      onUnexpectedExit: () => {
        if (!signalled) void stopAll().then(() => process.exit(1));
      },
      env: {
        PORT: String(apiPort),
        API_NODES: String(options.api),
        ENGINES: String(options.engines),
        BET_PARTITIONS: String(options.partitions),
        METRICS_PORT: String(metricsPort),
        // The owner's URL, through PgBouncer like the api nodes' (the stack migrates through it, in one transaction,
        // and the engines use it): nothing relies on session state.
        DATABASE_URL: `postgres://postgres@${databaseHost}/winround`,
        API_DATABASE_URL: `postgres://winround_api@${databaseHost}/winround`,
        ...(options.pgbouncer ? { DATABASE_POOLER: 'transaction' } : {}),
        // Roles replicate: the api's role reads the replica as it writes the primary.
        ...(replica ? { DATABASE_READ_URL: `postgres://winround_api@${HOST}:${replica.port}/winround` } : {}),
        REDIS_CLUSTER_NODES: redis.clusterNodes,
        // With REDIS_CLUSTER_NODES only its password, user and TLS count; the stack checks that it answers.
        REDIS_URL: `redis://${redis.clusterNodes.split(',')[0]}`,
        TRUST_PROXY: 'true',
      },
    });
    cleanups.push(stack.stop);
    log(`${options.api} api node(s) and ${options.engines} engine(s) healthy in ${took(t2)}`);
    stack.urls.forEach((url, i) => components.push([`api node ${i + 1}`, `${url} (metrics :${metricsPort + 1 + i})`]));
    for (let j = 0; j < options.engines; j++) {
      const metrics = j === 0 ? metricsPort : metricsPort + options.api + j;
      components.push([
        `round engine ${j + 1}${j === 0 ? ' (clock, stands by for the bets)' : ' (bets)'}`,
        `metrics and /health on :${metrics}`,
      ]);
    }

    const proxy = await startProxy({ port: proxyPort, targets: stack.urls.map((u) => Number(new URL(u).port)) });
    cleanups.push(proxy.close);
    const url = `http://localhost:${proxyPort}`;
    const health = await fetch(`${url}/api/v1/health`);
    if (!health.ok) throw new StackError(`the proxy's /api/v1/health answered ${health.status}`);
    components.push(['load-balancing proxy (round-robin, sticky)', url]);

    const width = Math.max(...components.map(([name]) => name.length));
    console.log(`\nWinRound cluster up in ${took(started)}:`);
    for (const [name, address] of components) console.log(`  ${name.padEnd(width)}  ${address}`);
    console.log(`\n  Open ${url}   (Ctrl-C stops everything)\n`);
    ready = true;
  } catch (error) {
    await stopAll();
    throw error;
  }
  await interrupted;
  await stopAll();
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    process.exitCode = await main(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof StackError ? `npm run cluster: ${error.message}` : error);
    process.exitCode = 1;
  }
}
