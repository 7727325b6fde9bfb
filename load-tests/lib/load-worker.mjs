// A load-generator worker process (forked by bench.mjs): holds a slice of the players' sockets, bets through the
// rounds it is told to, and reports its measurements over IPC. Several workers spread the sockets (a process may
// hold only so many file descriptors) and the generator's CPU.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { closeAll, connectPlayers } from './node-runner.mjs';

/** A bet is not placed this close to the lock (the k6 session's margin). */
const LOCK_MARGIN_MS = 300;
const sleep = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
let clients = [];
let period = null;
const connectMs = [];
let broadcastMs = [];
let bets = [];
const results = new Map(); // periodId → { count, last }
/** Consecutive-rounds mode: every bet reply and broadcast, attributed to its round afterwards. */
let recording = null; // { bets: [], broadcasts: Map periodId → ms[] }

function observe(kind, value) {
  if (kind === 'connected') connectMs.push(value);
  else if (kind === 'period') {
    if (!period || value.periodId !== period.periodId) period = value;
    broadcastMs.push(Date.now() - value.startTime);
    if (recording)
      (
        recording.broadcasts.get(value.periodId) ?? recording.broadcasts.set(value.periodId, []).get(value.periodId)
      ).push(Date.now() - value.startTime);
  } else if (kind === 'bet') {
    const sentAt = Date.now() - value.ms;
    const bet = {
      at: sentAt,
      ms: value.ms,
      success: value.success,
      message: value.message,
      intoRound: period ? sentAt - period.startTime : 0,
    };
    bets.push(bet);
    recording?.bets.push(bet);
  } else if (kind === 'result') {
    const r = results.get(value.periodId) ?? { count: 0, last: 0 };
    r.count++;
    r.last = Math.max(r.last, value.at);
    results.set(value.periodId, r);
  }
}

/**
 * Places bets at `rate`/s over period `p`'s betting window (from 200 ms after its start to LOCK_MARGIN_MS before its
 * lock), cycling through the players; returns what was sent.
 */
async function betWindow(p, rate) {
  const windowStart = Math.max(Date.now(), p.startTime + 200);
  const windowEnd = p.lockTime - LOCK_MARGIN_MS;
  await sleep(windowStart - Date.now());
  let sent = 0;
  let cursor = 0;
  // Players asked to bet while the period they knew of was locked (they had not yet heard of the new one): as the
  // game screen (and the k6 session) does, they do not send a bet then; counted, since it means a late broadcast.
  const heldBack = new Set();
  while (Date.now() < windowEnd) {
    const due = Math.floor(((Date.now() - windowStart) / 1000) * rate);
    let tries = 0;
    while (sent < due && tries < clients.length) {
      const client = clients[cursor++ % clients.length];
      tries++;
      if (client.player.lockTime - client.player.serverNow() <= LOCK_MARGIN_MS) {
        heldBack.add(client);
        continue;
      }
      if (client.player.placeRandomBet()) sent++;
    }
    await sleep(5);
  }
  return { sent, heldBack: heldBack.size, windowSeconds: (windowEnd - windowStart) / 1000 };
}

/** Waits (at most 20 s past the period's end) until as many bet-results as `accepted` bets came for it. */
async function awaitResults(p, accepted) {
  const endTime = p.startTime + p.duration * 1000;
  const deadline = endTime + 20_000;
  while (Date.now() < deadline) {
    if (Date.now() > endTime && (results.get(p.periodId)?.count ?? 0) >= accepted()) break;
    await sleep(50);
  }
  const r = results.get(p.periodId);
  return { endTime, results: r?.count ?? 0, lastResultAt: r?.last ?? null };
}

/** One round, on its own: bets through the next period, then waits for its results (the ceiling search's step). */
async function betRound({ rate }) {
  const current = period?.periodId;
  while (!period || period.periodId === current) await sleep(10);
  const p = period;
  bets = [];
  broadcastMs = [];
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const placed = await betWindow(p, rate);
  const outcome = await awaitResults(p, () => bets.filter((b) => b.success).length);
  loop.disable();
  return { periodId: p.periodId, ...placed, ...outcome, bets, broadcastMs, loopDelayP99: loop.percentile(99) / 1e6 };
}

/**
 * `warmup + count` rounds back to back from the next period, as players bet in a live game: each round's betting
 * runs while the round before it is settled and its results go out. The warm-up rounds are not reported. Each bet
 * belongs to the round it was sent in, each broadcast to the period it announced.
 */
async function betRounds({ rate, count, warmup = 0 }) {
  const current = period?.periodId;
  while (!period || period.periodId === current) await sleep(10);
  const measured = [];
  for (let i = 0; i < warmup + count; i++) {
    const p = period;
    if (i === warmup) recording = { bets: [], broadcasts: new Map(), loop: monitorEventLoopDelay({ resolution: 10 }) };
    if (i === warmup) recording.loop.enable();
    const placed = await betWindow(p, rate);
    if (i >= warmup) measured.push({ p, placed });
    if (i < warmup + count - 1) while (period.periodId === p.periodId) await sleep(5);
  }
  const { bets: all, broadcasts, loop } = recording;
  const reports = [];
  for (const { p, placed } of measured) {
    const end = p.startTime + p.duration * 1000;
    const own = () => all.filter((b) => b.at >= p.startTime && b.at < end);
    const outcome = await awaitResults(p, () => own().filter((b) => b.success).length);
    reports.push({
      periodId: p.periodId,
      ...placed,
      ...outcome,
      bets: own(),
      broadcastMs: broadcasts.get(p.periodId) ?? [],
    });
  }
  loop.disable();
  recording = null;
  const loopDelayP99 = loop.percentile(99) / 1e6;
  return reports.map((r) => ({ ...r, loopDelayP99 }));
}

process.on('message', async (message) => {
  try {
    if (message.cmd === 'connect') {
      clients = await connectPlayers({
        url: message.urls[0],
        urls: message.urls,
        apiKey: message.apiKey,
        players: message.players,
        requestSpreadMs: message.requestSpreadMs ?? 0,
        observe,
      });
      process.send({ cmd: 'connected', connected: clients.length, connectMs });
    } else if (message.cmd === 'round') {
      process.send({ cmd: 'round', report: await betRound(message) });
    } else if (message.cmd === 'rounds') {
      process.send({ cmd: 'rounds', reports: await betRounds(message) });
    } else if (message.cmd === 'stop') {
      const held = clients.filter((c) => c.player.connected).length;
      closeAll(clients);
      process.send({ cmd: 'stopped', held });
      setTimeout(() => process.exit(0), 100);
    }
  } catch (error) {
    process.send({ cmd: 'error', error: String(error?.stack ?? error) });
  }
});
