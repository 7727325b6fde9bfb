#!/usr/bin/env node
// Measures round-clock fail-over with two real round-engine processes (the built dist/ of a checkout) sharing one
// fresh database and one Redis prefix, with the production chain length (1,000,000) and lease (3 s):
//   kill -9 of the leader, and SIGSTOP of the leader past its lease (resumed after --pause seconds).
// For each trial it prints: how long until the standby holds the lease, how many more hand-overs follow within
// 15 s (flapping), how late the next draws are, and, for a pause, whether the resumed process wrote anything or took
// leadership back.
//
//   node apps/round-engine/scripts/takeover-figures.mjs [--root <checkout with dist/>] [--trials 3] [--pause 8] [--busy 0]
//
// --busy N keeps N processes spinning on the CPU meanwhile: a busy box, where whatever a standby has not readied
// before it takes over (code to load and compile) makes its first draws late.
//
// Needs Postgres (TEST_DATABASE_SERVER, default postgres://postgres@127.0.0.1:5432) and Redis (TEST_REDIS_URL).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .join(' ')
    .split('--')
    .filter(Boolean)
    .map((a) => a.trim().split(/\s+/)),
);
const HERE = fileURLToPath(new URL('.', import.meta.url));
const ROOT = resolve(args.root ?? join(HERE, '../../..'));
const MAIN = join(ROOT, 'dist/apps/round-engine/src/main.js');
const TRIALS = Number(args.trials ?? 3);
const PAUSE_S = Number(args.pause ?? 8);
const CHAIN = String(args.chain ?? 1_000_000);
const BUSY = Number(args.busy ?? 0);
const SERVER = process.env.TEST_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const TTL = 3000;
const ROUND_S = 10;
if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: build that checkout first (npm run build:server)`);

const print = (line) => process.stdout.write(`${line}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const name = `wr_takeover_${randomBytes(4).toString('hex')}`;
const prefix = `wrt:takeover:${randomBytes(3).toString('hex')}:`;
const admin = new pg.Client({ connectionString: `${SERVER}/postgres` });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const db = new pg.Client({ connectionString: `${SERVER}/${name}` });
await db.connect();
const redis = new Redis(REDIS_URL);
const leaseKey = `${prefix}lease:round-clock`;
// Draws mix in a local drand beacon's rounds, as in production (a checkout from before the beacon ignores these).
const beaconLib = join(ROOT, 'dist/libs/beacon/src/index.js');
const beacon = existsSync(beaconLib) ? await (await import(beaconLib)).startLocalBeacon({ period: 3 }) : null;
const beaconEnv = beacon
  ? { DRAND_URLS: beacon.url, DRAND_CHAIN_HASH: beacon.chain.hash, DRAND_PUBLIC_KEY: beacon.chain.publicKey }
  : {};

const engines = new Map(); // pid → { child, logs: [{t, msg}] }
function startEngine() {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      DATABASE_URL: `${SERVER}/${name}`,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      JWT_SECRET: 'takeover-figures-secret-0123456789',
      ENGINE_ROLES: 'clock,bets',
      ROUND_SECONDS: String(ROUND_S),
      LOCK_SECONDS: '3',
      LEASE_TTL_MS: String(TTL),
      FAIRNESS_CHAIN_LENGTH: CHAIN,
      LOG_LEVEL: 'info',
      ...beaconEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const entry = { child, logs: [], out: '' };
  const onData = (d) => {
    entry.out += String(d);
    let nl;
    while ((nl = entry.out.indexOf('\n')) >= 0) {
      const line = entry.out.slice(0, nl);
      entry.out = entry.out.slice(nl + 1);
      try {
        const parsed = JSON.parse(line);
        entry.logs.push({ t: Date.now(), msg: parsed.msg, ...parsed });
      } catch {
        /* not a log line */
      }
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  engines.set(child.pid, entry);
  return entry;
}
const holderPid = async () => {
  const value = await redis.get(leaseKey);
  if (!value || value.includes('#pending')) return null;
  return Number(value.split(':')[1]);
};
async function waitFor(check, ms, what) {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await sleep(25);
  }
}
/** A standby is ready once its process has loaded the chain (new engines log it before competing) or after 10 s. */
async function ready(entry) {
  const started = Date.now();
  await waitFor(
    async () => entry.logs.some((l) => /fairness chain (loaded|created)/.test(l.msg)) || Date.now() - started > 10_000,
    60_000,
    'standby ready',
  );
}
async function drawLateness(fromMs, toMs) {
  const { rows } = await db.query(
    `SELECT id, extract(epoch FROM drawn_at - end_at) * 1000 AS late_ms, status FROM periods WHERE end_at > to_timestamp($1 / 1000.0) AND end_at <= to_timestamp($2 / 1000.0) ORDER BY end_at`,
    [fromMs, toMs],
  );
  return rows.map((r) => (r.late_ms === null ? null : Math.round(Number(r.late_ms))));
}

const results = [];
const spinners = Array.from({ length: BUSY }, () =>
  spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
);
try {
  let a = startEngine();
  let b = startEngine();
  await waitFor(holderPid, 90_000, 'a first leader');
  await ready(a);
  await ready(b);
  await sleep(ROUND_S * 1000);
  for (const mode of ['kill -9', `SIGSTOP ${PAUSE_S}s`]) {
    for (let trial = 1; trial <= TRIALS; trial++) {
      const leader = await waitFor(holderPid, 30_000, 'a leader');
      const victim = engines.get(leader);
      const standby = [...engines.entries()].find(
        ([pid, e]) => pid !== leader && e.child.exitCode === null && !e.stopped,
      )?.[1];
      // A random instant of the round, so a draw falls into some of the outages.
      await sleep(Math.floor(Math.random() * ROUND_S * 1000));
      const at = Date.now();
      victim.child.kill(mode === 'kill -9' ? 'SIGKILL' : 'SIGSTOP');
      victim.stopped = true;
      const taken = await waitFor(
        async () => {
          const pid = await holderPid();
          return pid && pid !== leader ? { pid, t: Date.now() } : null;
        },
        60_000,
        'the standby leading',
      );
      let resumedAt = null;
      if (mode !== 'kill -9') {
        await sleep(Math.max(0, at + PAUSE_S * 1000 - Date.now()));
        victim.child.kill('SIGCONT');
        resumedAt = Date.now();
      }
      // Watch 15 s after the take-over: every change of holder is a flap.
      let flaps = 0;
      let regained = false;
      let last = taken.pid;
      const watchUntil = Date.now() + 15_000;
      while (Date.now() < watchUntil) {
        const pid = await holderPid();
        if (pid && pid !== last) {
          flaps++;
          if (pid === leader) regained = true;
          last = pid;
        }
        await sleep(25);
      }
      // Periods that ended up to a second ago (each has had the second it is allowed for its draw).
      const late = (await drawLateness(at, Date.now() - 1000)).filter((v) => v !== null);
      // Periods that ended once the standby held the lease: how late the new leader drew them.
      const lateAfter = (await drawLateness(taken.t, Date.now() - 1000)).filter((v) => v !== null);
      const staleWrites = resumedAt
        ? victim.logs.filter((l) => l.t >= resumedAt && /^period (drawn|settled|refunded)$/.test(l.msg)).length
        : null;
      results.push({
        mode,
        trial,
        takeoverMs: taken.t - at,
        flaps,
        maxDrawLateMs: late.length ? Math.max(...late) : null,
        maxDrawLateAfterTakeoverMs: lateAfter.length ? Math.max(...lateAfter) : null,
        staleWritesAfterResume: staleWrites,
        pausedTookLeadershipBack: resumedAt ? regained : null,
      });
      print(JSON.stringify(results.at(-1)));
      // Replace the victim: kill it and start a fresh standby.
      victim.child.kill('SIGKILL');
      engines.delete(leader);
      const fresh = startEngine();
      await ready(fresh);
      void standby;
    }
  }
} finally {
  for (const spinner of spinners) spinner.kill('SIGKILL');
  for (const { child } of engines.values()) {
    child.kill('SIGCONT');
    child.kill('SIGKILL');
  }
  await sleep(500);
  await db.end();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length) await redis.del(...keys);
  } while (cursor !== '0');
  redis.disconnect();
  await beacon?.close();
}

print(
  `\nround-clock fail-over, ${ROOT} (lease ${TTL} ms, chain ${CHAIN}, ${ROUND_S}-s rounds${BUSY ? `, ${BUSY} processes spinning` : ''})`,
);
print(
  '| fault | trial | standby leads after (ms) | later hand-overs in 15 s | latest draw, any period ending from the fault on (ms) | latest draw of a period ending after the take-over (ms) | writes after resume | paused took it back |',
);
print('|---|---|---|---|---|---|---|---|');
for (const r of results) {
  print(
    `| ${r.mode} | ${r.trial} | ${r.takeoverMs} | ${r.flaps} | ${r.maxDrawLateMs ?? '—'} | ${r.maxDrawLateAfterTakeoverMs ?? '—'} | ${r.staleWritesAfterResume ?? '—'} | ${r.pausedTookLeadershipBack === null ? '—' : r.pausedTookLeadershipBack ? 'yes' : 'no'} |`,
  );
}
const within = results.filter((r) => r.takeoverMs <= TTL + 1000).length;
print(
  `\n${within}/${results.length} take-overs within one lease TTL + 1 s; max ${Math.max(...results.map((r) => r.takeoverMs))} ms`,
);
