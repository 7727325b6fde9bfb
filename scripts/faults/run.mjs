#!/usr/bin/env node
// `npm run test:faults`: the fault suite. Starts its own Postgres cluster and Redis (which it kills), an SMTP sink,
// two api nodes and two round engines from the build (dist/) in production posture with 15-second rounds, signs
// in a few hundred funded players on real Socket.IO clients that bet all the time, then injects each fault and
// judges it: the ledger sums to zero and matches the balances, nothing is negative, every acknowledged bet is
// stored once and settled or refunded, no refused bet is stored, every period is settled or refunded exactly
// once and within 2 rounds of the fault clearing, every bet is answered within 10 s of recovery, every player gets
// each bet-result of a settled bet (and each refund notice) exactly once, also after reconnecting to another node.
// Prints a table per fault, `N passed, N failed`, writes a JSON report, exits non-zero on any failure.
//
// Options: --only <fault>[,<fault>…]  --ci (the reduced set, shorter outages)  --report <file> (default
// test-results/faults.json)  --players <n> (default 300)  --keep-logs (keep the processes' logs in test-results/)
// --no-build (use dist/ as it is)  --list
// --topology cluster: the product on the scaled-out shape instead of one Postgres and one Redis — a 6-node Redis
// Cluster (3 masters, 3 replicas), a Postgres primary with a streaming replica that the api nodes read from, and
// PgBouncer (transaction mode) in front of the primary for every process — and the faults of that shape: a Redis
// master killed, the replica crashed, PgBouncer killed and restarted, an api node killed.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyseFault, formatTable } from './lib/analyse.mjs';
import { faultFacts, PeriodMonitor, withClient } from './lib/database-facts.mjs';
import { FAULTS } from './lib/faults.mjs';
import { detectProtocol, Load } from './lib/load.mjs';
import { startProduct } from './lib/product.mjs';
import {
  killAllChildren,
  sleep,
  startPostgres,
  startRedis,
  startReplica,
  startSmtpSink,
  waitUntil,
  withTimeout,
} from './lib/services.mjs';
import { startPgBouncer } from '../pgbouncer.mjs';
import { startRedisCluster } from '../redis-cluster.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : null);
const flag = (name) => args.includes(name);

const CI = flag('--ci');
const ROUND_SECONDS = 15;
const LOCK_SECONDS = 5;
const ROUND_MS = ROUND_SECONDS * 1000;
const LEASE_TTL_MS = 3000;
const PARTITIONS = 4;
const PLAYERS = Number(option('--players') ?? 300);
const POOR_SHARE = 0.05;
const REPORT = resolve(option('--report') ?? join(ROOT, 'test-results/faults.json'));
const TOPOLOGY = option('--topology') ?? 'single';
if (!['single', 'cluster'].includes(TOPOLOGY)) {
  console.error(`--topology is single (one Postgres, one Redis) or cluster, not ${TOPOLOGY}`);
  process.exit(2);
}
const onTopology = (fault, topology = TOPOLOGY) => (fault.topologies ?? ['single']).includes(topology);

const log = (line) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

if (flag('--list')) {
  for (const f of FAULTS)
    console.log(
      `${f.name.padEnd(26)} ${f.ci ? '(ci) ' : '     '}${onTopology(f, 'single') ? '' : '(--topology cluster) '}${f.title}`,
    );
  process.exit(0);
}
const only = option('--only')?.split(',').filter(Boolean) ?? null;
const faultsHere = FAULTS.filter((f) => onTopology(f));
const unknown = (only ?? []).filter((name) => !faultsHere.some((f) => f.name === name));
if (unknown.length > 0) {
  console.error(
    `Unknown fault(s) on the ${TOPOLOGY} topology: ${unknown.join(', ')}. Faults: ${faultsHere.map((f) => f.name).join(', ')}`,
  );
  process.exit(2);
}
// On the cluster topology every fault of it is in the CI set.
const selected = faultsHere.filter((f) => (only ? only.includes(f.name) : CI && TOPOLOGY === 'single' ? f.ci : true));

// ── cleanup, whatever happens ──
const work = mkdtempSync(join(tmpdir(), 'winround-faults-'));
chmodSync(work, 0o755);
const logDir = join(work, 'logs');
mkdirSync(logDir);
let postgres = null;
let replica = null;
let bouncer = null;
let cleaned = false;
function cleanupSync() {
  if (cleaned) return;
  cleaned = true;
  killAllChildren();
  void bouncer?.kill();
  replica?.stopQuietly();
  postgres?.stopQuietly();
  if (flag('--keep-logs') || process.exitCode) {
    const kept = join(dirname(REPORT), 'faults-logs');
    try {
      rmSync(kept, { recursive: true, force: true });
      cpSync(logDir, kept, { recursive: true });
      console.log(`Process logs kept in ${kept}`);
    } catch {
      /* best effort */
    }
  }
  rmSync(work, { recursive: true, force: true });
}
process.on('exit', cleanupSync);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping every process the suite started …`);
    process.exitCode = 130;
    cleanupSync();
    process.exit(130);
  });
}
process.on('uncaughtException', (error) => {
  console.error('fault suite crashed:', error);
  process.exitCode = 1;
  cleanupSync();
  process.exit(1);
});
process.on('unhandledRejection', (error) => {
  console.error('fault suite crashed (unhandled rejection):', error);
  process.exitCode = 1;
  cleanupSync();
  process.exit(1);
});

// ── build ──
function newest(path) {
  let max = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) for (const entry of readdirSync(p)) walk(join(p, entry));
    else if (!/\.(spec|int-spec)\.ts$/.test(p)) max = Math.max(max, st.mtimeMs);
  };
  walk(join(ROOT, path));
  return max;
}
function buildServer() {
  const built = existsSync(join(ROOT, 'dist/apps/round-engine/src/main.js'))
    ? statSync(join(ROOT, 'dist/apps/round-engine/src/main.js')).mtimeMs
    : 0;
  const sources = Math.max(newest('apps/api/src'), newest('apps/round-engine/src'), newest('libs'));
  if (flag('--no-build') || (built > sources && built > 0)) return;
  log('Building the server (npm run build:server) …');
  const result = spawnSync('npm', ['run', 'build:server'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build:server failed');
}

// ── one fault ──
async function runFault(fault, ctx) {
  const { load, monitor, product, domain, periodConfig } = ctx;
  log(`━━ ${fault.name}: ${fault.title}`);
  load.resetRecords();
  ctx.notes = [];
  ctx.pending = [];
  const logMarks = new Map(product.all.map((p) => [p, p.logSize()]));
  ctx.phaseStart = Date.now();
  load.startBetting();
  const outcome = { name: fault.name, title: fault.title, passed: false, notes: ctx.notes };
  try {
    const {
      injectedAt,
      clearedAt,
      failures: faultFailures = [],
    } = await withTimeout(fault.run(ctx), 120_000, `fault ${fault.name}`);
    Object.assign(outcome, {
      injectedAt: new Date(injectedAt).toISOString(),
      clearedAt: new Date(clearedAt).toISOString(),
      outageS: Math.round((clearedAt - injectedAt) / 100) / 10,
    });
    log(
      `  injected at ${outcome.injectedAt.slice(11, 23)}, cleared at ${outcome.clearedAt.slice(11, 23)}${ctx.notes.length ? ` (${ctx.notes.join('; ')})` : ''}`,
    );
    // Bets keep coming for 2 rounds after the fault clears, and after the injection ends (a paused engine resumed).
    const injectionEnded = Date.now();
    await sleep(Math.max(0, Math.max(clearedAt, injectionEnded) + 2 * ROUND_MS - Date.now()));
    load.stopBetting();
    const lastPeriod = load.plannedPeriod;
    await withTimeout(Promise.allSettled(ctx.pending), 120_000, 'restarts');
    // Drain: until everything is answered, final and delivered, or the deadline (2 rounds after the last period
    // ended or the fault cleared, whichever is later, plus a margin).
    const lastEnd = domain.periodEndMs(lastPeriod, periodConfig);
    const deadline = Math.max(lastEnd, clearedAt, injectionEnded) + 2 * ROUND_MS + 3000;
    const periodIds = [];
    for (
      let id = load.firstPlannedPeriod ?? lastPeriod;
      id && id <= lastPeriod;
      id = domain.nextPeriodId(id, periodConfig)
    )
      periodIds.push(id);
    let lastResultCount = -1;
    let quietSince = Date.now();
    await waitUntil(
      () => {
        if (load.results.length !== lastResultCount) {
          lastResultCount = load.results.length;
          quietSince = Date.now();
        }
        const answered = load.bets.every((b) => b.answers.length > 0);
        const final = periodIds.every((id) => ['SETTLED', 'REFUNDED'].includes(monitor.status[id]));
        return load.idle && answered && final && Date.now() - quietSince > 2500 && Date.now() > lastEnd + 2000;
      },
      { timeoutMs: Math.max(0, deadline - Date.now()), everyMs: 250 },
    );
    await sleep(1500);
    await monitor.poll();
    const ackIds = load.bets.flatMap((b) =>
      b.answers
        .filter((a) => a.success && a.betId)
        .map((a) => a.betId)
        .concat(b.commandId ? [b.commandId] : []),
    );
    const facts = await withClient(ctx.databaseUrl, (client) =>
      faultFacts(client, { periodIds, ackIds: [...new Set(ackIds)] }),
    );
    const verdict = analyseFault({
      clearedAt,
      roundMs: ROUND_MS,
      bets: load.bets,
      results: load.results,
      refundNotices: load.refundNotices,
      unmatched: load.unmatched,
      db: { ...facts, expectedPeriodIds: periodIds, finalSeenAt: monitor.finalSeenAt },
      outage: fault.outage
        ? { from: injectedAt, to: clearedAt, answerWithinMs: fault.answerWithinMs ?? 2000, what: fault.outage }
        : undefined,
      now: Date.now(),
    });
    if (faultFailures.length > 0) {
      verdict.passed = false;
      verdict.failures = [...(verdict.failures ?? []), ...faultFailures];
    }
    Object.assign(outcome, verdict, {
      periods: `${periodIds[0]}…${periodIds.at(-1)}`,
      reconnects: load.connects,
      slowDowns: load.slowDowns,
      outcomeRequests: load.outcomeRequests,
    });
  } catch (error) {
    load.stopBetting();
    outcome.error = error.message;
    outcome.failures = [`the fault could not be run: ${error.message}`];
    log(`  ERROR ${error.message}`);
  }
  outcome.logs = logSummary(product, logMarks);
  outcome.connections = {
    connectedAtEnd: load.players.filter((p) => p.connected).length,
    perNode: load.socketsPerNode(),
    disconnects: load.disconnects,
    connectErrors: load.connectErrors,
    apiHealth: await Promise.all(
      product.apis.map((a) =>
        fetch(`${a.url}/api/v1/health`, { signal: AbortSignal.timeout(3000) }).then(
          (r) => `${a.name} ${r.status}`,
          (e) => `${a.name} ${e.name}`,
        ),
      ),
    ),
  };
  if (outcome.connections.connectedAtEnd < load.players.length * 0.9) {
    outcome.passed = false;
    outcome.failures = [
      ...(outcome.failures ?? []),
      `only ${outcome.connections.connectedAtEnd} of ${load.players.length} players were connected at the end`,
    ];
  }
  log(`  ${outcome.passed ? 'PASS' : 'FAIL'}${outcome.failures?.length ? `: ${outcome.failures.join('; ')}` : ''}`);
  if (outcome.connections.connectedAtEnd < load.players.length)
    log(
      `  players connected at the end: ${outcome.connections.connectedAtEnd} of ${load.players.length} ${JSON.stringify(outcome.connections)}`,
    );
  return outcome;
}

/** Warnings and errors the processes logged during a fault, by process and message (what an operator sees). */
function logSummary(product, marks) {
  const counts = new Map();
  for (const p of product.all) {
    for (const line of p.logSince(marks.get(p) ?? 0)) {
      let entry;
      try {
        entry = JSON.parse(line);
      } catch {
        continue;
      }
      const level =
        typeof entry.level === 'number'
          ? entry.level >= 50
            ? 'error'
            : entry.level >= 40
              ? 'warn'
              : 'info'
          : String(entry.level);
      if (!['warn', 'error', 'fatal'].includes(level)) continue;
      const key = `${p.name.replace(/-\d$/, '')} ${level}: ${String(entry.msg ?? '').slice(0, 120)}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12)
    .map(([line, n]) => `${n}× ${line}`);
}

function writeReport({ started, outcomes, protocol, partial }) {
  const passed = outcomes.filter((o) => o.passed).length;
  const report = {
    suite: 'faults',
    ci: CI,
    topology: TOPOLOGY,
    partial,
    startedAt: new Date(started).toISOString(),
    seconds: Math.round((Date.now() - started) / 1000),
    players: PLAYERS,
    roundSeconds: ROUND_SECONDS,
    protocol,
    passed,
    failed: outcomes.length - passed,
    faults: outcomes,
  };
  mkdirSync(dirname(REPORT), { recursive: true });
  writeFileSync(REPORT, JSON.stringify(report, null, 2));
  return report;
}

/**
 * Between faults: every process and service up again, then a period must settle normally. If none does within
 * 2.5 rounds, the engines are restarted (what an operator would do); the fault that needed it has already failed.
 */
async function heal(ctx) {
  const { product, monitor, domain, periodConfig } = ctx;
  if (ctx.redis && !(await ctx.redis.isReady())) await ctx.redis.start({ keepData: true });
  if (ctx.redisCluster) {
    for (const { port } of ctx.redisCluster.nodes) await ctx.redisCluster.restart(port);
    if (!(await waitUntil(() => ctx.redisCluster.healthy(), { timeoutMs: 30_000, everyMs: 1000 })))
      log('  the Redis Cluster did not report every node and slot ok within 30 s');
  }
  if (!(await ctx.postgres.isReady())) await ctx.postgres.start();
  if (ctx.replica && !(await ctx.replica.isReady())) await ctx.replica.start();
  if (ctx.pgbouncer && !ctx.pgbouncer.running()) await ctx.pgbouncer.restart();
  for (const p of product.all) {
    p.resume();
    if (!p.alive) await p.start();
  }
  const healthy = async () => {
    await monitor.poll();
    const now = Date.now();
    const ended = domain.currentPeriod(now - ROUND_MS, periodConfig);
    if (now < ended.endTime + 2500) return false;
    const stale = Object.entries(monitor.status).filter(
      ([id, status]) =>
        !['SETTLED', 'REFUNDED'].includes(status) && domain.periodEndMs(id, periodConfig) < now - 2 * ROUND_MS,
    );
    return ['SETTLED', 'REFUNDED'].includes(monitor.status[ended.periodId]) && stale.length === 0;
  };
  if (await waitUntil(healthy, { timeoutMs: 2.5 * ROUND_MS, everyMs: 500 })) return 'healthy';
  log('  not healthy: restarting both engines');
  for (const e of product.engines) await e.stop();
  for (const e of product.engines) await e.start();
  if (await waitUntil(healthy, { timeoutMs: 3 * ROUND_MS, everyMs: 500 })) return 'engines restarted';
  return 'unhealthy';
}

// ── main ──
async function main() {
  const started = Date.now();
  log(
    `Fault suite: ${selected.length} fault(s)${CI ? ' (CI set)' : ''} on the ${TOPOLOGY} topology, ${PLAYERS} players, ${ROUND_SECONDS}-s rounds; work dir ${work}`,
  );
  buildServer();
  const domain = await import(join(ROOT, 'dist/libs/domain/src/index.js'));
  const { seedPlayers } = await import(join(ROOT, 'load-tests/lib/seed.mjs'));
  const contracts = readFileSync(join(ROOT, 'libs/contracts/src/socket.ts'), 'utf8');
  const protocol = detectProtocol(contracts);
  log(
    `Client protocol: commandId on place-bet ${protocol.commandIds ? 'yes' : 'no'}, get-bet-outcomes ${protocol.betOutcomes ? 'yes' : 'no'}`,
  );
  const periodConfig = { roundSeconds: ROUND_SECONDS, lockSeconds: LOCK_SECONDS };

  postgres = await startPostgres({ dir: join(work, 'postgres'), log });
  const cluster = TOPOLOGY === 'cluster';
  let redis = null;
  let redisCluster = null;
  if (cluster) {
    replica = await startReplica({ primary: postgres, dir: join(work, 'replica'), log });
    bouncer = await startPgBouncer({ port: postgres.port, poolSize: 40 });
    log(`PgBouncer (transaction mode) on 127.0.0.1:${bouncer.port} in front of the primary`);
    redisCluster = await startRedisCluster({ log });
    process.once('exit', () => void redisCluster.stop());
  } else {
    redis = await startRedis({ dir: join(work, 'redis'), log, logDir });
  }
  const smtp = await startSmtpSink();
  const product = await startProduct({
    root: ROOT,
    logDir,
    databaseUrl: postgres.url,
    redisUrl: redis?.url ?? null,
    smtpUrl: smtp.url,
    roundSeconds: ROUND_SECONDS,
    lockSeconds: LOCK_SECONDS,
    log,
    cluster: cluster
      ? {
          pooledUrl: `${bouncer.server}/winround`,
          readUrl: replica.url,
          redisClusterNodes: redisCluster.clusterNodes,
        }
      : null,
  });

  const poor = Math.round(PLAYERS * POOR_SHARE);
  const secret = product.env.JWT_SECRET;
  // Tokens that outlive the run (the product is told ACCESS_TOKEN_TTL_SECONDS of the same length).
  const ttlSeconds = Number(product.env.ACCESS_TOKEN_TTL_SECONDS);
  const rich = await seedPlayers({
    databaseUrl: postgres.url,
    count: PLAYERS - poor,
    mainPaise: 10_000_000,
    jwtSecret: secret,
    ttlSeconds,
  });
  // Players who cannot afford their stake: the engine refuses their bets (none may be stored).
  const broke = (
    await seedPlayers({ databaseUrl: postgres.url, count: poor, mainPaise: 2000, jwtSecret: secret, ttlSeconds })
  ).map((p) => ({ ...p, poor: true }));
  log(`Seeded ${rich.length} funded players and ${broke.length} who cannot afford their stake`);

  const load = new Load({
    apis: product.apis,
    apiKey: product.env.API_KEY,
    players: [...rich, ...broke],
    domain,
    periodConfig,
    protocol,
    uuid: randomUUID,
    log,
  });
  load.connectAll();
  if (!(await load.waitConnected(30_000)))
    throw new Error(
      `only ${load.players.filter((p) => p.connected).length} of ${load.players.length} players connected within 30 s`,
    );
  log(`${load.players.length} players connected (${load.socketsPerNode().join('/')} per node)`);
  const monitor = new PeriodMonitor(postgres.url);
  monitor.start();

  const ctx = {
    product,
    redis,
    redisCluster,
    postgres,
    replica,
    pgbouncer: bouncer,
    load,
    monitor,
    domain,
    periodConfig,
    databaseUrl: postgres.url,
    partitions: PARTITIONS,
    leaseTtlMs: LEASE_TTL_MS,
    roundMs: ROUND_MS,
    postgresDownMs: CI ? 8000 : 12_000,
    log,
    notes: [],
    pending: [],
    phaseStart: Date.now(),
    note(text) {
      this.notes.push(text);
    },
    /** Waits for a moment of a round at least one round into the fault's phase; returns that period's id. */
    async waitFor(point, offsetMs = 0) {
      const earliest = Math.max(Date.now() + 300, this.phaseStart + ROUND_MS);
      let period = domain.currentPeriod(Date.now(), periodConfig);
      for (let i = 0; i < 10; i++) {
        const base = point === 'intake' ? period.startTime + 4000 : point === 'lock' ? period.lockTime : period.endTime;
        if (base + offsetMs >= earliest) {
          await sleep(base + offsetMs - Date.now());
          return period.periodId;
        }
        period = domain.periodInfo(domain.nextPeriodId(period.periodId, periodConfig), periodConfig);
      }
      throw new Error(`no ${point} moment found`);
    },
  };

  // Warm-up: one round of normal play (the first period settles before any fault).
  log('Warm-up round …');
  load.startBetting();
  await sleep(ROUND_MS);
  load.stopBetting();
  if ((await heal(ctx)) === 'unhealthy') throw new Error('the product did not settle a period in normal operation');

  const outcomes = [];
  for (const fault of selected) {
    const outcome = await runFault(fault, ctx);
    const state = await heal(ctx);
    if (state !== 'healthy') {
      outcome.passed = false;
      outcome.failures = [
        ...(outcome.failures ?? []),
        `the product did not recover by itself (after the fault: ${state})`,
      ];
    }
    outcomes.push(outcome);
    // The report so far, after every fault: an interrupted run keeps what it measured.
    writeReport({ started, outcomes, protocol, partial: true });
    if (state === 'unhealthy') {
      log('The product could not be brought back to health; the remaining faults are not run.');
      for (const rest of selected.slice(selected.indexOf(fault) + 1))
        outcomes.push({
          name: rest.name,
          title: rest.title,
          passed: false,
          failures: ['not run: the product was unhealthy'],
        });
      break;
    }
  }

  await monitor.stop();
  load.closeAll();
  await product.stop();
  await smtp.close();
  await redisCluster?.stop();
  await bouncer?.stop();

  const passed = outcomes.filter((o) => o.passed).length;
  const failed = outcomes.length - passed;
  console.log('\n' + formatTable(outcomes));
  for (const o of outcomes.filter((x) => !x.passed)) {
    console.log(`\n${o.name} — ${o.title}`);
    for (const f of o.failures ?? []) console.log(`  ✘ ${f}`);
    for (const [label, items] of Object.entries(o.examples ?? {}))
      console.log(`    e.g. ${label}: ${items.join(', ')}`);
    for (const line of (o.logs ?? []).slice(0, 6)) console.log(`    log ${line}`);
  }
  const report = writeReport({ started, outcomes, protocol, partial: false });
  console.log(`\nReport: ${REPORT} (${report.seconds} s)`);
  console.log(`${passed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

main()
  .then((code) => {
    process.exitCode = code;
    cleanupSync();
    process.exit(code);
  })
  .catch((error) => {
    console.error(`fault suite could not run: ${error.stack ?? error.message}`);
    process.exitCode = 2;
    cleanupSync();
    process.exit(2);
  });
