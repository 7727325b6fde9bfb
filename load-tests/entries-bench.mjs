#!/usr/bin/env node
// What it costs the engine to put a round's results on the results stream: a period's bet-results and balances
// encoded into entries and appended to Redis, as the results publisher does, in entries cut by size
// (`encodeEntries`, the product's) against entries of MESSAGES_PER_ENTRY messages whatever their size (the baseline:
// the encoding before entries were cut by size). Runs the two alternately in one process and prints the CPU per
// message of each, side by side.
//
//   npm run build && node load-tests/entries-bench.mjs [--bets 20000] [--runs 6] [--redis redis://127.0.0.1:6379]
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { percentile } from './lib/stats.js';

const { values } = parseArgs({
  options: {
    bets: { type: 'string', default: '20000' },
    runs: { type: 'string', default: '6' },
    redis: { type: 'string', default: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
  },
});
const realtime = await import(new URL('../dist/libs/realtime/src/index.js', import.meta.url).href);
const { encodeEntry, encodeEntries, MESSAGES_PER_ENTRY, EVENTS_FIELD, toBetResult, toBalanceUpdate, userRoom } =
  realtime;

/** A round's results as the settlement yields them: each player's bet-results, then the player's balance. */
function roundResults(bets) {
  const timestamp = new Date().toISOString();
  const messages = [];
  for (let i = 0; i < bets;) {
    const userId = randomUUID();
    const room = userRoom(userId);
    const count = 1 + (i % 3);
    for (let k = 0; k < count && i < bets; k++, i++) {
      const row = {
        id: randomUUID(),
        bet_type: ['color', 'bigSmall', 'number'][k],
        bet_value: ['red', 'big', '7'][k],
        amount: 1000,
        is_win: i % 2 === 0,
        win_amount: i % 2 === 0 ? 1960 : 0,
        system_selected_value: 'green',
        status: 'SETTLED',
        played_from: 'main',
        period_id: '202611300100',
        created_at: new Date(),
        updated_at: new Date(),
      };
      messages.push({ room, event: 'bet-result', data: toBetResult(row, timestamp) });
    }
    messages.push({ room, event: 'balance-update', data: toBalanceUpdate(100_000, 0) });
  }
  return messages;
}

const byCount = (messages) => {
  const entries = [];
  for (let i = 0; i < messages.length; i += MESSAGES_PER_ENTRY)
    entries.push(encodeEntry(messages.slice(i, i + MESSAGES_PER_ENTRY)));
  return entries;
};
const bySize = (messages) => encodeEntries(messages);

const redis = new Redis(values.redis, { enableAutoPipelining: true });
const stream = `entries-bench:${randomUUID()}`;
const messages = roundResults(Number(values.bets));
/** Slices of 3,000 messages (about 2,000 bets' results and balances), each appended in one go, as the publisher does. */
const SLICE = 3_000;

async function run(encode) {
  const cpu = process.cpuUsage();
  let encodeMicros = 0;
  let wallMicros = 0;
  let entries = 0;
  for (let i = 0; i < messages.length; i += SLICE) {
    const started = process.cpuUsage();
    const wallStart = performance.now();
    const slice = encode(messages.slice(i, i + SLICE));
    wallMicros += (performance.now() - wallStart) * 1000;
    const spent = process.cpuUsage(started);
    encodeMicros += spent.user + spent.system;
    entries += slice.length;
    const pipeline = redis.pipeline();
    for (const entry of slice) pipeline.xadd(stream, 'MAXLEN', '~', '100', '*', EVENTS_FIELD, entry);
    await pipeline.exec();
  }
  const used = process.cpuUsage(cpu);
  return {
    encode: encodeMicros / messages.length,
    wall: wallMicros / messages.length,
    total: (used.user + used.system) / messages.length,
    entries,
  };
}

const results = { baseline: [], product: [] };
try {
  await run(bySize); // warm-up
  await run(byCount);
  for (let r = 0; r < Number(values.runs); r++) {
    results.baseline.push(await run(byCount));
    results.product.push(await run(bySize));
  }
} finally {
  await redis.del(stream);
  redis.disconnect();
}
const median = (runs, key) =>
  percentile(
    runs.map((r) => r[key]),
    50,
  ).toFixed(2);
const row = (label, baseline, product) =>
  console.log(`${label.padEnd(38)} │ ${String(baseline).padEnd(15)} │ ${product}`);
console.log(`${messages.length} messages (${values.bets} bet-results and their balances), ${values.runs} runs each`);
row('', 'by count (500)', 'by size (64 KiB)');
row('entries', results.baseline[0].entries, results.product[0].entries);
row('encoding, CPU µs a message (median)', median(results.baseline, 'encode'), median(results.product, 'encode'));
row('encoding, elapsed µs a message', median(results.baseline, 'wall'), median(results.product, 'wall'));
row('encoding + XADD, CPU µs a message', median(results.baseline, 'total'), median(results.product, 'total'));
