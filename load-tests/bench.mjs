#!/usr/bin/env node
// `npm run bench`: starts the whole stack (as `npm start` does, in production mode) on this machine, seeds players,
// connects one socket per player and places bets at a set rate through whole rounds, then prints accepted bets/s,
// place-bet → bet-message latency, settlement and result delivery times, sockets held and the round broadcast
// latency — for the batched stream pipeline and, in the same run, for the simple one-transaction-per-bet path.
//
//   npm run bench -- --players 3000 --rate 3000 --rounds 2 --round-seconds 10 --lock-seconds 2
//   options: --headless N (N more players whose 3 bets a round go straight onto the streams, no socket)
//            --pipelines stream,direct  --bet-partitions 4  --api-nodes 1  --workers N (load-generator processes;
//            default one per 8,000 players)  --logs (show server logs)  --json <file>
//            --profile <dir> (V8 CPU profiles of the api and the engine, to see where the time goes)
import { execSync, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import pg from 'pg';
import { freePort, startStack } from '../scripts/stack.mjs';
import { seedPlayers } from './lib/seed.mjs';
import { percentile, round } from './lib/stats.js';

const args = process.argv.slice(2);
const opt = (name, fallback) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
const flag = (name) => args.includes(`--${name}`);
const config = {
  players: Number(opt('players', '2000')),
  rate: Number(opt('rate', '2000')),
  rounds: Number(opt('rounds', '2')),
  roundSeconds: Number(opt('round-seconds', '10')),
  lockSeconds: Number(opt('lock-seconds', '2')),
  partitions: Number(opt('bet-partitions', '4')),
  apiNodes: Number(opt('api-nodes', '1')),
  workers: Number(opt('workers', '0')),
  headless: Number(opt('headless', '0')),
  pipelines: opt('pipelines', 'stream,direct').split(','),
  server: process.env.TEST_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432',
  redisUrl: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
};
const log = (line) => process.stderr.write(`${line}\n`);

function portsFree(first, count) {
  const one = (port) =>
    new Promise((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '0.0.0.0', () => server.close(() => resolve(true)));
    });
  return Array.from({ length: count }, (_, i) => first + i).reduce(async (ok, port) => (await ok) && one(port), Promise.resolve(true));
}

async function deleteRedisPrefix(prefix) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(config.redisUrl);
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

/** CPU seconds used so far by each part of the system on this machine (from /proc). */
function cpuByPart(stack, workers = []) {
  const ticks = (pid) => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      return 0;
    }
  };
  const sumOf = (name) =>
    execSync(`pgrep -x ${name} || true`, { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .reduce((sum, pid) => sum + ticks(pid), 0);
  const api = stack.children.filter((c) => c.name.startsWith('api')).reduce((sum, c) => sum + ticks(c.pid), 0);
  const engine = stack.children.filter((c) => c.name === 'round-engine').reduce((sum, c) => sum + ticks(c.pid), 0);
  const generator = ticks(process.pid) + workers.reduce((sum, w) => sum + ticks(w.pid), 0);
  return { api, engine, postgres: sumOf('postgres'), redis: sumOf('redis-server'), generator };
}

/** Mean and a rough p99 of a Prometheus histogram from the engine's /metrics text. */
function histogram(text, name) {
  const lines = text.split('\n').filter((l) => l.startsWith(name));
  const value = (suffix) => Number(lines.find((l) => l.startsWith(`${name}_${suffix}`))?.split(' ').at(-1) ?? NaN);
  const count = value('count');
  const buckets = lines
    .filter((l) => l.startsWith(`${name}_bucket`))
    .map((l) => [Number(/le="([^"]+)"/.exec(l)?.[1] === '+Inf' ? Infinity : /le="([^"]+)"/.exec(l)?.[1]), Number(l.split(' ').at(-1))]);
  const p99 = buckets.find(([, c]) => c >= 0.99 * count)?.[0];
  return { count, mean: value('sum') / count, p99 };
}

async function runPipeline(pipeline) {
  const database = `wr_bench_${pipeline}_${randomBytes(3).toString('hex')}`;
  const databaseUrl = `${config.server}/${database}`;
  const jwtSecret = randomBytes(24).toString('hex');
  const redisPrefix = `wrb:${randomBytes(3).toString('hex')}:`;
  const apiKey = 'bench-api-key';
  await admin(`CREATE DATABASE ${database}`);
  // Api nodes listen on consecutive ports from `port`: find a run of free ones, and keep the metrics port clear.
  let port = await freePort();
  while (!(await portsFree(port, config.apiNodes))) port = await freePort();
  // The engine's operations port, then one per api node after it (scripts/stack.mjs).
  let metricsPort = await freePort();
  while ((metricsPort + config.apiNodes >= port && metricsPort < port + config.apiNodes) || !(await portsFree(metricsPort, config.apiNodes + 1))) metricsPort = await freePort();
  log(`\n── ${pipeline}: starting the stack on :${port} (database ${database})`);
  const stack = await startStack({
    log: () => {},
    stdio: flag('logs') ? 'inherit' : 'ignore',
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      REDIS_URL: config.redisUrl,
      REDIS_PREFIX: redisPrefix,
      JWT_SECRET: jwtSecret,
      API_KEY: apiKey,
      // Production refuses to start without them; the benchmark sends no e-mail.
      SMTP_URL: 'smtp://127.0.0.1:2525',
      ADMIN_EMAIL: 'bench.operator@gmail.com',
      ADMIN_PASSWORD: randomBytes(12).toString('hex'),
      ROUND_SECONDS: String(config.roundSeconds),
      LOCK_SECONDS: String(config.lockSeconds),
      BET_PARTITIONS: String(config.partitions),
      BET_PIPELINE: pipeline,
      API_NODES: String(config.apiNodes),
      FAIRNESS_CHAIN_LENGTH: '100000',
      LOG_LEVEL: 'warn',
      METRICS_PORT: String(metricsPort),
      ...(opt('profile') ? { PROFILE_DIR: opt('profile') } : {}),
    },
  });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    log(`   seeding ${config.players} players`);
    const players = await seedPlayers({ databaseUrl, jwtSecret, count: config.players });

    // Headless players: no socket; their bets go straight onto the partition streams, exactly as the gateway
    // appends them (compiled libs/realtime), so a round can carry more bets than this box can hold sockets.
    const headless = config.headless ? await seedPlayers({ databaseUrl, jwtSecret, count: config.headless }) : [];
    const realtime = await import(new URL('../dist/libs/realtime/src/index.js', import.meta.url).href);
    const domain = await import(new URL('../dist/libs/domain/src/index.js', import.meta.url).href);
    const periodConfig = { roundSeconds: config.roundSeconds, lockSeconds: config.lockSeconds };
    const { Redis } = await import('ioredis');
    const injector = new Redis(config.redisUrl);
    const injectRound = async (periodId, windowEnd) => {
      const games = [['color', ['red', 'green', 'violet']], ['bigSmall', ['big', 'small']], ['number', ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']]];
      const commands = headless.flatMap((player) =>
        games.map(([betType, values]) => ({ id: realtime.uuidv7(), userId: player.id, periodId, betType, betValue: values[Math.floor(Math.random() * values.length)], amount: 1000 })),
      );
      const slices = 20;
      for (let i = 0; i < slices; i++) {
        const pipeline = injector.pipeline();
        for (const c of commands.slice((i * commands.length) / slices, ((i + 1) * commands.length) / slices)) {
          pipeline.xadd(`${redisPrefix}bets:cmd:${realtime.partitionOf(c.userId, config.partitions)}`, '*', realtime.COMMAND_FIELD, realtime.encodeCommand(c));
        }
        await pipeline.exec();
        await new Promise((r) => setTimeout(r, Math.max(0, (windowEnd - Date.now()) / (slices - i) - 5)));
      }
      return commands.length;
    };

    // The load generator: worker processes, each holding a slice of the sockets.
    const workerCount = config.workers || Math.max(1, Math.ceil(config.players / 8000));
    const workers = Array.from({ length: workerCount }, () => fork(new URL('./lib/load-worker.mjs', import.meta.url), { stdio: 'inherit' }));
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
    log(`   connecting ${players.length} sockets from ${workerCount} load-generator process(es) to ${stack.urls.length} api node(s)`);
    const started = Date.now();
    const connected = await Promise.all(
      workers.map((w, i) => ask(w, { cmd: 'connect', urls: stack.urls, apiKey, players: players.filter((_, j) => j % workerCount === i) }, 'connected')),
    );
    const connectMs = connected.flatMap((c) => c.connectMs);
    log(`   ${connected.reduce((s, c) => s + c.connected, 0)} sockets connected in ${round((Date.now() - started) / 1000)} s`);

    const rounds = [];
    const cpuBefore = cpuByPart(stack, workers);
    const measureStart = Date.now();
    const broadcastMs = [];
    const latency = [];
    const earlyLatency = []; // bets sent in a round's first 2 s (while the previous round's results go out)
    const lateLatency = [];
    const rejections = new Map();
    let generatorLoopP99 = 0;
    for (let r = 0; r < config.rounds; r++) {
      const roundReplies = Promise.all(workers.map((w) => ask(w, { cmd: 'round', rate: config.rate / workerCount }, 'round')));
      let injected = 0;
      if (headless.length > 0) {
        // Start with the next period, as the workers do.
        const next = domain.periodInfo(domain.nextPeriodId(domain.currentPeriod(Date.now(), periodConfig).periodId, periodConfig), periodConfig);
        await new Promise((r) => setTimeout(r, next.startTime + 200 - Date.now()));
        injected = await injectRound(next.periodId, next.lockTime - 300);
      }
      const reports = (await roundReplies).map((m) => m.report);
      const periodId = reports[0].periodId;
      if (reports.some((x) => x.periodId !== periodId)) log('   note: workers measured different periods');
      const bets = reports.flatMap((x) => x.bets);
      let accepted = 0;
      for (const bet of bets) {
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
        injected,
        sent: reports.reduce((s, x) => s + x.sent, 0),
        accepted,
        rejected: bets.length - accepted,
        acceptedPerSecond: round(accepted / windowSeconds),
        windowSeconds: round(windowSeconds),
        betsInDatabase: Number(settled.rows[0]?.bets ?? 0),
        settledAfterEndMs: settled.rows[0]?.ms != null ? round(Number(settled.rows[0].ms)) : null,
        lastResultAfterEndMs: lastResultAt ? round(lastResultAt - reports[0].endTime) : null,
        results: reports.reduce((s, x) => s + x.results, 0),
      });
      log(`   round ${periodId}: ${accepted} accepted (${rounds.at(-1).acceptedPerSecond}/s), settled +${rounds.at(-1).settledAfterEndMs} ms, last result +${rounds.at(-1).lastResultAfterEndMs} ms`);
    }
    const cpuAfter = cpuByPart(stack, workers);
    const seconds = (Date.now() - measureStart) / 1000;
    const cpu = Object.fromEntries(Object.keys(cpuAfter).map((k) => [k, round((cpuAfter[k] - cpuBefore[k]) / seconds, 2)]));
    const engineMetrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`).then((r) => r.text()).catch(() => '');
    const apiMetrics = await fetch(`http://127.0.0.1:${metricsPort + 1}/metrics`).then((r) => r.text()).catch(() => '');
    const gauge = (text, name) => Number(text.split('\n').find((l) => l.startsWith(name))?.split(' ').at(-1) ?? NaN);
    const batch = histogram(engineMetrics, 'wr_bet_batch_duration_seconds');
    const size = histogram(engineMetrics, 'wr_bet_batch_size');
    const reply = histogram(engineMetrics, 'wr_bet_reply_seconds');
    const held = (await Promise.all(workers.map((w) => ask(w, { cmd: 'stop' }, 'stopped')))).reduce((s, m) => s + m.held, 0);
    injector.disconnect();
    const allLatency = latency;
    const ledger = await db.query(`SELECT coalesce(sum(amount), 0) AS total FROM ledger_postings`);
    return {
      pipeline,
      socketsHeld: held,
      connectP50: round(percentile(connectMs, 50)),
      connectP99: round(percentile(connectMs, 99)),
      broadcastP50: round(percentile(broadcastMs, 50)),
      broadcastP99: round(percentile(broadcastMs, 99)),
      acceptedPerSecond: round(rounds.reduce((s, r) => s + r.acceptedPerSecond, 0) / rounds.length),
      accepted: rounds.reduce((sum, r) => sum + r.accepted, 0),
      rejected: rounds.reduce((sum, r) => sum + r.rejected, 0),
      rejections: Object.fromEntries(rejections),
      latencyP50: round(percentile(allLatency, 50)),
      latencyP99: round(percentile(allLatency, 99)),
      latencyMax: round(percentile(allLatency, 100)),
      latencyEarlyP99: round(percentile(earlyLatency, 99)),
      latencyLateP99: round(percentile(lateLatency, 99)),
      latencyLateP50: round(percentile(lateLatency, 50)),
      settledAfterEndMs: Math.max(...rounds.map((r) => r.settledAfterEndMs ?? Infinity)),
      lastResultAfterEndMs: Math.max(...rounds.map((r) => r.lastResultAfterEndMs ?? Infinity)),
      betsPerRound: Math.max(...rounds.map((r) => r.betsInDatabase)),
      ledgerSum: Number(ledger.rows[0].total),
      cpuCores: cpu,
      generatorLoopDelayP99: round(generatorLoopP99),
      generatorProcesses: workerCount,
      batches: batch.count,
      batchMeanMs: round(batch.mean * 1000),
      batchP99Ms: round(batch.p99 * 1000),
      batchMeanSize: round(size.mean),
      apiLoopDelayP99Ms: round(gauge(apiMetrics, 'nodejs_eventloop_lag_p99_seconds') * 1000),
      apiLoopDelayMaxMs: round(gauge(apiMetrics, 'nodejs_eventloop_lag_max_seconds') * 1000),
      engineReplyMeanMs: round(reply.mean * 1000),
      engineReplyP99Ms: round(reply.p99 * 1000),
      rounds,
    };
  } finally {
    await db.end();
    await stack.stop();
    await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => {});
    await deleteRedisPrefix(redisPrefix);
  }
}

const capacity = config.players * 3;
const perRound = config.rate * (config.roundSeconds - config.lockSeconds - 0.5);
if (perRound > capacity) log(`note: ${config.players} players can place at most ${capacity} bets a round (one per game); the rate asks for ~${Math.round(perRound)}.`);

const reports = [];
for (const pipeline of config.pipelines) reports.push(await runPipeline(pipeline));

const rows = [
  ['', ...reports.map((r) => r.pipeline === 'stream' ? 'batched stream' : 'one txn per bet')],
  ['sockets held', ...reports.map((r) => r.socketsHeld)],
  ['socket connect p50 / p99 (ms)', ...reports.map((r) => `${r.connectP50} / ${r.connectP99}`)],
  ['round broadcast p50 / p99 (ms)', ...reports.map((r) => `${r.broadcastP50} / ${r.broadcastP99}`)],
  [`target rate (bets/s)`, ...reports.map(() => config.rate)],
  ['accepted bets/s (over the betting window)', ...reports.map((r) => r.acceptedPerSecond)],
  ['bets accepted / refused', ...reports.map((r) => `${r.accepted} / ${r.rejected}`)],
  ['place-bet → bet-message p50 / p99 / max (ms)', ...reports.map((r) => `${r.latencyP50} / ${r.latencyP99} / ${r.latencyMax}`)],
  ['  p99 for bets sent in a round\'s first 2 s / later (ms)', ...reports.map((r) => `${r.latencyEarlyP99} / ${r.latencyLateP99}`)],
  ['  p50 for bets sent after a round\'s first 2 s (ms)', ...reports.map((r) => r.latencyLateP50)],
  ['bets in the largest round (incl. headless players\' bets)', ...reports.map((r) => r.betsPerRound)],
  ['settled after round end (ms, worst round)', ...reports.map((r) => r.settledAfterEndMs)],
  ['last bet-result after round end (ms, worst round)', ...reports.map((r) => r.lastResultAfterEndMs)],
  ['ledger sum (must be 0)', ...reports.map((r) => r.ledgerSum)],
  ['  of which in the engine: received → reply published, mean / p99 (ms)', ...reports.map((r) => (r.batches ? `${r.engineReplyMeanMs} / ≤${r.engineReplyP99Ms}` : '—'))],
  ['engine batches: count, mean size, mean / p99 ms', ...reports.map((r) => (r.batches ? `${r.batches}, ${r.batchMeanSize}, ${r.batchMeanMs} / ≤${r.batchP99Ms}` : '—'))],
  ['CPU cores used: api / engine / postgres / redis', ...reports.map((r) => `${r.cpuCores.api} / ${r.cpuCores.engine} / ${r.cpuCores.postgres} / ${r.cpuCores.redis}`)],
  ['CPU cores used by the load generator (processes)', ...reports.map((r) => `${r.cpuCores.generator} (${r.generatorProcesses})`)],
  ['load generator event-loop delay p99, worst process (ms)', ...reports.map((r) => r.generatorLoopDelayP99)],
  ['api event-loop delay p99 / max (ms)', ...reports.map((r) => `${r.apiLoopDelayP99Ms} / ${r.apiLoopDelayMaxMs}`)],
];
const width = rows.map((r) => r.map((c) => String(c).length)).reduce((w, r) => w.map((x, i) => Math.max(x, r[i] ?? 0)));
console.log(
  `\nBenchmark: ${config.players} players, ${config.rounds} rounds of ${config.roundSeconds} s (lock ${config.lockSeconds} s), ${config.partitions} partitions, ${config.apiNodes} api node(s), target ${config.rate} bets/s`,
);
for (const row of rows) console.log(row.map((c, i) => String(c).padEnd(width[i])).join('  │  '));
const stream = reports.find((r) => r.pipeline === 'stream');
const direct = reports.find((r) => r.pipeline === 'direct');
if (stream && direct) {
  console.log(
    `\nbatched vs simple: ${round(stream.acceptedPerSecond / direct.acceptedPerSecond, 2)}× accepted bets/s, p99 latency ${round(direct.latencyP99 / stream.latencyP99, 2)}× lower, settlement ${stream.settledAfterEndMs} ms vs ${direct.settledAfterEndMs} ms`,
  );
}
for (const r of reports) if (Object.keys(r.rejections).length) console.log(`${r.pipeline} refusals: ${JSON.stringify(r.rejections)}`);
if (opt('json')) writeFileSync(opt('json'), JSON.stringify({ config, reports }, null, 2));
