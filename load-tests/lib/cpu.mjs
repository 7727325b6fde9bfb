// CPU time of the processes of a benchmark run, from /proc/<pid>/stat (utime + stime, in clock ticks), so the bench
// can print CPU microseconds per accepted bet for each part of the system and in total, with the share of it spent in
// the kernel and the read and write system calls behind it (/proc/<pid>/io).
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { round } from './stats.js';

let ticksPerSecond = null;

/** Clock ticks per second of /proc/<pid>/stat (`getconf CLK_TCK`, 100 on Linux). */
export function clockTicks() {
  if (ticksPerSecond === null) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** utime and stime of a /proc/<pid>/stat line, in clock ticks (the command name may hold spaces and parentheses). */
export function parseStatTimes(line) {
  const fields = line.slice(line.lastIndexOf(')') + 2).split(' ');
  // After "pid (comm) ": state is field 3 of stat(5); utime and stime are fields 14 and 15.
  return { user: Number(fields[11]), system: Number(fields[12]) };
}

/**
 * The read and write system calls a process has made (`syscr`, `syscw` of /proc/<pid>/io: read, readv, write,
 * writev and their positioned forms; not send/recv, which Postgres and PgBouncer use for their sockets), or null.
 */
export function parseIoCalls(text) {
  const reads = /^syscr:\s*(\d+)$/m.exec(text);
  const writes = /^syscw:\s*(\d+)$/m.exec(text);
  return reads && writes ? { reads: Number(reads[1]), writes: Number(writes[1]) } : null;
}

/**
 * What a process has used so far: CPU µs in all and in the kernel (system time), and its read and write system calls
 * (null when /proc/<pid>/io cannot be read); null when it is gone.
 */
export function processUsage(pid) {
  let times;
  try {
    times = parseStatTimes(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return null;
  }
  let calls = null;
  try {
    calls = parseIoCalls(readFileSync(`/proc/${pid}/io`, 'utf8'));
  } catch {
    // Another user's process without the right to read its io: the CPU figures stand alone.
  }
  const tick = 1e6 / clockTicks();
  return { micros: (times.user + times.system) * tick, systemMicros: times.system * tick, calls };
}

const NO_USE = { micros: 0, systemMicros: 0, calls: { reads: 0, writes: 0 } };
const minus = (a, b) => ({
  micros: a.micros - b.micros,
  systemMicros: a.systemMicros - b.systemMicros,
  calls: a.calls && b.calls ? { reads: a.calls.reads - b.calls.reads, writes: a.calls.writes - b.calls.writes } : null,
});

/**
 * Follows the CPU time of named parts, each a set of pids that may change between samples (Postgres backends come
 * and go). A pid's time counts from the first sample that saw it (or from 0 when it first appears after the first
 * sample: a backend that appeared during the run); a pid that disappears keeps the last time seen. `sample()`
 * resolves with each part's CPU µs; `kernel()` gives, as of the last sample, each part's system time (µs) and read
 * and write system calls (null when some process's could not be read).
 */
export function createCpuMeter(parts) {
  /** part → pid → { first, last } usage */
  const seen = new Map(Object.keys(parts).map((name) => [name, new Map()]));
  let started = false;
  const used = (name) => [...seen.get(name).values()].map((e) => minus(e.last, e.first));
  const sample = async () => {
    const totals = {};
    for (const [name, listPids] of Object.entries(parts)) {
      const pids = await listPids();
      const known = seen.get(name);
      for (const pid of pids) {
        const now = processUsage(pid);
        if (now === null) continue;
        const entry = known.get(pid);
        // A pid first seen after the start was born during the run: all of its use is the run's.
        if (!entry) known.set(pid, { first: started ? NO_USE : now, last: now });
        else entry.last = now;
      }
      totals[name] = used(name).reduce((sum, u) => sum + u.micros, 0);
    }
    started = true;
    return totals;
  };
  const kernel = () =>
    Object.fromEntries(
      Object.keys(parts).map((name) => {
        const uses = used(name);
        const calls = uses.every((u) => u.calls)
          ? {
              reads: uses.reduce((sum, u) => sum + u.calls.reads, 0),
              writes: uses.reduce((sum, u) => sum + u.calls.writes, 0),
            }
          : null;
        return [name, { systemMicros: uses.reduce((sum, u) => sum + u.systemMicros, 0), calls }];
      }),
    );
  return { sample, kernel };
}

/** CPU µs per accepted bet for each part and in total ({ api: 123.4, …, total }), from two samples. */
export function microsPerBet(before, after, accepted) {
  const result = {};
  let total = 0;
  for (const name of Object.keys(after)) {
    const used = after[name] - (before[name] ?? 0);
    total += used;
    result[name] = accepted > 0 ? used / accepted : NaN;
  }
  result.total = accepted > 0 ? total / accepted : NaN;
  return result;
}

/**
 * Where each part's CPU went, from a meter's `kernel()` and `sample()` totals: the share of its CPU time spent in the
 * kernel (%, one decimal) and its read and write system calls per accepted bet (two decimals; null where they could
 * not be read). On loopback a socket write also does the receiving end's TCP work inside the call.
 */
export function kernelFigures(kernel, totals, accepted) {
  const systemShare = {};
  const callsPerBet = {};
  for (const [name, k] of Object.entries(kernel)) {
    systemShare[name] = totals[name] > 0 ? round((k.systemMicros / totals[name]) * 100) : NaN;
    callsPerBet[name] =
      k.calls && accepted > 0
        ? { reads: round(k.calls.reads / accepted, 2), writes: round(k.calls.writes / accepted, 2) }
        : null;
  }
  return { systemShare, callsPerBet };
}

/**
 * A fixed piece of CPU work (a Map of strings, JSON out and back), in a process of its own; prints its time in ms.
 * The same work every run, so its time says how fast the machine is that day, alone and with a neighbour.
 */
const SPEED_TASK = `
const items = Array.from({ length: 50000 }, (_, i) => ({ i, key: 'k' + i }));
const start = process.hrtime.bigint();
let sum = 0;
for (let r = 0; r < ROUNDS; r++) {
  const map = new Map();
  for (const o of items) map.set(o.key, o.i + r);
  for (const o of items) sum += map.get(o.key);
  sum += JSON.parse(JSON.stringify(items.slice(0, 10000))).length;
}
process.stdout.write(String(Number(process.hrtime.bigint() - start) / 1e6 + (sum < 0 ? 1 : 0)));
`;

function speedTask(rounds) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', SPEED_TASK.replace('ROUNDS', String(rounds))], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(Math.round(Number(out))) : reject(new Error(`speed task exited with ${code}`)),
    );
  });
}

/**
 * How fast this machine runs a fixed CPU task: alone, then as two processes side by side (the slower of the two).
 * Figures of runs on different days compare only when these do: a box whose two cores are slower, or slow each other
 * down, makes every process of the stack cost more per bet.
 */
export async function machineSpeed({ rounds = 20 } = {}) {
  const aloneMs = await speedTask(rounds);
  const pair = await Promise.all([speedTask(rounds), speedTask(rounds)]);
  return { aloneMs, sideBySideMs: Math.max(...pair) };
}
