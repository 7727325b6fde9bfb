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

function observe(kind, value) {
  if (kind === 'connected') connectMs.push(value);
  else if (kind === 'period') {
    if (!period || value.periodId !== period.periodId) period = value;
    broadcastMs.push(Date.now() - value.startTime);
  } else if (kind === 'bet') {
    const sentAt = Date.now() - value.ms;
    bets.push({ at: sentAt, ms: value.ms, success: value.success, message: value.message, intoRound: period ? sentAt - period.startTime : 0 });
  } else if (kind === 'result') {
    const r = results.get(value.periodId) ?? { count: 0, last: 0 };
    r.count++;
    r.last = Math.max(r.last, value.at);
    results.set(value.periodId, r);
  }
}

async function betRound({ rate }) {
  const current = period?.periodId;
  while (!period || period.periodId === current) await sleep(10);
  const p = period;
  bets = [];
  broadcastMs = [];
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const windowStart = Math.max(Date.now(), p.startTime + 200);
  const windowEnd = p.lockTime - 300;
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
  const accepted = () => bets.filter((b) => b.success).length;
  const endTime = p.startTime + p.duration * 1000;
  const deadline = endTime + 20_000;
  while (Date.now() < deadline) {
    if (Date.now() > endTime && (results.get(p.periodId)?.count ?? 0) >= accepted()) break;
    await sleep(50);
  }
  loop.disable();
  const r = results.get(p.periodId);
  return {
    periodId: p.periodId,
    endTime,
    windowSeconds: (windowEnd - windowStart) / 1000,
    sent,
    heldBack: heldBack.size,
    bets,
    results: r?.count ?? 0,
    lastResultAt: r?.last ?? null,
    broadcastMs,
    loopDelayP99: loop.percentile(99) / 1e6,
  };
}

process.on('message', async (message) => {
  try {
    if (message.cmd === 'connect') {
      clients = await connectPlayers({ url: message.urls[0], urls: message.urls, apiKey: message.apiKey, players: message.players, observe });
      process.send({ cmd: 'connected', connected: clients.length, connectMs });
    } else if (message.cmd === 'round') {
      process.send({ cmd: 'round', report: await betRound(message) });
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
