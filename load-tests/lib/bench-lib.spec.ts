import { spawn } from 'node:child_process';
import {
  ceilingOf,
  findBaseline,
  formatRatios,
  meetsBudget,
  nextRate,
  parseTopologies,
  ratios,
  shapeOf,
} from './compare.mjs';
import { gauge, histogram } from './prom.mjs';
import {
  clockTicks,
  createCpuMeter,
  kernelFigures,
  machineSpeed,
  microsPerBet,
  parseIoCalls,
  parseStatTimes,
  processUsage,
} from './cpu.mjs';
import { betSeries, cpuSeries, renderReport } from './report-html.mjs';

describe('bench: CPU per process from /proc', () => {
  it('times a fixed CPU task alone and as two processes side by side, more rounds taking longer', async () => {
    const small = await machineSpeed({ rounds: 1 });
    const large = await machineSpeed({ rounds: 12 });
    for (const figure of [small.aloneMs, small.sideBySideMs, large.aloneMs, large.sideBySideMs])
      expect(Number.isInteger(figure) && figure >= 0).toBe(true);
    expect(large.aloneMs).toBeGreaterThan(small.aloneMs);
  }, 30_000);

  it('reads utime + stime of a stat line, also when the command name holds spaces and parentheses', () => {
    const line = '4242 (node (worker) x) S 1 4242 4242 0 -1 4194304 100 0 0 0 250 70 0 0 20 0 11 0 5000 1000 200';
    const { user, system } = parseStatTimes(line);
    expect(user + system).toBe(320);
    expect(clockTicks()).toBeGreaterThan(0);
  });

  // A process that burns `ms` of CPU time (whatever the load of the machine), says so, then idles.
  const burn = (ms: number) => {
    const child = spawn(process.execPath, [
      '-e',
      `const u = () => { const c = process.cpuUsage(); return (c.user + c.system) / 1000; }; const s = u(); while (u() - s < ${ms}) {} console.log('done'); setTimeout(() => {}, 30000)`,
    ]);
    const done = new Promise<void>((resolve) => child.stdout.on('data', () => resolve()));
    return { child, done };
  };

  it('measures the CPU a real process burns, and counts a process that appears during the run from zero', async () => {
    const first = burn(400);
    const late: number[] = [];
    const meter = createCpuMeter({ burner: () => [first.child.pid!], late: () => late, gone: () => [999_999_999] });
    const before = await meter.sample();
    expect(before).toEqual({ burner: 0, late: 0, gone: 0 });
    await first.done;
    const second = burn(300);
    late.push(second.child.pid!);
    await second.done;
    const after = await meter.sample();
    first.child.kill();
    second.child.kill();
    // 400 ms and 300 ms of CPU (less what the first burned before the first sample; the clock ticks every 10 ms).
    expect(after.burner).toBeGreaterThan(150_000);
    expect(after.burner).toBeLessThan(1_000_000);
    expect(after.late).toBeGreaterThan(300_000);
    expect(after.late).toBeLessThan(1_000_000);
    expect(after.gone).toBe(0);
    expect(processUsage(999_999_999)).toBeNull();
    const perBet = microsPerBet(before, after, 100);
    expect(perBet.burner).toBeCloseTo(after.burner / 100);
    expect(perBet.total).toBeCloseTo((after.burner + after.late) / 100);
    expect(microsPerBet(before, after, 0).total).toBeNaN();
  });
});

describe('bench: the kernel share and the system calls', () => {
  it('reads user and system ticks of a stat line and the read and write calls of an io file', () => {
    const line = '4242 (node (worker) x) S 1 4242 4242 0 -1 4194304 100 0 0 0 250 70 0 0 20 0 11 0 5000 1000 200';
    expect(parseStatTimes(line)).toEqual({ user: 250, system: 70 });
    const io = 'rchar: 123\nwchar: 456\nsyscr: 789\nsyscw: 1011\nread_bytes: 0\nwrite_bytes: 0\n';
    expect(parseIoCalls(io)).toEqual({ reads: 789, writes: 1011 });
    expect(parseIoCalls('rchar: 1\n')).toBeNull();
    expect(processUsage(999_999_999)).toBeNull();
  });

  // A child that makes `calls` one-byte writes to /dev/null (each a system call), then idles.
  const writer = (calls: number) => {
    const child = spawn(process.execPath, [
      '-e',
      `const fs = require('fs'); const fd = fs.openSync('/dev/null', 'w'); const b = Buffer.from('x'); for (let i = 0; i < ${calls}; i++) fs.writeSync(fd, b); console.log('done'); setTimeout(() => {}, 30000)`,
    ]);
    const done = new Promise<void>((resolve) => child.stdout.on('data', () => resolve()));
    return { child, done };
  };

  it("counts a real process's write calls and its time in the kernel, per accepted bet", async () => {
    const idle = spawn(process.execPath, ['-e', "console.log('ready'); setTimeout(() => {}, 30000)"]);
    await new Promise((resolve) => idle.stdout.once('data', resolve));
    const busy = writer(200_000);
    const pids = { writer: () => [busy.child.pid!], idle: () => [idle.pid!] };
    const meter = createCpuMeter(pids);
    const before = await meter.sample();
    await busy.done;
    const after = await meter.sample();
    busy.child.kill();
    idle.kill();
    const kernel = meter.kernel();
    // Counted from the first sample: at most the 200,000 writes (and a few of Node's own), at least those after it.
    expect(kernel.writer!.calls!.writes).toBeGreaterThan(50_000);
    expect(kernel.writer!.calls!.writes).toBeLessThan(200_100);
    // A process that only waits makes (almost) no read or write calls.
    expect(kernel.idle!.calls!.writes).toBeLessThan(10);
    expect(kernel.writer!.systemMicros).toBeGreaterThan(0);
    expect(kernel.writer!.systemMicros).toBeLessThanOrEqual(after.writer! - before.writer!);
    const figures = kernelFigures(kernel, after, 1000);
    expect(figures.callsPerBet.writer!.writes).toBeCloseTo(kernel.writer!.calls!.writes / 1000, 2);
    expect(figures.systemShare.writer).toBeGreaterThan(0);
    expect(figures.systemShare.writer).toBeLessThanOrEqual(100);
    expect(kernelFigures({ x: { systemMicros: 5, calls: null } }, { x: 10 }, 0)).toEqual({
      systemShare: { x: 50 },
      callsPerBet: { x: null },
    });
  }, 30_000);
});

describe('bench: the ceiling search', () => {
  const run = (limit: number, options: { start: number; max?: number; maxSteps?: number }) => {
    const history: Array<{ rate: number; ok: boolean }> = [];
    for (let rate = nextRate(history, options); rate !== null; rate = nextRate(history, options))
      history.push({ rate, ok: rate <= limit });
    return history;
  };

  it('doubles until a rate misses the budget, then bisects to within 10 %', () => {
    const history = run(2600, { start: 500 });
    expect(history.map((h) => h.rate)).toEqual([500, 1000, 2000, 4000, 3000, 2500, 2750]);
    expect(ceilingOf(history)).toEqual({ rate: 2500, cappedByPlayers: false });
  });

  it('stops at what the players can place, and says so', () => {
    const history = run(10_000, { start: 500, max: 1500 });
    expect(history.map((h) => h.rate)).toEqual([500, 1000, 1500]);
    expect(ceilingOf(history, 1500)).toEqual({ rate: 1500, cappedByPlayers: true });
  });

  it('goes below the start when the start already misses, and gives up after three misses', () => {
    expect(run(70, { start: 100 }).map((h) => h.rate)).toEqual([100, 63, 82, 73, 68]);
    const none = run(1, { start: 100 });
    expect(none.length).toBe(3);
    expect(ceilingOf(none).rate).toBe(0);
  });

  it('a step meets the budget with p99 within the limit and at most 1 % refused', () => {
    expect(meetsBudget({ accepted: 990, rejected: 10, latencyP99: 500 })).toBe(true);
    expect(meetsBudget({ accepted: 980, rejected: 20, latencyP99: 100 })).toBe(false);
    expect(meetsBudget({ accepted: 1000, rejected: 0, latencyP99: 501 })).toBe(false);
    expect(meetsBudget({ accepted: 0, rejected: 0, latencyP99: 1 })).toBe(false);
  });
});

describe('bench: comparison with one transaction per bet and with the previous release', () => {
  const config = {
    players: 2000,
    rate: 700,
    rounds: 3,
    roundSeconds: 10,
    lockSeconds: 2,
    apiNodes: 1,
    headless: 0,
    partitions: 4,
  };
  const baseline = {
    runs: [
      { release: '0.1.0', measured: '2026-11-22', shape: { ...config, rate: 3000 }, stream: { latencyP99: 9300 } },
      {
        release: '0.1.0',
        measured: '2026-11-22',
        shape: config,
        stream: { latencyP99: 912, acceptedPerSecond: 700, cpuMicrosPerBet: { total: 1000 } },
      },
    ],
  };

  it('finds the recorded run of the same shape, else the nearest rate with the same players', () => {
    expect(findBaseline(baseline, config)).toEqual({ entry: baseline.runs[1], exact: true });
    expect(findBaseline(baseline, { ...config, rate: 2500 })).toEqual({ entry: baseline.runs[0], exact: false });
    expect(findBaseline(baseline, { ...config, players: 5 })).toBeNull();
    expect(findBaseline({}, config)).toBeNull();
  });

  it('keys runs by their engines too: a shape recorded before engines existed stands for one engine', () => {
    expect(shapeOf(config).engines).toBe(1);
    expect(findBaseline(baseline, { ...config, engines: 1 })).toEqual({ entry: baseline.runs[1], exact: true });
    // A topology never recorded: the same players at the nearest rate, marked as another run shape.
    expect(findBaseline(baseline, { ...config, engines: 2 })).toEqual({ entry: baseline.runs[1], exact: false });
    expect(findBaseline(baseline, { ...config, apiNodes: 2, engines: 2, rate: 2900 })).toEqual({
      entry: baseline.runs[0],
      exact: false,
    });
    // The same api nodes first, whatever the engines.
    const twoNodes = {
      release: '0.1.0',
      measured: '2026-11-27',
      shape: { ...config, apiNodes: 2 },
      stream: { latencyP99: 3880 },
    };
    expect(findBaseline({ runs: [...baseline.runs, twoNodes] }, { ...config, apiNodes: 2, engines: 2 })).toEqual({
      entry: twoNodes,
      exact: false,
    });
  });

  it('reads --topologies as api nodes + engines, and refuses anything else', () => {
    expect(parseTopologies('1+1,2+2')).toEqual([
      { apiNodes: 1, engines: 1 },
      { apiNodes: 2, engines: 2 },
    ]);
    expect(parseTopologies(' 2 + 1 ')).toEqual([{ apiNodes: 2, engines: 1 }]);
    expect(() => parseTopologies('2x2')).toThrow('--topologies: "2x2" is not "api nodes + engines"');
    expect(() => parseTopologies('0+1')).toThrow();
  });

  it("sums a histogram over several engines' /metrics and reads gauges", () => {
    const engine = (count: number, sum: number, under100ms: number) =>
      [
        '# HELP wr_bet_batch_duration_seconds x',
        `wr_bet_batch_duration_seconds_bucket{le="0.01"} 0`,
        `wr_bet_batch_duration_seconds_bucket{le="0.1"} ${under100ms}`,
        `wr_bet_batch_duration_seconds_bucket{le="1"} ${count}`,
        `wr_bet_batch_duration_seconds_bucket{le="+Inf"} ${count}`,
        `wr_bet_batch_duration_seconds_sum ${sum}`,
        `wr_bet_batch_duration_seconds_count ${count}`,
        'wr_bet_partitions_led 2',
      ].join('\n');
    const one = histogram(engine(100, 5, 100), 'wr_bet_batch_duration_seconds');
    expect(one).toEqual({ count: 100, mean: 0.05, p99: 0.1 });
    // 200 batches over two engines, 10 of them slower than 100 ms: the p99 bucket is the 1-s one.
    const both = histogram([engine(100, 5, 100), engine(100, 15, 90)], 'wr_bet_batch_duration_seconds');
    expect(both.count).toBe(200);
    expect(both.mean).toBeCloseTo(0.1);
    expect(both.p99).toBe(1);
    expect(histogram(['', 'other 1'], 'wr_bet_batch_duration_seconds').count).toBeNaN();
    // What was observed since an earlier read (a warm-up round left out): 100 more batches, 10 of them slow.
    const since = histogram(engine(200, 20, 190), 'wr_bet_batch_duration_seconds', engine(100, 5, 100));
    expect(since.count).toBe(100);
    expect(since.mean).toBeCloseTo(0.15);
    expect(since.p99).toBe(1);
    // One series of a labelled histogram (as prom-client writes it: `le` first).
    const lag = [
      'wr_events_delivery_lag_seconds_bucket{le="0.1",stream="events"} 99',
      'wr_events_delivery_lag_seconds_bucket{le="1",stream="events"} 100',
      'wr_events_delivery_lag_seconds_bucket{le="+Inf",stream="events"} 100',
      'wr_events_delivery_lag_seconds_sum{stream="events"} 2',
      'wr_events_delivery_lag_seconds_count{stream="events"} 100',
      'wr_events_delivery_lag_seconds_bucket{le="0.1",stream="results"} 0',
      'wr_events_delivery_lag_seconds_bucket{le="1",stream="results"} 10',
      'wr_events_delivery_lag_seconds_bucket{le="+Inf",stream="results"} 10',
      'wr_events_delivery_lag_seconds_sum{stream="results"} 5',
      'wr_events_delivery_lag_seconds_count{stream="results"} 10',
    ].join('\n');
    expect(histogram(lag, 'wr_events_delivery_lag_seconds', [], 'stream="events"')).toEqual({
      count: 100,
      mean: 0.02,
      p99: 0.1,
    });
    expect(histogram(lag, 'wr_events_delivery_lag_seconds', [], 'stream="results"')).toEqual({
      count: 10,
      mean: 0.5,
      p99: 1,
    });
    expect(gauge(engine(1, 1, 1), 'wr_bet_partitions_led')).toBe(2);
    expect(gauge('', 'wr_bet_partitions_led')).toBeNaN();
  });

  it('prints ratios the right way round (times and CPU: reference ÷ current; throughput: current ÷ reference)', () => {
    const table = ratios(
      { latencyP99: 194, acceptedPerSecond: 700, cpuMicrosPerBet: { total: 400 }, settledAfterEndMs: null },
      baseline.runs[1].stream,
    );
    expect(Object.fromEntries(Object.entries(table).map(([k, v]) => [k, v.ratio]))).toEqual({
      latencyP99: 4.7,
      cpuMicrosPerBetTotal: 2.5,
      acceptedPerSecond: 1,
    });
    expect(formatRatios(table)).toEqual([
      '  place-bet → bet-message p99: 194 vs 912 → 4.7× better',
      '  CPU µs per accepted bet (total): 400 vs 1000 → 2.5× better',
      '  accepted bets/s: 700 vs 700 → 1× better',
    ]);
    expect(formatRatios(ratios({ latencyP99: 1824 }, { latencyP99: 912 }))).toEqual([
      '  place-bet → bet-message p99: 1824 vs 912 → 2× worse',
    ]);
  });
});

describe('bench: the HTML report', () => {
  const start = 1_000_000;
  const bets = [
    { at: start + 100, ms: 10, success: true },
    { at: start + 200, ms: 30, success: true },
    { at: start + 900, ms: 500, success: false },
    { at: start + 2100, ms: 20, success: true },
  ];

  it('turns bets into per-second latency percentiles and accepted/refused counts, and CPU samples into cores', () => {
    expect(betSeries(bets, start)).toEqual([
      { t: 0, p50: 30, p90: 500, p99: 500, accepted: 2, refused: 1 },
      { t: 1, p50: null, p90: null, p99: null, accepted: 0, refused: 0 },
      { t: 2, p50: 20, p90: 20, p99: 20, accepted: 1, refused: 0 },
    ]);
    const samples = [
      { at: start, totals: { api: 0, engine: 0 } },
      { at: start + 1000, totals: { api: 500_000, engine: 250_000 } },
      { at: start + 3000, totals: { api: 1_500_000, engine: 250_000 } },
    ];
    expect(cpuSeries(samples, start)).toEqual([
      { t: 1, api: 0.5, engine: 0.25 },
      { t: 3, api: 0.5, engine: 0 },
    ]);
  });

  it('is one self-contained file: inline SVG charts for latency, bets per second and CPU, no script, nothing fetched', () => {
    const html = renderReport({
      title: 'bench <1>',
      subtitle: '200 players',
      tables: [
        {
          title: 'Summary',
          rows: [
            ['', 'batched stream'],
            ['p99', 42],
          ],
        },
      ],
      lines: ['batched stream vs one transaction per bet: 5× better'],
      runs: [
        {
          title: 'batched stream',
          betSeries: betSeries(bets, start),
          cpuSeries: [
            { t: 1, api: 0.5, engine: 0.25 },
            { t: 2, api: 0.4, engine: 0.2 },
          ],
          summary: [['CPU µs per accepted bet, total', 812]],
        },
      ],
    });
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html.match(/<svg /g)?.length).toBe(3);
    for (const text of [
      'place-bet → bet-message latency',
      'bets per second',
      'CPU per process',
      '■ p99',
      '■ refused',
      '■ api',
      '■ engine',
      'bench &lt;1&gt;',
      '812',
      '5× better',
    ])
      expect(html).toContain(text);
    expect(html).toMatch(/<path d="M[\d.]+,[\d.]+ L/);
    expect(html).not.toMatch(/<script|<link|\bsrc=|@import|url\(/i);
    expect(html).not.toMatch(/href="(?!#)/);
  });
});
