// CPU time of the processes of a benchmark run, from /proc/<pid>/stat (utime + stime, in clock ticks), so the bench
// can print CPU microseconds per accepted bet for each part of the system and in total.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

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

/** utime + stime of a /proc/<pid>/stat line, in clock ticks (the command name may hold spaces and parentheses). */
export function parseStatTicks(line) {
  const fields = line.slice(line.lastIndexOf(')') + 2).split(' ');
  // After "pid (comm) ": state is field 3 of stat(5); utime and stime are fields 14 and 15.
  return Number(fields[11]) + Number(fields[12]);
}

/** CPU microseconds a process has used so far (user + system), or null when it is gone. */
export function cpuMicros(pid) {
  try {
    return (parseStatTicks(readFileSync(`/proc/${pid}/stat`, 'utf8')) * 1e6) / clockTicks();
  } catch {
    return null;
  }
}

/**
 * Follows the CPU time of named parts, each a set of pids that may change between samples (Postgres backends come
 * and go). A pid's time counts from the first sample that saw it (or from 0 when `countFromStart` says it is new:
 * a backend that appeared during the run); a pid that disappears keeps the last time seen.
 */
export function createCpuMeter(parts) {
  /** part → pid → { first, last } µs */
  const seen = new Map(Object.keys(parts).map((name) => [name, new Map()]));
  let started = false;
  const sample = async () => {
    const totals = {};
    for (const [name, listPids] of Object.entries(parts)) {
      const pids = await listPids();
      const known = seen.get(name);
      for (const pid of pids) {
        const now = cpuMicros(pid);
        if (now === null) continue;
        const entry = known.get(pid);
        // A pid first seen after the start was born during the run: all of its time is the run's.
        if (!entry) known.set(pid, { first: started ? 0 : now, last: now });
        else entry.last = now;
      }
      totals[name] = [...known.values()].reduce((sum, e) => sum + (e.last - e.first), 0);
    }
    started = true;
    return totals;
  };
  return { sample };
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
