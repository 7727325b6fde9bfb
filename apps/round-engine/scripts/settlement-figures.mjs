#!/usr/bin/env node
// Measures the round engine's two database-heavy paths on the built dist/ of a checkout, against a fresh database:
//
//  1. Settlement of a large round: `--players N` funded players with three bets each (one per game, 3N bets) in a
//     drawn period; settles it and publishes every bet-result onto the results stream, as the round clock does.
//     Prints the settlement transaction's time, when the last results entry was in the stream, and how long a
//     player's wallet could not be locked meanwhile (a probe locks a random player's wallet every 5 ms, as a new
//     bet would: its worst and p99 wait is what the next round's bets wait on the settling round), and the CPU the
//     engine and the database's Postgres backends spent on each phase (steadier than times on a shared machine).
//  2. Bet batches: `--batches K` batches of `--batch-size B` place-bet commands (distinct players) applied one
//     after the other through the bet pipeline's batch service; prints mean / p50 / p99 time, statements sent
//     (round trips to Postgres) and CPU (engine, Postgres) per batch. `--trials 0` measures batches only.
//
//     With `--online M`, M of the players are online (in the presence set of a live api node): their results go out
//     first, and the line also says when the last of theirs was in the stream.
//
//   node apps/round-engine/scripts/settlement-figures.mjs [--root <checkout with dist/>] [--players 34000]
//        [--online 0] [--trials 2] [--batches 200] [--batch-size 9]
//
// Compare two checkouts in one run (same machine load): run it once per --root, one after the other.
// Needs Postgres (TEST_DATABASE_SERVER, default postgres://postgres@127.0.0.1:5432) and Redis (TEST_REDIS_URL).
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';

const argv = process.argv.slice(2);
const opt = (name, fallback) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : fallback);
const HERE = fileURLToPath(new URL('.', import.meta.url));
const ROOT = resolve(opt('root', join(HERE, '../../..')));
const PLAYERS = Number(opt('players', '34000'));
const TRIALS = Number(opt('trials', '2'));
const BATCHES = Number(opt('batches', '200'));
const BATCH_SIZE = Number(opt('batch-size', '9'));
/** Players with a live socket (one in every players / online, in a presence set of a live api node of its own). */
const ONLINE = Number(opt('online', '0'));
const SERVER = process.env.TEST_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const dist = (path) => import(pathToFileURL(join(ROOT, 'dist', path)).href);
if (!existsSync(join(ROOT, 'dist/apps/round-engine/src/main.js')))
  throw new Error(`${ROOT}/dist is missing: build that checkout first (npm run build:server)`);

const print = (line) => process.stdout.write(`${line}\n`);
const TICK_MS = 1000 / Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim() || 100);
/** CPU milliseconds used so far by each of these processes (utime + stime from /proc). */
function cpuOf(pids) {
  const used = new Map();
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      used.set(pid, (Number(fields[11]) + Number(fields[12])) * TICK_MS);
    } catch {
      /* gone */
    }
  }
  return used;
}
/** CPU milliseconds between two readings (a process that appeared in between counts from 0). */
const pgMs = (a, b) => Math.round([...b.pg].reduce((sum, [pid, ms]) => sum + ms - (a.pg.get(pid) ?? 0), 0));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pct = (values, p) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const r1 = (x) => Math.round(x * 10) / 10;

// Every statement any pg client sends (the statements of a bet batch are its round trips).
let statements = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function counted(...args) {
  statements++;
  return query.apply(this, args);
};

const { createDatabase, migrateToLatest } = await dist('libs/db/src/index.js');
const { loadConfig } = await dist('libs/config/src/index.js');
const domain = await dist('libs/domain/src/index.js');
const realtime = await dist('libs/realtime/src/index.js');
const { RedisKeys } = await dist('libs/redis/src/redis-keys.js');
const { SettlementService } = await dist('apps/round-engine/src/rounds/settlement.service.js');
const { ResultsPublisher } = await dist('apps/round-engine/src/rounds/results-publisher.js');
const { BetBatchService } = await dist('libs/bets/src/bet-batch.service.js');
const { Logger } = await import(pathToFileURL(join(ROOT, 'node_modules/@nestjs/common/index.js')).href);
Logger.overrideLogger(false);

const name = `wr_settlefig_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: `${SERVER}/postgres` });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = `${SERVER}/${name}`;
const db = createDatabase(url, { max: 10 });
const redis = new Redis(REDIS_URL);
const prefix = `wrs:settlefig:${randomBytes(3).toString('hex')}:`;
const keys = new RedisKeys(prefix);
const lease = { key: keys.lease('round-clock'), value: 'figures#1', token: 1, held: true };
await redis.set(lease.key, lease.value);

async function cleanup() {
  await db.destroy().catch(() => {});
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
  await admin.end().catch(() => {});
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = next;
    if (found.length) await redis.del(...found);
  } while (cursor !== '0');
  redis.disconnect();
}

try {
  await migrateToLatest(db);
  const config = loadConfig({ ROUND_SECONDS: '3600', LOCK_SECONDS: '1', REDIS_PREFIX: prefix });
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => {});
  await pool.query(`
    INSERT INTO users (username, email, password_hash, role, referral_code)
    SELECT 'fig' || i, 'fig' || i || '@gmail.com', 'x', 'user', 'F' || lpad(i::text, 9, '0') FROM generate_series(1, ${PLAYERS}) i;
    INSERT INTO wallets (user_id, is_active, main) SELECT id, true, 100000000 FROM users;
    INSERT INTO fairness_chains (commitment, tip, length) VALUES (repeat('a', 64), repeat('a', 64), 1000000);
  `);
  const players = (await pool.query('SELECT id FROM users ORDER BY id')).rows.map((r) => r.id);
  const hash = 'a'.repeat(64);
  const backends = async () =>
    (await pool.query('SELECT pid FROM pg_stat_activity WHERE datname = current_database()')).rows.map((r) => r.pid);
  const cpu = async () => ({ node: process.cpuUsage(), pg: cpuOf(await backends()) });
  const nodeMs = (a, b) => Math.round((b.node.user + b.node.system - a.node.user - a.node.system) / 1000);
  print(
    `root ${ROOT}; ${PLAYERS} players; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );

  // 1. Settlement (skipped with --trials 0).
  const settlement = new SettlementService(db, config);
  const publisher = new ResultsPublisher({ client: redis, keys });
  let chainIndex = 0;
  const online =
    ONLINE > 0 ? players.filter((_, i) => i % Math.max(1, Math.floor(PLAYERS / ONLINE)) === 0).slice(0, ONLINE) : [];
  if (online.length > 0) {
    const node = 'figures-node';
    await redis.zadd(keys.presenceNodes, Date.now() + 3_600_000, node);
    for (let i = 0; i < online.length; i += 1000) await redis.sadd(keys.presence(node), ...online.slice(i, i + 1000));
  }
  for (let trial = 1; trial <= TRIALS; trial++) {
    const periodId = `2026010${trial}0001`;
    const digit = trial % 10;
    const result = domain.resultFromDigit(digit);
    await pool.query(
      `INSERT INTO periods (id, start_at, lock_at, end_at, status, chain_id, chain_index, seed_hash, seed, digit, color, big_small, drawn_at)
       VALUES ($1, now() - interval '30 s', now() - interval '5 s', now(), 'DRAWN', 1, $2, $3, $3, $4, $5, $6, now())`,
      [periodId, ++chainIndex, hash, digit, result.color, result.bigSmall],
    );
    await pool.query(
      `INSERT INTO bets (id, user_id, period_id, bet_type, bet_value, amount, from_bonus, placed_at)
       SELECT gen_random_uuid(), u.id, $1, g.t,
              CASE g.t WHEN 'color' THEN (ARRAY['red','green','violet'])[1 + floor(random() * 3)::int]
                       WHEN 'bigSmall' THEN (ARRAY['big','small'])[1 + floor(random() * 2)::int]
                       ELSE floor(random() * 10)::int::text END,
              1000, 0, now() - interval '10 s'
       FROM users u CROSS JOIN (VALUES ('color'), ('bigSmall'), ('number')) g(t)`,
      [periodId],
    );
    await pool.query('ANALYZE bets; ANALYZE wallets');
    await redis.del(keys.results);

    // The probe: a new bet's wallet lock, every 5 ms, for a random player of the round.
    const probe = new pg.Client({ connectionString: url });
    probe.on('error', () => {});
    await probe.connect();
    const waits = [];
    let probing = true;
    const probing$ = (async () => {
      while (probing) {
        const user = players[Math.floor(Math.random() * players.length)];
        const t0 = performance.now();
        await probe.query('BEGIN');
        await probe.query('SELECT 1 FROM wallets WHERE user_id = $1 FOR UPDATE', [user]);
        await probe.query('COMMIT');
        waits.push(performance.now() - t0);
        await sleep(5);
      }
    })().catch(() => {});
    await sleep(200);
    const quietWaits = waits.length;

    // CPU of this process and of the database's backends (the probe's too, a few ms).
    const cpu0 = await cpu();
    const started = performance.now();
    const outcome = await settlement.settle(periodId);
    const settledMs = performance.now() - started;
    const cpu1 = await cpu();
    let publishMs;
    if (typeof settlement.settlementMessages === 'function') {
      // A checkout that builds every message at once and publishes them in one go.
      await publisher.publishOnce(lease, 'results', periodId, settlement.settlementMessages(outcome));
    } else if (typeof publisher.onlineFor === 'function') {
      await publisher.publishSlices(lease, periodId, (first) =>
        settlement.resultSlices(outcome.period, undefined, first),
      );
    } else {
      await publisher.publishSlices(lease, periodId, settlement.resultSlices(outcome.period));
    }
    publishMs = performance.now() - started;
    const startedAt = Date.now() - publishMs;
    const cpu2 = await cpu();
    probing = false;
    await probing$;
    await probe.end();
    const during = waits.slice(quietWaits);
    // The same results read again without publishing: how much of the publication is reading and building them.
    let readMs = NaN;
    if (typeof settlement.resultSlices === 'function') {
      const t0 = performance.now();
      for await (const slice of settlement.resultSlices(outcome.period)) JSON.stringify(slice);
      readMs = performance.now() - t0;
    }
    const stream = await redis.xrange(keys.results, '-', '+');
    const entries = stream.length;
    const messages = stream.reduce((n, [, fields]) => n + fields[1].split('\n').length, 0);
    // When the last entry carrying an online player's result was in the stream (entry ids are Redis's clock, ms).
    const onlineRooms = new Set(online.map((id) => `user:${id}`));
    const lastOnline =
      online.length > 0
        ? stream.findLast(([, fields]) => realtime.readEntry(fields[1]).some((m) => onlineRooms.has(m.room)))
        : undefined;
    const onlineText =
      online.length > 0
        ? `; the ${online.length} online players' last result in the stream at +${lastOnline ? Number(lastOnline[0].split('-')[0]) - Math.round(startedAt) : '?'} ms`
        : '';
    await redis.del(keys.results);
    const { rows } = await pool.query(
      `SELECT count(*)::int AS bets, count(*) FILTER (WHERE status = 'COMPLETED')::int AS settled FROM bets WHERE period_id = $1`,
      [periodId],
    );
    const sum = (await pool.query('SELECT coalesce(sum(amount), 0)::bigint AS s FROM ledger_postings')).rows[0].s;
    print(
      `settle ${rows[0].bets} bets (trial ${trial}): settled in ${Math.round(settledMs)} ms (CPU: engine ${nodeMs(cpu0, cpu1)} ms, Postgres ${pgMs(cpu0, cpu1)} ms), ` +
        `publishing CPU engine ${nodeMs(cpu1, cpu2)} ms, Postgres ${pgMs(cpu1, cpu2)} ms; last results entry in the stream at ` +
        `+${Math.round(publishMs)} ms (${entries} entries, ${messages} messages)${onlineText}; wallet lock wait during it: p99 ${r1(pct(during, 99))} ms, ` +
        `max ${r1(Math.max(...during))} ms (${during.length} probes; quiet p99 ${r1(pct(waits.slice(0, quietWaits), 99))} ms); ` +
        `${rows[0].settled} settled; postings sum ${sum}; results read and built alone in ${Math.round(readMs)} ms; load ${loadavg()[0].toFixed(2)}`,
    );
  }

  // 2. Bet batches.
  const batches = new BetBatchService(db, config);
  const info = domain.currentPeriod(Date.now(), config.periodConfig);
  await pool.query(
    `INSERT INTO periods (id, start_at, lock_at, end_at, status, chain_id, chain_index, seed_hash) VALUES ($1, $2, $3, $4, 'OPEN', 1, $5, $6)`,
    [info.periodId, new Date(info.startTime), new Date(info.lockTime), new Date(info.endTime), ++chainIndex, hash],
  );
  const games = [
    ['color', ['red', 'green', 'violet']],
    ['bigSmall', ['big', 'small']],
    ['number', ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']],
  ];
  const times = [];
  const trips = [];
  let placed = 0;
  let seq = 0;
  const batchCpu0 = await cpu();
  for (let b = 0; b < BATCHES; b++) {
    const entries = [];
    for (let i = 0; i < BATCH_SIZE; i++) {
      const n = seq++;
      const player = players[n % players.length];
      const [betType, values] = games[Math.floor(n / players.length) % 3];
      const command = {
        id: realtime.uuidv7(),
        userId: player,
        periodId: info.periodId,
        betType,
        betValue: values[n % values.length],
        amount: 1000,
      };
      entries.push({ id: `${Date.now()}-${n}`, fields: [realtime.COMMAND_FIELD, realtime.encodeCommand(command)] });
    }
    const before = statements;
    const t0 = performance.now();
    const result = await batches.apply(b % 4, entries, async (trx) => {
      await trx.selectNoFrom((eb) => eb.lit(1).as('guard')).execute();
    });
    times.push(performance.now() - t0);
    trips.push(statements - before);
    placed += result.placed;
  }
  const batchCpu1 = await cpu();
  const mean = times.reduce((s, t) => s + t, 0) / times.length;
  print(
    `bet batches of ${BATCH_SIZE}: ${BATCHES} batches, ${placed} placed; mean ${r1(mean)} ms, p50 ${r1(pct(times, 50))} ms, p99 ${r1(pct(times, 99))} ms; ` +
      `statements per batch ${r1(trips.reduce((s, t) => s + t, 0) / trips.length)} (incl. BEGIN/COMMIT and a 1-statement guard); ` +
      `CPU per batch: engine ${r1(nodeMs(batchCpu0, batchCpu1) / BATCHES)} ms, Postgres ${r1(pgMs(batchCpu0, batchCpu1) / BATCHES)} ms; load ${loadavg()[0].toFixed(2)}`,
  );
  await pool.end();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanup();
}
