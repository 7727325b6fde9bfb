#!/usr/bin/env node
// Measures what an events-stream entry costs to write (the engine, once per message) and to read (every api node,
// each entry): a round's results (`--players N` players with three bet-results and a balance each, in entries of
// 500 messages), read by a node holding `--local M` of the players' sockets. Side by side in the same run: the
// entries as one JSON array of messages (earlier releases: every node parses every message and encodes its own
// sockets' frames again) and as they are now (`encodeEntry` / `readEntry`: a node skips other rooms' messages
// unread and frames its own sockets' data as it came).
//
//   node apps/api/scripts/events-entry-figures.mjs [--root <checkout with dist/>] [--players 37000] [--local 3000] [--trials 3]
import { randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const argv = process.argv.slice(2);
const opt = (name, fallback) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : fallback);
const ROOT = resolve(opt('root', join(fileURLToPath(new URL('.', import.meta.url)), '../../..')));
const PLAYERS = Number(opt('players', '37000'));
const LOCAL = Number(opt('local', '3000'));
const TRIALS = Number(opt('trials', '3'));
const { encodeEntry, readEntry, userRoom, MESSAGES_PER_ENTRY } = await import(
  pathToFileURL(join(ROOT, 'dist/libs/realtime/src/index.js')).href
);

const players = Array.from({ length: PLAYERS }, () => randomUUID());
const messages = [];
for (const player of players) {
  for (let b = 0; b < 3; b++) {
    const id = randomUUID();
    const at = new Date().toISOString();
    const bet = {
      _id: id,
      betType: 'color',
      betValue: 'green',
      systemSelectedValue: 'red',
      amount: 10,
      isWin: false,
      winAmount: 0,
      status: 'COMPLETED',
      playedFrom: 'main',
      periodId: '202611280300',
      createdAt: at,
      updatedAt: at,
    };
    messages.push({
      room: userRoom(player),
      event: 'bet-result',
      data: {
        gameType: 'color',
        win: false,
        winAmount: 0,
        lossAmount: 10,
        message: 'You lost ₹10.00 on Green.',
        timestamp: at,
        periodId: '202611280300',
        betId: id,
        bet,
      },
    });
  }
  messages.push({
    room: userRoom(player),
    event: 'balance-update',
    data: { balance: 990, mainBalance: 990, bonusBalance: 0 },
  });
}
const chunks = [];
for (let i = 0; i < messages.length; i += MESSAGES_PER_ENTRY) chunks.push(messages.slice(i, i + MESSAGES_PER_ENTRY));
const local = new Set(players.slice(0, LOCAL).map(userRoom));

function measure(fn) {
  const cpu = process.cpuUsage();
  const out = fn();
  const used = process.cpuUsage(cpu);
  return { ms: (used.user + used.system) / 1000, out };
}
const print = (line) => process.stdout.write(`${line}\n`);
const rows = [];
for (let trial = 1; trial <= TRIALS; trial++) {
  const arrayWrite = measure(() => chunks.map((c) => JSON.stringify(c)));
  const lineWrite = measure(() => chunks.map((c) => encodeEntry(c)));
  const arrayRead = measure(() => {
    let frames = 0;
    for (const text of arrayWrite.out)
      for (const m of JSON.parse(text))
        if (local.has(m.room)) frames += JSON.stringify([m.event, m.data]).length > 0 ? 1 : 0;
    return frames;
  });
  const lineRead = measure(() => {
    let frames = 0;
    for (const text of lineWrite.out)
      for (const m of readEntry(text, (room) => room === null || local.has(room)))
        frames += m.packet.length > 0 ? 1 : 0;
    return frames;
  });
  if (arrayRead.out !== lineRead.out) throw new Error(`frames differ: ${arrayRead.out} vs ${lineRead.out}`);
  rows.push({
    trial,
    arrayWrite: arrayWrite.ms,
    lineWrite: lineWrite.ms,
    arrayRead: arrayRead.ms,
    lineRead: lineRead.ms,
    frames: lineRead.out,
    mb: lineWrite.out.reduce((n, t) => n + t.length, 0) / 1e6,
  });
}
print(
  `${messages.length} messages in ${chunks.length} entries (${PLAYERS} players), a node holding ${LOCAL} of them; CPU ms per round`,
);
print('trial │ write: JSON array / lines │ read on one node: JSON array / lines │ frames │ MB');
for (const r of rows) {
  print(
    `${String(r.trial).padStart(5)} │ ${r.arrayWrite.toFixed(0).padStart(11)} / ${r.lineWrite.toFixed(0).padEnd(10)}│ ${r.arrayRead.toFixed(0).padStart(21)} / ${r.lineRead.toFixed(0).padEnd(13)}│ ${String(r.frames).padStart(6)} │ ${r.mb.toFixed(1)}`,
  );
}
