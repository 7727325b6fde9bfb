// The product as the fault suite runs it: the built api and round engine (dist/), two of each as separate
// processes in production posture, against the suite's own Postgres, Redis and SMTP sink. Processes can be
// killed (SIGKILL), paused (SIGSTOP/SIGCONT) and started again; their logs go to one file each.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { serverNodeFlags } from '../../stack.mjs';
import { withClient } from './database-facts.mjs';
import { freePort, sleep, track, waitUntil, withTimeout } from './services.mjs';

async function httpOk(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return res.ok;
  } catch {
    return false;
  }
}

/** One api node or round engine: a child process that can be started, killed, paused and resumed. */
class ProductProcess {
  constructor({ name, kind, root, entry, env, logDir, port, metricsPort }) {
    Object.assign(this, { name, kind, root, entry, env, logDir, port, metricsPort });
    this.child = null;
    this.logFile = join(logDir, `${name}.log`);
    this.starts = 0;
  }

  get pid() {
    return this.child?.pid ?? null;
  }

  get alive() {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts the process; resolves when it answers its health check (api: /api/v1/health; engine: ops /health). */
  async start({ timeoutMs = 90_000 } = {}) {
    if (this.alive) return;
    const out = openSync(this.logFile, 'a');
    const env = { ...process.env, ...this.env, METRICS_PORT: String(this.metricsPort) };
    if (this.kind === 'api') env.PORT = String(this.port);
    this.child = track(
      spawn(process.execPath, ['--enable-source-maps', ...serverNodeFlags(), join(this.root, this.entry)], {
        cwd: this.root,
        env,
        stdio: ['ignore', out, out],
      }),
    );
    closeSync(out);
    this.starts++;
    const health = this.kind === 'api' ? `${this.url}/api/v1/health` : `http://127.0.0.1:${this.metricsPort}/health`;
    const ok = await waitUntil(async () => (this.alive ? httpOk(health) : Promise.reject(new Error('exited'))), {
      timeoutMs,
      everyMs: 250,
    });
    if (!ok) throw new Error(`${this.name} did not become healthy within ${timeoutMs / 1000} s (log: ${this.logFile})`);
  }

  /** kill -9. Resolves once the process is gone. */
  async kill() {
    if (!this.alive) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    try {
      process.kill(this.child.pid, 'SIGCONT');
    } catch {
      /* gone */
    }
    this.child.kill('SIGKILL');
    await withTimeout(exited, 10_000, `${this.name} exit`);
  }

  /** SIGTERM (graceful: leases released), then SIGKILL after 15 s. */
  async stop() {
    if (!this.alive) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    try {
      process.kill(this.child.pid, 'SIGCONT');
    } catch {
      /* gone */
    }
    this.child.kill('SIGTERM');
    try {
      await withTimeout(exited, 15_000, `${this.name} graceful stop`);
    } catch {
      await this.kill();
    }
  }

  pause() {
    if (this.alive) process.kill(this.child.pid, 'SIGSTOP');
  }

  resume() {
    if (this.alive) process.kill(this.child.pid, 'SIGCONT');
  }

  /** Log lines written since byte offset `from`. */
  logSince(from) {
    try {
      const text = readFileSync(this.logFile);
      return text.subarray(Math.min(from, text.length)).toString('utf8').split('\n').filter(Boolean);
    } catch {
      return [];
    }
  }

  logSize() {
    try {
      return statSync(this.logFile).size;
    } catch {
      return 0;
    }
  }
}

/**
 * Starts engine 1 (it migrates the database and creates the fairness chain), the two api nodes, then engine 2. The
 * engines connect as the database's owner, hold the fairness key and mix in a local drand beacon's rounds (served by
 * this process); the api nodes connect as the api's own role. Returns { apis, engines, env, all, stop }.
 *
 * `databaseUrl` is the server itself (the suite's checks and the api role's login go there). On the cluster topology
 * `cluster` says what the processes use instead: `pooledUrl` (PgBouncer in transaction mode in front of it, for every
 * process), `readUrl` (the streaming replica, for the api nodes' reads) and `redisClusterNodes`.
 */
export async function startProduct({
  root,
  logDir,
  databaseUrl,
  redisUrl,
  smtpUrl,
  roundSeconds,
  lockSeconds,
  log,
  cluster = null,
}) {
  const { startLocalBeacon } = await import(join(root, 'dist/libs/beacon/src/index.js'));
  const beacon = await startLocalBeacon({ period: 3 });
  const env = {
    NODE_ENV: 'production',
    REDIS_URL: redisUrl,
    REDIS_PREFIX: 'wr:',
    SMTP_URL: smtpUrl,
    JWT_SECRET: randomBytes(32).toString('hex'),
    API_KEY: `faults-${randomBytes(6).toString('hex')}`,
    ADMIN_EMAIL: 'operator.faults@gmail.com',
    ADMIN_PASSWORD: randomBytes(12).toString('hex'),
    // The suite never signs the super-admin in: production's second-factor requirement is waived.
    ADMIN_2FA_WAIVED: 'true',
    ROUND_SECONDS: String(roundSeconds),
    LOCK_SECONDS: String(lockSeconds),
    // The suite mints access tokens that live for the whole run.
    ACCESS_TOKEN_TTL_SECONDS: String(6 * 3600),
    LOG_LEVEL: 'info',
    API_DOCS: 'false',
    ...(cluster
      ? {
          DATABASE_POOLER: 'transaction',
          REDIS_CLUSTER_NODES: cluster.redisClusterNodes,
          REDIS_URL: `redis://${cluster.redisClusterNodes.split(',')[0]}`,
        }
      : {}),
  };
  const processUrl = cluster?.pooledUrl ?? databaseUrl;
  const apiUrl = new URL(processUrl);
  apiUrl.username = 'winround_api';
  const engineEnv = {
    ...env,
    DATABASE_URL: processUrl,
    FAIRNESS_KEY: randomBytes(32).toString('hex'),
    DRAND_URLS: beacon.url,
    DRAND_CHAIN_HASH: beacon.chain.hash,
    DRAND_PUBLIC_KEY: beacon.chain.publicKey,
  };
  const readUrl = cluster?.readUrl ? new URL(cluster.readUrl) : null;
  if (readUrl) readUrl.username = 'winround_api';
  const apiEnv = {
    ...env,
    DATABASE_URL: apiUrl.toString(),
    ...(readUrl ? { DATABASE_READ_URL: readUrl.toString() } : {}),
  };
  const make = async (name, kind, entry) =>
    new ProductProcess({
      name,
      kind,
      root,
      entry,
      env: kind === 'api' ? apiEnv : engineEnv,
      logDir,
      port: kind === 'api' ? await freePort() : null,
      metricsPort: await freePort(),
    });
  const engines = [
    await make('engine-1', 'engine', 'dist/apps/round-engine/src/main.js'),
    await make('engine-2', 'engine', 'dist/apps/round-engine/src/main.js'),
  ];
  const apis = [
    await make('api-1', 'api', 'dist/apps/api/src/main.js'),
    await make('api-2', 'api', 'dist/apps/api/src/main.js'),
  ];
  const all = [...engines, ...apis];
  log('Starting engine-1 (migrations, fairness chain) …');
  await engines[0].start();
  // The migrations created the api's role; this cluster trusts local connections, so it needs no password.
  await withClient(databaseUrl, (client) => client.query('ALTER ROLE winround_api LOGIN'));
  log('Starting api-1, api-2, engine-2 …');
  await Promise.all([apis[0].start(), apis[1].start(), engines[1].start()]);
  log(
    `Product up: ${apis.map((a) => `${a.name} ${a.url}`).join(', ')}; engines on ops ports ${engines.map((e) => e.metricsPort).join(', ')}`,
  );
  return {
    env,
    apis,
    engines,
    all,
    async stop() {
      await Promise.all(all.map((p) => p.stop().catch(() => p.kill().catch(() => {}))));
      await beacon.close();
    },
  };
}

/** The engine process whose pid holds a lease (the lease value is `host:pid:random`), or null. */
export function holderOf(engines, leaseValue) {
  if (!leaseValue) return null;
  const pid = Number(String(leaseValue).split(':')[1]);
  return engines.find((e) => e.alive && e.pid === pid) ?? null;
}

export { sleep };
