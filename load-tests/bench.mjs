#!/usr/bin/env node
// `npm run bench`: starts the whole stack (as `npm start` does, in production mode) on this machine, seeds players,
// connects one socket per player and places bets at a set rate through whole rounds, then prints accepted bets/s,
// place-bet → bet-message latency, settlement and result delivery times, sockets held and the round broadcast
// latency and CPU microseconds per accepted bet of each process — for the batched stream pipeline and, in the same
// run, for the simple one-transaction-per-bet path — then compares with the previous release's figures
// (load-tests/baseline.json) and writes a JSON and a self-contained HTML report.
//
//   npm run bench -- --players 3000 --rate 3000 --rounds 2 --round-seconds 10 --lock-seconds 2
//   options: --headless N (N more players whose 3 bets a round go straight onto the streams, no socket)
//            --pipelines stream,direct  --bet-partitions 4  --api-nodes 1  --workers N (load-generator processes;
//            default one per 8,000 players)  --logs (show server logs)  --json <file> (default
//            artifacts/bench/bench-<time>.json; the HTML report is written beside it)
//            --profile <dir> (V8 CPU profiles of the api, the engine and the load generator, to see where the time goes)
//            --find-ceiling (search the highest offered rate whose p99 stays within --p99-limit ms, 500 by
//            default, with at most 1 % refused; starts at --rate, one round per rate, --max-steps 8)
//            --baseline <file> (default load-tests/baseline.json)  --record-baseline (store this run's figures there)
//            --engines N (round-engine processes; the partitions are split between them)
//            --topologies 1+1,2+2 (the batched pipeline once per api nodes + engines, side by side)
//            --cluster (on the scaled-out shape: a 6-node Redis Cluster, a Postgres primary of the bench's own with a
//            streaming replica the api nodes read from, PgBouncer in transaction mode in front of the primary)
//            --help
import { execFileSync, fork, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { testDatabaseServer } from '../scripts/services.mjs';
import { freePort, serverNode, serverNodeFlags, startStack } from '../scripts/stack.mjs';
import { freeRun, postgresBin, startPrimary, startReplica } from '../scripts/cluster.mjs';
import { startPgBouncer } from '../scripts/pgbouncer.mjs';
import { startRedisCluster } from '../scripts/redis-cluster.mjs';
import {
  ceilingOf,
  findBaseline,
  formatRatios,
  meetsBudget,
  nextRate,
  parseTopologies,
  ratios,
  shapeOf,
} from './lib/compare.mjs';
import { gauge, histogram } from './lib/prom.mjs';
import { createCpuMeter, kernelFigures, machineSpeed, microsPerBet } from './lib/cpu.mjs';
import { betSeries, cpuSeries, renderReport } from './lib/report-html.mjs';
import { seedPlayers } from './lib/seed.mjs';
import { percentile, round } from './lib/stats.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const TOKEN_TTL_SECONDS = 6 * 3600;

const args = process.argv.slice(2);
const HELP = `npm run bench -- [options]

Starts the whole stack on this machine (production mode, its own database and redis-server), seeds players,
connects one socket per player from load-generator processes and places bets at a set rate through whole rounds;
then the same with the one-transaction-per-bet path; prints both side by side with the ratios against the previous
release's figures (load-tests/baseline.json) and writes a JSON and a self-contained HTML report.

  --players N            players, one socket each (2000)
  --rate N               bets/s offered over each round's betting window (2000)
  --rounds N             rounds measured (2), back to back as in a live game: each round's bets come in while the
                         round before it is settled and its results go out (the ceiling search: one round per rate)
  --warmup-rounds N      rounds played first and not measured (1): fresh processes, empty caches
  --round-seconds N      round length (10)          --lock-seconds N   betting closes this long before the end (2)
  --pipelines LIST       stream,direct (default both; the ceiling search runs stream)
  --bet-partitions N     bet command partitions (4)
  --api-nodes N          api nodes on consecutive ports, players spread over them (1)
  --engines N            round-engine processes (1): the first runs every role but leads no partition (the clock's
                         loop), the others run bets only and split the partitions (ENGINE_PARTITIONS), each
                         standing by for the others'
  --topologies LIST      e.g. 1+1,2+2: the batched pipeline once per "api nodes + engines", side by side
  --cluster              on the scaled-out shape: a Redis Cluster (3 masters + 3 replicas), a Postgres primary of
                         the bench's own with a streaming replica (the api nodes' reads), PgBouncer in transaction
                         mode in front of the primary for every process; CPU adds PgBouncer's
                         (same load, same report; replaces --api-nodes/--engines/--pipelines)
  --workers N            load-generator processes (one per 4,000 players by default)
  --request-spread-ms N  each player asks for its balance and bets at a random moment within N ms of a new period
                         (0, the default: at once)
  --headless N           N more players whose 3 bets a round go straight onto the partition streams (no socket)
  --find-ceiling         highest offered rate with p99 <= --p99-limit ms (500) and <= 1 % refused (--max-steps 8)
  --profile DIR          V8 CPU profiles of the api nodes, engines and load-generator processes, written there on exit
  --logs                 show the servers' logs
  --json FILE            where the JSON goes (artifacts/bench/bench-<time>.json; the HTML beside it)
  --baseline FILE        previous release's figures (load-tests/baseline.json)
  --record-baseline      store this run's figures as the baseline of its run shape (on a quiet machine only)
`;
if (args.includes('--help') || args.includes('-h')) {
  process.stdout.write(HELP);
  process.exit(0);
}
const opt = (name, fallback) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
const flag = (name) => args.includes(`--${name}`);
const config = {
  players: Number(opt('players', '2000')),
  rate: Number(opt('rate', '2000')),
  rounds: Number(opt('rounds', '2')),
  warmupRounds: Number(opt('warmup-rounds', '1')),
  roundSeconds: Number(opt('round-seconds', '10')),
  lockSeconds: Number(opt('lock-seconds', '2')),
  partitions: Number(opt('bet-partitions', '4')),
  apiNodes: Number(opt('api-nodes', '1')),
  engines: Number(opt('engines', '1')),
  workers: Number(opt('workers', '0')),
  requestSpreadMs: Number(opt('request-spread-ms', '0')),
  headless: Number(opt('headless', '0')),
  findCeiling: flag('find-ceiling'),
  p99LimitMs: Number(opt('p99-limit', '500')),
  maxSteps: Number(opt('max-steps', '8')),
  server: testDatabaseServer(),
  // A Redis of the bench's own (its CPU is then the run's alone) unless TEST_REDIS_URL names one.
  redisUrl: process.env.TEST_REDIS_URL ?? null,
  cluster: flag('cluster'),
};
if (config.cluster && flag('record-baseline')) {
  console.error('--record-baseline records the single-box figures: it cannot be combined with --cluster');
  process.exit(2);
}
if (config.cluster && config.headless) {
  console.error('--headless writes to a single Redis: it cannot be combined with --cluster');
  process.exit(2);
}
// The ceiling search runs the batched pipeline (the baseline file holds the previous release's ceiling).
config.pipelines = opt('pipelines', config.findCeiling ? 'stream' : 'stream,direct').split(',');
// The runs: one per pipeline on --api-nodes + --engines, or (--topologies) the batched pipeline once per topology.
const topologies = opt('topologies', null);
config.runs = topologies
  ? parseTopologies(topologies).map((t) => ({ pipeline: 'stream', ...t }))
  : config.pipelines.map((pipeline) => ({ pipeline, apiNodes: config.apiNodes, engines: config.engines }));
if (topologies) {
  config.apiNodes = Math.max(...config.runs.map((r) => r.apiNodes));
  config.engines = Math.max(...config.runs.map((r) => r.engines));
}
const log = (line) => process.stderr.write(`${line}\n`);

// Stopped on Ctrl-C or a kill as well: the stack's processes, the bench's Redis and database.
const cleanups = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    log(`\n${signal}: stopping the stack …`);
    for (const cleanup of [...cleanups].reverse()) await cleanup().catch(() => {});
    process.exit(130);
  });
}

function portsFree(first, count) {
  const one = (port) =>
    new Promise((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '0.0.0.0', () => server.close(() => resolve(true)));
    });
  return Array.from({ length: count }, (_, i) => first + i).reduce(
    async (ok, port) => (await ok) && one(port),
    Promise.resolve(true),
  );
}

async function deleteRedisPrefix(url, prefix) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length) await redis.del(...keys);
  } while (cursor !== '0');
  redis.disconnect();
}

async function admin(sql) {
  const client = new pg.Client({ connectionString: `${config.server}/postgres` });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A redis-server of the bench's own on a free port (so its CPU is the run's alone), or null when none is installed. */
async function startOwnRedis() {
  const binary = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).stdout.trim();
  if (!binary) return null;
  const port = await freePort();
  const child = spawn(binary, ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const url = `redis://127.0.0.1:${port}`;
  const { Redis } = await import('ioredis');
  for (let i = 0; i < 50; i++) {
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => {});
    const ok = await probe
      .connect()
      .then(() => probe.ping())
      .catch(() => null);
    probe.disconnect();
    if (ok === 'PONG') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: child.pid,
    stop: () =>
      new Promise((done) => {
        child.once('exit', done);
        child.kill('SIGTERM');
      }),
  };
}

/**
 * The CPU meter of a run: the api node(s), the round engine, the Postgres backends serving the bench's database
 * (not the bench's own query connection), Redis (the bench's own; with a shared one, every redis-server on the
 * machine) and the load generator (this process and its workers).
 */
function cpuMeterFor({ stack, workers, db, database, ownBackend, redisPid, shape }) {
  const pids = (name) => () => stack.children.filter((c) => c.name.startsWith(name)).map((c) => c.pid);
  return createCpuMeter({
    ...(shape ? { pgbouncer: () => [shape.bouncer.pid()].filter(Boolean) } : {}),
    api: pids('api'),
    engine: pids('round-engine'),
    postgres: async () =>
      (
        await db.query('SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> $2', [database, ownBackend])
      ).rows.map((r) => r.pid),
    redis: () =>
      shape
        ? shape.redis.pids()
        : redisPid
          ? [redisPid]
          : spawnSync('pgrep', ['-x', 'redis-server'], { encoding: 'utf8' })
              .stdout.split('\n')
              .filter(Boolean)
              .map(Number),
    generator: () => [process.pid, ...workers.map((w) => w.pid)],
  });
}

/** The machine's load average (1, 5, 15 min), as `uptime` prints it: the box is shared, so every figure carries it. */
const uptime = () => loadavg().map((l) => round(l, 2));

async function runPipeline({ pipeline, apiNodes, engines }) {
  const shape = clusterShape;
  const ownRedis = config.redisUrl || shape ? null : await startOwnRedis();
  if (ownRedis) cleanups.add(ownRedis.stop);
  const redisUrl = shape
    ? `redis://${shape.redis.clusterNodes.split(',')[0]}`
    : (config.redisUrl ?? ownRedis?.url ?? 'redis://127.0.0.1:6379');
  const database = `wr_bench_${pipeline}_${randomBytes(3).toString('hex')}`;
  const databaseUrl = `${config.server}/${database}`;
  const jwtSecret = randomBytes(24).toString('hex');
  const redisPrefix = `wrb:${randomBytes(3).toString('hex')}:`;
  const apiKey = 'bench-api-key';
  await admin(`CREATE DATABASE ${database}`);
  // Api nodes listen on consecutive ports from `port`: find a run of free ones, and keep the metrics port clear.
  let port = await freePort();
  while (!(await portsFree(port, apiNodes))) port = await freePort();
  // The engine's operations port, then one per api node after it, then one per further engine (scripts/stack.mjs).
  const opsPorts = apiNodes + engines;
  let metricsPort = await freePort();
  while ((metricsPort + opsPorts > port && metricsPort < port + apiNodes) || !(await portsFree(metricsPort, opsPorts)))
    metricsPort = await freePort();
  const apiMetricsUrls = Array.from({ length: apiNodes }, (_, i) => `http://127.0.0.1:${metricsPort + 1 + i}/metrics`);
  const engineMetricsUrls = Array.from(
    { length: engines },
    (_, i) => `http://127.0.0.1:${i === 0 ? metricsPort : metricsPort + apiNodes + i}/metrics`,
  );
  const scrape = (urls) =>
    Promise.all(
      urls.map((u) =>
        fetch(u)
          .then((r) => r.text())
          .catch(() => ''),
      ),
    );
  log(
    `\n── ${pipeline} on ${apiNodes} api node(s) + ${engines} engine(s): starting the stack on :${port} (database ${database}; load average ${uptime().join(', ')})`,
  );
  const stack = await startStack({
    log: () => {},
    stdio: flag('logs') ? 'inherit' : 'ignore',
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: redisPrefix,
      JWT_SECRET: jwtSecret,
      // Round engines only (the stack keeps it from the api nodes); draws mix in the stack's local beacon, whose 1-s
      // rounds put a period's round before its end (as quicknet's 3-s rounds do for 30-s periods locking 5 s early;
      // with the bench's 10-s rounds and 3-s beacon rounds a third of the periods would wait for a round at their end).
      FAIRNESS_KEY: randomBytes(32).toString('hex'),
      LOCAL_BEACON_PERIOD: '1',
      API_KEY: apiKey,
      // Production refuses to start without them; the benchmark sends no e-mail.
      SMTP_URL: 'smtp://127.0.0.1:2525',
      ADMIN_EMAIL: 'bench.operator@gmail.com',
      ADMIN_PASSWORD: randomBytes(12).toString('hex'),
      // The benchmark never signs the super-admin in: production's second-factor requirement is waived.
      ADMIN_2FA_WAIVED: 'true',
      ROUND_SECONDS: String(config.roundSeconds),
      LOCK_SECONDS: String(config.lockSeconds),
      BET_PARTITIONS: String(config.partitions),
      BET_PIPELINE: pipeline,
      API_NODES: String(apiNodes),
      ENGINES: String(engines),
      FAIRNESS_CHAIN_LENGTH: '100000',
      // The seeded players' access tokens must outlive the run (the api refuses a token longer-lived than this).
      ACCESS_TOKEN_TTL_SECONDS: String(TOKEN_TTL_SECONDS),
      // The servers' log level (with --logs): LOG_LEVEL, else warnings only.
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      METRICS_PORT: String(metricsPort),
      ...(opt('profile') ? { PROFILE_DIR: opt('profile') } : {}),
      ...(shape
        ? {
            REDIS_CLUSTER_NODES: shape.redis.clusterNodes,
            DATABASE_URL: `${shape.bouncer.server}/${database}`,
            DATABASE_POOLER: 'transaction',
            DATABASE_READ_URL: `postgres://postgres@127.0.0.1:${shape.replica.port}/${database}`,
          }
        : {}),
    },
  });
  const dropDatabase = () => admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  cleanups.add(dropDatabase);
  cleanups.add(stack.stop);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    log(`   seeding ${config.players} players`);
    const players = await seedPlayers({ databaseUrl, jwtSecret, count: config.players, ttlSeconds: TOKEN_TTL_SECONDS });

    // Headless players: no socket; their bets go straight onto the partition streams, exactly as the gateway
    // appends them (compiled libs/realtime), so a round can carry more bets than this box can hold sockets.
    const headless = config.headless
      ? await seedPlayers({ databaseUrl, jwtSecret, count: config.headless, ttlSeconds: TOKEN_TTL_SECONDS })
      : [];
    const realtime = await import(new URL('../dist/libs/realtime/src/index.js', import.meta.url).href);
    const domain = await import(new URL('../dist/libs/domain/src/index.js', import.meta.url).href);
    const periodConfig = { roundSeconds: config.roundSeconds, lockSeconds: config.lockSeconds };
    const { Redis } = await import('ioredis');
    const injector = new Redis(redisUrl);
    const injectRound = async (periodId, windowEnd) => {
      const games = [
        ['color', ['red', 'green', 'violet']],
        ['bigSmall', ['big', 'small']],
        ['number', ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']],
      ];
      const commands = headless.flatMap((player) =>
        games.map(([betType, values]) => ({
          id: realtime.uuidv7(),
          userId: player.id,
          periodId,
          betType,
          betValue: values[Math.floor(Math.random() * values.length)],
          amount: 1000,
        })),
      );
      // Spread over the window in 100-ms slices, as players' bets arrive.
      const slices = Math.max(1, Math.round((windowEnd - Date.now()) / 100));
      for (let i = 0; i < slices; i++) {
        const pipeline = injector.pipeline();
        for (const c of commands.slice((i * commands.length) / slices, ((i + 1) * commands.length) / slices)) {
          pipeline.xadd(
            `${redisPrefix}bets:cmd:${realtime.partitionOf(c.userId, config.partitions)}`,
            '*',
            realtime.COMMAND_FIELD,
            realtime.encodeCommand(c),
          );
        }
        await pipeline.exec();
        await new Promise((r) => setTimeout(r, Math.max(0, (windowEnd - Date.now()) / (slices - i) - 5)));
      }
      return commands.length;
    };

    // The load generator: worker processes, each holding a slice of the sockets.
    const workerCount = config.workers || Math.max(1, Math.ceil(config.players / 4000));
    const workers = Array.from({ length: workerCount }, () =>
      fork(new URL('./lib/load-worker.mjs', import.meta.url), {
        stdio: 'inherit',
        execArgv: opt('profile') ? ['--cpu-prof', `--cpu-prof-dir=${opt('profile')}`] : [],
      }),
    );
    const ask = (worker, message, reply) =>
      new Promise((resolve, reject) => {
        const onMessage = (m) => {
          if (m.cmd === 'error') reject(new Error(m.error));
          else if (m.cmd === reply) {
            worker.off('message', onMessage);
            resolve(m);
          }
        };
        worker.on('message', onMessage);
        worker.send(message);
      });
    // The api nodes' resident memory before and after the sockets connect: what a held socket costs.
    const apiMemory = async () =>
      (await scrape(apiMetricsUrls)).reduce((sum, t) => sum + (gauge(t, 'process_resident_memory_bytes') || 0), 0);
    const memoryBefore = await apiMemory();
    log(
      `   connecting ${players.length} sockets from ${workerCount} load-generator process(es) to ${stack.urls.length} api node(s)`,
    );
    const started = Date.now();
    const connected = await Promise.all(
      workers.map((w, i) =>
        ask(
          w,
          {
            cmd: 'connect',
            urls: stack.urls,
            apiKey,
            players: players.filter((_, j) => j % workerCount === i),
            requestSpreadMs: config.requestSpreadMs,
          },
          'connected',
        ),
      ),
    );
    const connectMs = connected.flatMap((c) => c.connectMs);
    const socketCount = connected.reduce((s, c) => s + c.connected, 0);
    log(`   ${socketCount} sockets connected in ${round((Date.now() - started) / 1000)} s`);
    const memoryPerSocketKiB =
      socketCount > 0 && memoryBefore > 0 ? ((await apiMemory()) - memoryBefore) / socketCount / 1024 : null;
    if (memoryPerSocketKiB !== null) log(`   api resident memory per socket: ${round(memoryPerSocketKiB)} KiB`);
    if (socketCount === 0 && players.length > 0) {
      for (const w of workers) w.kill();
      throw new Error('No socket could connect (run with --logs to see the api log).');
    }

    const rounds = [];
    const ownBackend = (await db.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
    const meter = cpuMeterFor({ stack, workers, db, database, ownBackend, redisPid: ownRedis?.pid, shape });
    const allBets = [];
    const ceilingSteps = [];
    const broadcastMs = [];
    const latency = [];
    const earlyLatency = []; // bets sent in a round's first 2 s (while the previous round's results go out)
    const lateLatency = [];
    const rejections = new Map();
    let generatorLoopP99 = 0;
    // Betting capacity: one bet per game per player a round, over the betting window.
    const maxRate = Math.floor((config.players * 3) / Math.max(1, config.roundSeconds - config.lockSeconds - 0.5));
    const planned = () => {
      if (!config.findCeiling) return rounds.length < config.rounds ? config.rate : null;
      return nextRate(ceilingSteps, { start: config.rate, max: maxRate, maxSteps: config.maxSteps });
    };
    /** The period after the one running now, and the one after a given period. */
    const nextPeriod = (periodId = domain.currentPeriod(Date.now(), periodConfig).periodId) =>
      domain.periodInfo(domain.nextPeriodId(periodId, periodConfig), periodConfig);
    /** Headless bets of `count` consecutive periods from `first` (each from 200 ms after its start); counts per period. */
    const injectPeriods = async (first, count) => {
      const counts = [];
      for (let i = 0, p = first; i < count; i++, p = nextPeriod(p.periodId)) {
        await new Promise((r) => setTimeout(r, p.startTime + 200 - Date.now()));
        counts.push(await injectRound(p.periodId, p.lockTime - 300));
      }
      return counts;
    };

    // Measuring starts here: the meters, and (reading a process's /metrics resets its event-loop delay histogram)
    // the api nodes' and engines' loop delay; the engines' reply and batch histograms are read now and subtracted at
    // the end.
    let loadBefore;
    let measureStart;
    let cpuSamples;
    let engineMetricsBefore;
    let apiMetricsBefore;
    let sampler;
    let sampling = Promise.resolve();
    const startMeasuring = async () => {
      apiMetricsBefore = await scrape(apiMetricsUrls);
      engineMetricsBefore = await scrape(engineMetricsUrls);
      loadBefore = uptime();
      measureStart = Date.now();
      cpuSamples = [{ at: measureStart, totals: await meter.sample() }];
      // One CPU sample a second for the report's CPU-over-time chart.
      sampler = setInterval(() => {
        sampling = sampling
          .then(async () => cpuSamples.push({ at: Date.now(), totals: await meter.sample() }))
          .catch(() => {});
      }, 1000);
    };

    /** One measured round from the workers' reports of it. */
    const recordRound = async (reports, rate, injected) => {
      const periodId = reports[0].periodId;
      if (reports.some((x) => x.periodId !== periodId)) log('   note: workers measured different periods');
      const bets = reports.flatMap((x) => x.bets);
      let accepted = 0;
      const roundLatency = [];
      for (const bet of bets) {
        allBets.push(bet);
        roundLatency.push(bet.ms);
        latency.push(bet.ms);
        (bet.intoRound < 2000 ? earlyLatency : lateLatency).push(bet.ms);
        if (bet.success) accepted++;
        else rejections.set(bet.message, (rejections.get(bet.message) ?? 0) + 1);
      }
      broadcastMs.push(...reports.flatMap((x) => x.broadcastMs));
      generatorLoopP99 = Math.max(generatorLoopP99, ...reports.map((x) => x.loopDelayP99));
      const windowSeconds = reports[0].windowSeconds;
      const lastResultAt = Math.max(...reports.map((x) => x.lastResultAt ?? 0));
      const settled = await db.query(
        `SELECT extract(epoch FROM settled_at - end_at) * 1000 AS ms, (SELECT count(*) FROM bets WHERE period_id = $1) AS bets FROM periods WHERE id = $1`,
        [periodId],
      );
      rounds.push({
        periodId,
        rate,
        latencyP50: round(percentile(roundLatency, 50)),
        latencyP99: round(percentile(roundLatency, 99)),
        injected,
        sent: reports.reduce((s, x) => s + x.sent, 0),
        heldBack: reports.reduce((s, x) => s + (x.heldBack ?? 0), 0),
        accepted,
        rejected: bets.length - accepted,
        acceptedPerSecond: round(accepted / windowSeconds),
        windowSeconds: round(windowSeconds),
        betsInDatabase: Number(settled.rows[0]?.bets ?? 0),
        settledAfterEndMs: settled.rows[0]?.ms != null ? round(Number(settled.rows[0].ms)) : null,
        lastResultAfterEndMs: lastResultAt ? round(lastResultAt - reports[0].endTime) : null,
        results: reports.reduce((s, x) => s + x.results, 0),
      });
      const last = rounds.at(-1);
      log(
        `   round ${periodId} at ${rate}/s offered: ${last.sent} sent, ${accepted} accepted (${last.acceptedPerSecond}/s), ${last.rejected} refused, ${last.heldBack} players held back (still on a locked period), p99 ${last.latencyP99} ms, settled +${last.settledAfterEndMs} ms, last result +${last.lastResultAfterEndMs} ms${injected ? ` (${last.betsInDatabase} bets in the round)` : ''}`,
      );
      return last;
    };

    if (config.findCeiling) {
      // One round per rate, each on its own (its results in before the next rate), after the warm-up rounds.
      for (let i = 0; i < config.warmupRounds; i++) {
        const warm = Promise.all(
          workers.map((w) => ask(w, { cmd: 'round', rate: config.rate / workerCount }, 'round')),
        );
        if (headless.length > 0) await injectPeriods(nextPeriod(), 1);
        await warm;
        log('   warm-up round done (not measured)');
      }
      await startMeasuring();
      for (let rate = planned(); rate !== null; rate = planned()) {
        const roundReplies = Promise.all(
          workers.map((w) => ask(w, { cmd: 'round', rate: rate / workerCount }, 'round')),
        );
        const [injected = 0] = headless.length > 0 ? await injectPeriods(nextPeriod(), 1) : [];
        const last = await recordRound(
          (await roundReplies).map((m) => m.report),
          rate,
          injected,
        );
        const ok = meetsBudget(last, { p99LimitMs: config.p99LimitMs });
        ceilingSteps.push({ rate, ok, latencyP99: last.latencyP99, accepted: last.accepted, rejected: last.rejected });
        log(`   ceiling search: ${rate}/s ${ok ? 'meets' : 'misses'} p99 ≤ ${config.p99LimitMs} ms with ≤ 1 % refused`);
      }
    } else {
      // Rounds back to back, as in a live game: each round's bets come in while the previous round is settled and
      // its results go out. The warm-up rounds (fresh processes, empty caches) come first and are not measured.
      const total = config.warmupRounds + config.rounds;
      const first = nextPeriod();
      const replies = Promise.all(
        workers.map((w) =>
          ask(
            w,
            { cmd: 'rounds', rate: config.rate / workerCount, count: config.rounds, warmup: config.warmupRounds },
            'rounds',
          ),
        ),
      );
      const measuredFrom = first.startTime + config.warmupRounds * config.roundSeconds * 1000;
      const measuring = new Promise((r) => setTimeout(r, measuredFrom - Date.now())).then(startMeasuring);
      const injected = headless.length > 0 ? await injectPeriods(first, total) : [];
      const perWorker = (await replies).map((m) => m.reports);
      await measuring;
      if (config.warmupRounds > 0) log(`   ${config.warmupRounds} warm-up round(s) first (not measured)`);
      for (let i = 0; i < config.rounds; i++)
        await recordRound(
          perWorker.map((reports) => reports[i]),
          config.rate,
          injected[config.warmupRounds + i] ?? 0,
        );
    }
    clearInterval(sampler);
    await sampling;
    const measureEnd = Date.now();
    const cpuTotals = await meter.sample();
    cpuSamples.push({ at: measureEnd, totals: cpuTotals });
    const seconds = (measureEnd - measureStart) / 1000;
    const cpu = Object.fromEntries(Object.keys(cpuTotals).map((k) => [k, round(cpuTotals[k] / 1e6 / seconds, 2)]));
    // Bets stored for the measured periods (socket bets accepted plus headless ones).
    const acceptedTotal = rounds.reduce((sum, r) => sum + (r.betsInDatabase || r.accepted), 0);
    const perBet = Object.fromEntries(
      Object.entries(microsPerBet({}, cpuTotals, acceptedTotal)).map(([k, v]) => [k, round(v)]),
    );
    const { systemShare, callsPerBet } = kernelFigures(meter.kernel(), cpuTotals, acceptedTotal);
    const loadAfter = uptime();
    const engineMetrics = await scrape(engineMetricsUrls);
    const apiMetrics = await scrape(apiMetricsUrls);
    const worst = (texts, name) => Math.max(...texts.map((t) => gauge(t, name)).filter(Number.isFinite));
    const batch = histogram(engineMetrics, 'wr_bet_batch_duration_seconds', engineMetricsBefore);
    const size = histogram(engineMetrics, 'wr_bet_batch_size', engineMetricsBefore);
    const reply = histogram(engineMetrics, 'wr_bet_reply_seconds', engineMetricsBefore);
    const lag = (stream) =>
      histogram(apiMetrics, 'wr_events_delivery_lag_seconds', apiMetricsBefore, `stream="${stream}"`);
    const [answersLag, resultsLag] = [lag('events'), lag('results')];
    const held = (await Promise.all(workers.map((w) => ask(w, { cmd: 'stop' }, 'stopped')))).reduce(
      (s, m) => s + m.held,
      0,
    );
    injector.disconnect();
    const allLatency = latency;
    // When each round's publication finished, every player's results in the stream (the players online first, so
    // "last bet-result" above is when the last socket heard; this is when the last player without one was written).
    for (const r of rounds) {
      for (let tries = 0; tries < 100; tries++) {
        const { rows } = await db.query(
          `SELECT extract(epoch FROM results_published_at - end_at) * 1000 AS ms FROM periods WHERE id = $1`,
          [r.periodId],
        );
        if (rows[0]?.ms != null) {
          r.resultsPublishedAfterEndMs = round(Number(rows[0].ms));
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    const ledger = await db.query(`SELECT coalesce(sum(amount), 0) AS total FROM ledger_postings`);
    return {
      pipeline,
      apiNodes,
      engines,
      loadAverage: { before: loadBefore, after: loadAfter },
      partitionsLed: engineMetrics.map((t) => gauge(t, 'wr_bet_partitions_led')),
      socketsHeld: held,
      memoryPerSocketKiB: memoryPerSocketKiB === null ? null : round(memoryPerSocketKiB),
      connectP50: round(percentile(connectMs, 50)),
      connectP99: round(percentile(connectMs, 99)),
      broadcastP50: round(percentile(broadcastMs, 50)),
      broadcastP99: round(percentile(broadcastMs, 99)),
      acceptedPerSecond: round(rounds.reduce((s, r) => s + r.acceptedPerSecond, 0) / rounds.length),
      accepted: rounds.reduce((sum, r) => sum + r.accepted, 0),
      rejected: rounds.reduce((sum, r) => sum + r.rejected, 0),
      sent: rounds.reduce((sum, r) => sum + r.sent, 0),
      heldBack: rounds.reduce((sum, r) => sum + r.heldBack, 0),
      rejections: Object.fromEntries(rejections),
      latencyP50: round(percentile(allLatency, 50)),
      latencyP99: round(percentile(allLatency, 99)),
      latencyMax: round(percentile(allLatency, 100)),
      latencyEarlyP99: round(percentile(earlyLatency, 99)),
      latencyLateP99: round(percentile(lateLatency, 99)),
      latencyLateP50: round(percentile(lateLatency, 50)),
      settledAfterEndMs: Math.max(...rounds.map((r) => r.settledAfterEndMs ?? Infinity)),
      lastResultAfterEndMs: Math.max(...rounds.map((r) => r.lastResultAfterEndMs ?? Infinity)),
      resultsPublishedAfterEndMs: Math.max(...rounds.map((r) => r.resultsPublishedAfterEndMs ?? Infinity)),
      betsPerRound: Math.max(...rounds.map((r) => r.betsInDatabase)),
      ledgerSum: Number(ledger.rows[0].total),
      cpuCores: cpu,
      cpuMicrosPerBet: perBet,
      cpuSystemShare: systemShare,
      syscallsPerBet: callsPerBet,
      ceiling: config.findCeiling
        ? { ...ceilingOf(ceilingSteps, maxRate), maxRate, steps: ceilingSteps, p99LimitMs: config.p99LimitMs }
        : null,
      betSeries: betSeries(allBets, measureStart),
      cpuSeries: cpuSeries(cpuSamples, measureStart),
      generatorLoopDelayP99: round(generatorLoopP99),
      generatorProcesses: workerCount,
      batches: batch.count,
      batchMeanMs: round(batch.mean * 1000),
      batchP99Ms: round(batch.p99 * 1000),
      batchMeanSize: round(size.mean),
      apiLoopDelayP99Ms: round(worst(apiMetrics, 'nodejs_eventloop_lag_p99_seconds') * 1000),
      apiLoopDelayMaxMs: round(worst(apiMetrics, 'nodejs_eventloop_lag_max_seconds') * 1000),
      engineLoopDelayP99Ms: round(worst(engineMetrics, 'nodejs_eventloop_lag_p99_seconds') * 1000),
      engineLoopDelayMaxMs: round(worst(engineMetrics, 'nodejs_eventloop_lag_max_seconds') * 1000),
      engineReplyMeanMs: round(reply.mean * 1000),
      engineReplyP99Ms: round(reply.p99 * 1000),
      // On the api nodes: from an entry's append to its delivery starting (bet answers, and the rounds' results).
      answersLagMeanMs: round(answersLag.mean * 1000),
      answersLagP99Ms: round(answersLag.p99 * 1000),
      resultsLagMeanMs: round(resultsLag.mean * 1000),
      resultsLagP99Ms: round(resultsLag.p99 * 1000),
      rounds,
    };
  } finally {
    await db.end();
    await stack.stop();
    await dropDatabase().catch(() => {});
    cleanups.delete(stack.stop);
    cleanups.delete(dropDatabase);
    if (ownRedis) {
      await ownRedis.stop();
      cleanups.delete(ownRedis.stop);
    } else if (!shape) await deleteRedisPrefix(redisUrl, redisPrefix);
  }
}

const capacity = config.players * 3;
const perRound = config.rate * (config.roundSeconds - config.lockSeconds - 0.5);
if (!config.findCeiling && perRound > capacity)
  log(
    `note: ${config.players} players can place at most ${capacity} bets a round (one per game); the rate asks for ~${Math.round(perRound)}.`,
  );

// How fast the machine is today (the same task every run): figures of runs on different days compare only when these do.
const speed = await machineSpeed();
log(
  `machine speed: a fixed CPU task takes ${speed.aloneMs} ms alone, ${speed.sideBySideMs} ms with two side by side (load average ${uptime().join(', ')})`,
);
// The runtime the api nodes and engines run on (SERVER_NODE, else this one) and their V8 flags (SERVER_NODE_FLAGS).
const serverRuntime = {
  node: execFileSync(serverNode(), ['--version'], { encoding: 'utf8' }).trim(),
  flags: serverNodeFlags().join(' '),
};
log(`servers run on Node ${serverRuntime.node}${serverRuntime.flags ? ` with ${serverRuntime.flags}` : ''}`);

/**
 * --cluster: the scaled-out shape every run of this bench uses (started once): a Redis Cluster, a Postgres primary of
 * the bench's own with a streaming replica, PgBouncer in transaction mode in front of the primary. The bench's
 * databases are created on the primary (the replica follows), its own queries go to the primary directly.
 */
async function startClusterShape() {
  const bin = postgresBin();
  const redis = await startRedisCluster({ log });
  cleanups.add(redis.stop);
  const pgPorts = await freeRun(55_532, 2);
  const primary = await startPrimary(bin, pgPorts);
  cleanups.add(primary.remove);
  const replica = await startReplica(bin, primary, pgPorts + 1);
  cleanups.add(replica.remove);
  const bouncer = await startPgBouncer({ port: primary.port, poolMode: 'transaction', poolSize: 40 });
  cleanups.add(bouncer.stop);
  log(
    `cluster shape: Redis Cluster ${redis.clusterNodes}; Postgres primary :${primary.port}, replica :${replica.port}; PgBouncer :${bouncer.port}`,
  );
  config.server = `postgres://postgres@127.0.0.1:${primary.port}`;
  return {
    redis,
    primary,
    replica,
    bouncer,
    async stop() {
      for (const part of [bouncer.stop, replica.remove, primary.remove, redis.stop]) {
        await part().catch(() => {});
        cleanups.delete(part);
      }
    },
  };
}
const clusterShape = config.cluster ? await startClusterShape() : null;

const reports = [];
try {
  for (const run of config.runs) reports.push(await runPipeline(run));
} finally {
  await clusterShape?.stop();
}

const scaled =
  config.runs.some((r) => r.apiNodes !== config.runs[0].apiNodes || r.engines !== config.runs[0].engines) ||
  config.engines > 1;
const title = (r) =>
  `${r.pipeline === 'stream' ? 'batched stream' : 'one txn per bet'}${scaled ? ` (${r.apiNodes} api + ${r.engines} engine${r.engines > 1 ? 's' : ''})` : ''}`;
const cpuParts = ['api', 'engine', 'postgres', ...(config.cluster ? ['pgbouncer'] : []), 'redis', 'generator'];
// Postgres and PgBouncer serve their sockets with send/recv, which /proc/<pid>/io does not count: their calls are left out.
const callParts = cpuParts.filter((p) => p !== 'postgres' && p !== 'pgbouncer');
const rows = [
  ['', ...reports.map(title)],
  ['sockets held', ...reports.map((r) => r.socketsHeld)],
  ['api resident memory per socket (KiB)', ...reports.map((r) => r.memoryPerSocketKiB ?? '—')],
  ['socket connect p50 / p99 (ms)', ...reports.map((r) => `${r.connectP50} / ${r.connectP99}`)],
  ['round broadcast p50 / p99 (ms)', ...reports.map((r) => `${r.broadcastP50} / ${r.broadcastP99}`)],
  [
    config.findCeiling ? 'offered rates tried (bets/s)' : 'target rate (bets/s)',
    ...reports.map((r) => (config.findCeiling ? r.rounds.map((x) => x.rate).join(', ') : config.rate)),
  ],
  ['accepted bets/s (over the betting window)', ...reports.map((r) => r.acceptedPerSecond)],
  ['bets sent / accepted / refused', ...reports.map((r) => `${r.sent} / ${r.accepted} / ${r.rejected}`)],
  ['players held back a while (still on a locked period when asked to bet)', ...reports.map((r) => r.heldBack)],
  [
    'place-bet → bet-message p50 / p99 / max (ms)',
    ...reports.map((r) => `${r.latencyP50} / ${r.latencyP99} / ${r.latencyMax}`),
  ],
  [
    "  p99 for bets sent in a round's first 2 s / later (ms)",
    ...reports.map((r) => `${r.latencyEarlyP99} / ${r.latencyLateP99}`),
  ],
  ["  p50 for bets sent after a round's first 2 s (ms)", ...reports.map((r) => r.latencyLateP50)],
  ["bets in the largest round (incl. headless players' bets)", ...reports.map((r) => r.betsPerRound)],
  ['settled after round end (ms, worst round)', ...reports.map((r) => r.settledAfterEndMs)],
  ['last bet-result after round end (ms, worst round)', ...reports.map((r) => r.lastResultAfterEndMs)],
  ['every result in the stream after round end (ms, worst round)', ...reports.map((r) => r.resultsPublishedAfterEndMs)],
  ['ledger sum (must be 0)', ...reports.map((r) => r.ledgerSum)],
  ['partitions led by each engine', ...reports.map((r) => r.partitionsLed.join(' + '))],
  [
    '  of which in the engine: received → reply published, mean / p99 (ms)',
    ...reports.map((r) => (r.batches ? `${r.engineReplyMeanMs} / ≤${r.engineReplyP99Ms}` : '—')),
  ],
  [
    '  of which in the api: reply appended → its delivery starts, mean / p99 (ms)',
    ...reports.map((r) =>
      Number.isFinite(r.answersLagMeanMs) ? `${r.answersLagMeanMs} / ≤${r.answersLagP99Ms}` : '—',
    ),
  ],
  [
    'results appended → their delivery starts on the api, mean / p99 (ms)',
    ...reports.map((r) =>
      Number.isFinite(r.resultsLagMeanMs) ? `${r.resultsLagMeanMs} / ≤${r.resultsLagP99Ms}` : '—',
    ),
  ],
  [
    'engine batches: count, mean size, mean / p99 ms',
    ...reports.map((r) => (r.batches ? `${r.batches}, ${r.batchMeanSize}, ${r.batchMeanMs} / ≤${r.batchP99Ms}` : '—')),
  ],
  [
    `CPU cores used: ${cpuParts.filter((p) => p !== 'generator').join(' / ')}`,
    ...reports.map((r) =>
      cpuParts
        .filter((p) => p !== 'generator')
        .map((p) => r.cpuCores[p])
        .join(' / '),
    ),
  ],
  [
    'CPU cores used by the load generator (processes)',
    ...reports.map((r) => `${r.cpuCores.generator} (${r.generatorProcesses})`),
  ],
  [
    `CPU µs per accepted bet: ${cpuParts.join(' / ')}`,
    ...reports.map((r) => cpuParts.map((p) => r.cpuMicrosPerBet[p]).join(' / ')),
  ],
  [
    'CPU µs per accepted bet: total (of which the server side)',
    ...reports.map(
      (r) => `${r.cpuMicrosPerBet.total} (${round(r.cpuMicrosPerBet.total - r.cpuMicrosPerBet.generator)})`,
    ),
  ],
  [
    `  of which in the kernel (system time, %): ${cpuParts.join(' / ')}`,
    ...reports.map((r) => cpuParts.map((p) => r.cpuSystemShare?.[p] ?? '—').join(' / ')),
  ],
  [
    `read / write system calls per accepted bet: ${callParts.join(' / ')}`,
    ...reports.map((r) =>
      callParts
        .map((p) => (r.syscallsPerBet?.[p] ? `${r.syscallsPerBet[p].reads}+${r.syscallsPerBet[p].writes}` : '—'))
        .join(' / '),
    ),
  ],
  ['load generator event-loop delay p99, worst process (ms)', ...reports.map((r) => r.generatorLoopDelayP99)],
  [
    'api event-loop delay p99 / max, worst node (ms)',
    ...reports.map((r) => `${r.apiLoopDelayP99Ms} / ${r.apiLoopDelayMaxMs}`),
  ],
  [
    'engine event-loop delay p99 / max, worst process (ms)',
    ...reports.map((r) => `${r.engineLoopDelayP99Ms} / ${r.engineLoopDelayMaxMs}`),
  ],
  [
    'machine load average before / after (1 min, as uptime)',
    ...reports.map((r) => `${r.loadAverage.before[0]} / ${r.loadAverage.after[0]}`),
  ],
  [
    'machine speed: a fixed CPU task alone / two side by side (ms, before the runs)',
    ...reports.map(() => `${speed.aloneMs} / ${speed.sideBySideMs}`),
  ],
  ['servers: Node version and V8 flags', ...reports.map(() => `${serverRuntime.node} ${serverRuntime.flags}`.trim())],
];
const width = rows.map((r) => r.map((c) => String(c).length)).reduce((w, r) => w.map((x, i) => Math.max(x, r[i] ?? 0)));
const heading = `${config.players} players, ${config.findCeiling ? 'ceiling search' : `${config.rounds} rounds`} of ${config.roundSeconds} s (lock ${config.lockSeconds} s), ${config.partitions} partitions, ${topologies ? `topologies ${topologies} (api nodes + engines)` : `${config.apiNodes} api node(s), ${config.engines} engine(s)`}, ${config.findCeiling ? `from ${config.rate} bets/s` : `target ${config.rate} bets/s`}${config.headless ? `, ${config.headless} headless players` : ''}${config.cluster ? ', on the cluster shape (Redis Cluster 3+3, Postgres primary + streaming replica, PgBouncer)' : ''}`;
console.log(`\nBenchmark: ${heading}`);
for (const row of rows) console.log(row.map((c, i) => String(c).padEnd(width[i])).join('  │  '));

// Comparisons: in the same run with the one-transaction-per-bet path, and with the previous release's figures.
const comparison = [];
const stream = reports.find((r) => r.pipeline === 'stream');
const direct = reports.find((r) => r.pipeline === 'direct');
if (stream && direct) {
  comparison.push('batched stream vs one transaction per bet (this run):', ...formatRatios(ratios(stream, direct)));
}
if (topologies) {
  // Scale-out: each further topology against the first, same load, same run.
  for (const r of reports.slice(1))
    comparison.push(`${title(r)} vs ${title(reports[0])} (this run):`, ...formatRatios(ratios(r, reports[0])));
}
const baselineFile = opt('baseline', join(HERE, 'baseline.json'));
const baseline = existsSync(baselineFile) ? JSON.parse(readFileSync(baselineFile, 'utf8')) : { runs: [], ceilings: [] };
for (const r of reports) {
  if (config.findCeiling) {
    const c = r.ceiling;
    comparison.push(
      `${title(r)} ceiling: ${c.rate} bets/s offered with p99 ≤ ${c.p99LimitMs} ms${c.cappedByPlayers ? ` (the most ${config.players} players can place: more players to go higher)` : ''}`,
    );
    const found = findBaseline(
      baseline,
      { ...config, apiNodes: r.apiNodes, engines: r.engines },
      { findCeiling: true },
    );
    const ref = found?.entry[r.pipeline];
    if (ref?.ceiling)
      comparison.push(
        `  vs ${found.entry.release} (${found.entry.measured}${found.exact ? '' : ', another run shape'}): ${ref.ceiling} bets/s → ${round(c.rate / ref.ceiling, 2)}×`,
      );
    else
      comparison.push(
        '  no recorded ceiling of the previous release for this shape (--record-baseline stores this one)',
      );
    continue;
  }
  const found = findBaseline(baseline, { ...config, apiNodes: r.apiNodes, engines: r.engines });
  const ref = found?.entry[r.pipeline];
  if (!ref) {
    comparison.push(
      `${title(r)}: no recorded figures of the previous release in ${baselineFile} (--record-baseline stores this run's)`,
    );
    continue;
  }
  const shape = found.exact ? 'same run shape' : `run shape ${JSON.stringify(found.entry.shape)}`;
  comparison.push(
    `${title(r)} vs ${found.entry.release} recorded ${found.entry.measured} (${shape}):`,
    ...formatRatios(ratios(r, ref)),
  );
}
// A load average above 2.5 per core is more than this run's own stack makes: other work is on the machine, and the
// figures say little.
const cores = availableParallelism();
const busiest = Math.max(...reports.flatMap((r) => [r.loadAverage.before[0], r.loadAverage.after[0]]));
const busy = busiest > cores * 2.5;
if (busy)
  comparison.push(
    `note: the machine was busy (1-minute load average up to ${busiest} on ${cores} cores): latency figures here are mostly waiting for a core`,
  );
console.log(`\n${comparison.join('\n')}`);
for (const r of reports)
  if (Object.keys(r.rejections).length) console.log(`${title(r)} refusals: ${JSON.stringify(r.rejections)}`);

if (flag('record-baseline') && topologies)
  console.log(
    'not recorded as a baseline: --topologies runs are compared with each other (record with --api-nodes/--engines)',
  );
else if (flag('record-baseline') && busy)
  console.log('not recorded as a baseline: the machine was busy (record on a quiet machine)');
else if (flag('record-baseline')) {
  const pick = (r) => ({
    acceptedPerSecond: r.acceptedPerSecond,
    latencyP50: r.latencyP50,
    latencyP99: r.latencyP99,
    broadcastP99: r.broadcastP99,
    settledAfterEndMs: r.settledAfterEndMs,
    lastResultAfterEndMs: r.lastResultAfterEndMs,
    cpuCores: r.cpuCores,
    cpuMicrosPerBet: r.cpuMicrosPerBet,
    ...(r.ceiling ? { ceiling: r.ceiling.rate } : {}),
  });
  const entry = {
    release: JSON.parse(readFileSync(join(HERE, '../package.json'), 'utf8')).version,
    measured: new Date().toISOString().slice(0, 10),
    command: `npm run bench -- ${args.filter((a) => a !== '--record-baseline').join(' ')}`,
    shape: shapeOf(config),
    ...Object.fromEntries(reports.map((r) => [r.pipeline, pick(r)])),
  };
  const list = config.findCeiling ? (baseline.ceilings ??= []) : (baseline.runs ??= []);
  const same = list.findIndex((e) => JSON.stringify(e.shape) === JSON.stringify(entry.shape));
  if (same >= 0) list[same] = entry;
  else list.push(entry);
  writeFileSync(baselineFile, `${JSON.stringify(baseline, null, 2)}\n`);
  console.log(`recorded as the baseline for this run shape in ${baselineFile}`);
}

const jsonFile = opt(
  'json',
  join(HERE, '..', 'artifacts', 'bench', `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`),
);
mkdirSync(dirname(jsonFile), { recursive: true });
writeFileSync(jsonFile, JSON.stringify({ config, machineSpeed: speed, serverRuntime, reports, comparison }, null, 2));
const htmlFile = jsonFile.replace(/\.json$/, '') + '.html';
writeFileSync(
  htmlFile,
  renderReport({
    title: `WinRound benchmark — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    subtitle: heading,
    tables: [{ title: 'Summary', rows }],
    lines: comparison,
    runs: reports.map((r) => ({
      title: title(r),
      betSeries: r.betSeries,
      cpuSeries: r.cpuSeries,
      summary: [
        [
          'CPU µs per accepted bet (api / engine / postgres / redis / generator)',
          cpuParts.map((p) => r.cpuMicrosPerBet[p]).join(' / '),
        ],
        ['CPU µs per accepted bet, total', r.cpuMicrosPerBet.total],
        ...(r.ceiling
          ? [
              ['ceiling (bets/s offered, p99 ≤ ' + r.ceiling.p99LimitMs + ' ms)', r.ceiling.rate],
              ...r.ceiling.steps.map((st) => [
                `  ${st.rate}/s`,
                `p99 ${st.latencyP99} ms, ${st.rejected} refused → ${st.ok ? 'meets' : 'misses'}`,
              ]),
            ]
          : []),
      ],
    })),
  }),
);
console.log(`\nreport: ${htmlFile}\n  json: ${jsonFile}`);
