// CPU time of the processes of a benchmark run, from /proc/<pid>/stat (utime + stime, in clock ticks), so the bench
// can print CPU microseconds per accepted bet for each part of the system and in total.
import { execFileSync } from 'node:child_process';
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
