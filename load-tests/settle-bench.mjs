#!/usr/bin/env node
// What settling a large round costs Postgres on its own, without the rest of the stack sharing the box: a period of
// `--bets` pending bets (three a player, one per game) settled by the round engine's SettlementService, then its
// results read as the results publisher reads them (the players online first). Each build named by `--builds`
// (directories holding a built `dist/`, this checkout's by default) settles its own period of the same shape, the
// builds alternating run after run against one database, and the medians are printed side by side.
//
//   npm run build && node load-tests/settle-bench.mjs [--bets 111000] [--online 3000] [--runs 4] [--builds .,/tmp/old]
//
// The database is created on TEST_DATABASE_SERVER (postgres://postgres@127.0.0.1:5432 by default) and dropped after
// (`--keep` leaves it, its periods settled, to read their plans).
import { randomBytes, randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Logger } from '@nestjs/common';
import pg from 'pg';
import { percentile } from './lib/stats.js';

const { values } = parseArgs({
  options: {
    bets: { type: 'string', default: '111000' },
    online: { type: 'string', default: '3000' },
    runs: { type: 'string', default: '4' },
    builds: { type: 'string', default: '.' },
    server: { type: 'string', default: process.env.TEST_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432' },
    keep: { type: 'boolean', default: false },
  },
});
// The settlement logs each period it settles; the figures below say it.
Logger.overrideLogger(false);
const players = Math.ceil(Number(values.bets) / 3);
const online = Math.min(players, Number(values.online));
const runs = Number(values.runs);
const root = resolve(new URL('..', import.meta.url).pathname);
const builds = values.builds.split(',').map((dir) => resolve(root, dir));
const GAMES = [
  ['color', ['red', 'green', 'violet']],
  ['bigSmall', ['big', 'small']],
  ['number', ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']],
];

const name = `wr_settle_bench_${randomBytes(3).toString('hex')}`;
const on = (database) => Object.assign(new URL(values.server), { pathname: `/${database}` }).href;
const admin = new pg.Client({ connectionString: on('postgres') });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = on(name);

/** One build's modules: its database layer, config and settlement. */
async function load(dir) {
  const at = (path) => import(pathToFileURL(`${dir}/dist/${path}`).href);
  const [{ createDatabase }, { loadConfig }, settlement] = await Promise.all([
    at('libs/db/src/index.js'),
    at('libs/config/src/index.js'),
    at('apps/round-engine/src/rounds/settlement.service.js'),
  ]);
  const config = loadConfig({});
  const db = createDatabase(url, { max: 2 });
  return {
    dir,
    db,
    config,
    service: new settlement.SettlementService(db, config),
    recordExposure: settlement.recordExposure,
  };
}

const client = new pg.Client({ connectionString: url });
const results = new Map(builds.map((dir) => [dir, { settle: [], firstSlice: [], allSlices: [] }]));
let loaded = [];
try {
  // The schema of the first build; every build settles against it.
  const { createDatabase, migrateToLatest } = await import(
    pathToFileURL(`${builds[0]}/dist/libs/db/src/index.js`).href
  );
  const migrator = createDatabase(url, { max: 1 });
  await migrateToLatest(migrator);
  await migrator.destroy();
  loaded = await Promise.all(builds.map(load));
  await client.connect();
  const ids = Array.from({ length: players }, () => randomUUID());
  await client.query(
    `INSERT INTO users (id, username, email, password_hash, referral_code)
     SELECT id, 'settle_' || n, 'settle.' || n || '@gmail.com', 'x', 'S' || lpad(to_hex(n::int), 7, '0')
     FROM unnest($1::uuid[]) WITH ORDINALITY AS u (id, n)`,
    [ids],
  );
  await client.query(`INSERT INTO wallets (user_id, main, is_active) SELECT unnest($1::uuid[]), 10000000, true`, [ids]);
  const { rows: chain } = await client.query(
    `INSERT INTO fairness_chains (commitment, length, tip, tip_sealed, key_id) VALUES ($1, 100000, NULL, 'AAAA', '0000000000000000') RETURNING id`,
    [randomBytes(32).toString('hex')],
  );
  const periodBase = Number(`${new Date().toISOString().slice(0, 10).replaceAll('-', '')}0000`);
  let index = 0;

  /**
   * A drawn period with three pending bets a player, stored in random order (as bets arrive during a round: a
   * player's bets, and the online players', are spread over the period's pages), their exposure recorded (as at the
   * lock).
   */
  async function drawnPeriod(build) {
    index++;
    const id = String(periodBase + index);
    const digit = index % 10;
    await client.query(
      `INSERT INTO periods (id, start_at, lock_at, end_at, status, chain_id, chain_index, seed, seed_hash, digit, color, big_small, drawn_at)
       VALUES ($1, now() - interval '30 s', now() - interval '5 s', now(), 'DRAWN', $2, $3, $4, $4, $5, $6, $7, now())`,
      [
        id,
        chain[0].id,
        index,
        randomBytes(32).toString('hex'),
        digit,
        digit % 2 === 0 ? 'red' : 'green',
        digit >= 5 ? 'big' : 'small',
      ],
    );
    // A checkpoint before the bets, not between them and their settlement: as in a round, the settlement rewrites
    // pages their inserts have already logged whole since the last checkpoint.
    await client.query('CHECKPOINT');
    await client.query(
      `INSERT INTO bets (id, user_id, period_id, bet_type, bet_value, amount, payout, placed_at)
       SELECT gen_random_uuid(), u.id, $1, g.bet_type, g.choices[1 + (abs(hashtext(u.id::text || g.bet_type)) % cardinality(g.choices))],
              1000, CASE g.bet_type WHEN 'number' THEN 9 ELSE 2 END, now()
       FROM unnest($2::uuid[]) AS u (id)
       CROSS JOIN (VALUES ('color', $3::text[]), ('bigSmall', $4::text[]), ('number', $5::text[])) AS g (bet_type, choices)
       ORDER BY random()`,
      [id, ids, GAMES[0][1], GAMES[1][1], GAMES[2][1]],
    );
    await build.db
      .transaction()
      .execute((trx) => build.recordExposure(trx, id, build.config.payouts, build.config.gstBps));
    return id;
  }

  for (let run = 1; run <= runs; run++) {
    for (const build of loaded) {
      const periodId = await drawnPeriod(build);
      const startedAt = performance.now();
      const outcome = await build.service.settle(periodId);
      const settledMs = performance.now() - startedAt;
      const readAt = performance.now();
      let firstSliceMs = 0;
      for await (const _slice of build.service.resultSlices(
        { id: periodId, status: 'SETTLED', refund_reason: null },
        2000,
        ids.slice(0, online),
      ))
        if (!firstSliceMs) firstSliceMs = performance.now() - readAt;
      const allMs = performance.now() - readAt;
      const r = results.get(build.dir);
      r.settle.push(settledMs);
      r.firstSlice.push(firstSliceMs);
      r.allSlices.push(allMs);
      console.log(
        `run ${run} ${build.dir}: ${outcome.bets} bets, ${outcome.wallets} wallets credited; settled in ${settledMs.toFixed(0)} ms, results' first slice ${firstSliceMs.toFixed(0)} ms, all ${allMs.toFixed(0)} ms`,
      );
    }
  }
  const median = (xs) => percentile(xs, 50);
  console.log(
    `\n${Number(values.bets).toLocaleString('en')} bets a period, ${online.toLocaleString('en')} players online, ${runs} runs each (medians, ms)`,
  );
  console.log(['build', 'settled', "results' first slice", 'all results read'].join(' | '));
  const first = results.get(builds[0]);
  for (const dir of builds) {
    const r = results.get(dir);
    const cell = (xs, base) =>
      `${median(xs).toFixed(0)}${dir === builds[0] ? '' : ` (${(median(xs) / median(base)).toFixed(2)}×)`}`;
    console.log(
      [
        dir,
        cell(r.settle, first.settle),
        cell(r.firstSlice, first.firstSlice),
        cell(r.allSlices, first.allSlices),
      ].join(' | '),
    );
  }
} finally {
  await client.end().catch(() => {});
  for (const build of loaded) await build.db.destroy();
  if (values.keep) console.log(`database kept: ${url}`);
  else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
