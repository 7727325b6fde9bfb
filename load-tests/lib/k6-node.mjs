// Runs the k6 load test's session code (lib/k6-session.js, what load-tests/k6/bets.js runs in k6) from Node over
// `ws`, with the same ramp and the same thresholds, so the k6 test is exercised here without a k6 binary.
import WebSocket from 'ws';
import { k6Options, rampPlan, runSession, secondsLeft, THRESHOLDS } from './k6-session.js';
import { socketUrl } from './socketio.js';
import { percentile } from './stats.js';

/** A k6-style socket (send, on('message' | 'close'), setInterval, setTimeout, close) over a `ws` WebSocket. */
export function k6Socket(ws) {
  const timers = new Set();
  const handlers = { message: [], close: [] };
  const clear = () => {
    for (const t of timers) {
      clearTimeout(t);
      clearInterval(t);
    }
    timers.clear();
  };
  ws.on('message', (data) => handlers.message.forEach((fn) => fn(data.toString())));
  ws.on('close', () => {
    clear();
    handlers.close.forEach((fn) => fn());
  });
  return {
    send: (text) => ws.readyState === WebSocket.OPEN && ws.send(text),
    on: (event, fn) => handlers[event]?.push(fn),
    setInterval: (fn, ms) => timers.add(setInterval(fn, ms)),
    setTimeout: (fn, ms) => timers.add(setTimeout(fn, ms)),
    close: () => {
      clear();
      ws.close();
    },
  };
}

/** Metrics as k6 keeps them: trends (values), rates (true/false counts), counters. */
export function createMetrics() {
  const trends = { bet_latency_ms: [], broadcast_latency_ms: [], socket_connect_ms: [] };
  const rates = { bets_refused: [0, 0], socket_connect_errors: [0, 0] };
  const counters = { bet_results: 0 };
  const rate = (name) => (value) => {
    rates[name][value ? 0 : 1]++;
  };
  return {
    trends,
    rates,
    counters,
    session: {
      connect: (ms) => trends.socket_connect_ms.push(ms),
      connectError: rate('socket_connect_errors'),
      betLatency: (ms) => trends.bet_latency_ms.push(ms),
      betRefused: rate('bets_refused'),
      broadcast: (ms) => trends.broadcast_latency_ms.push(ms),
      result: () => counters.bet_results++,
    },
  };
}

/**
 * Evaluates k6 threshold expressions (`p(99)<250`, `rate<0.001`, `avg<100`, `max<…`, `count>0`) against the
 * metrics: { metric: [{ expression, value, ok }] }. A trend without samples fails its thresholds, as nothing was
 * measured.
 */
export function evaluateThresholds(thresholds, metrics) {
  const result = {};
  for (const [name, expressions] of Object.entries(thresholds)) {
    result[name] = expressions.map((expression) => {
      const m = /^\s*(p\((\d+(?:\.\d+)?)\)|rate|avg|max|min|med|count)\s*(<=|>=|<|>|==)\s*(-?\d+(?:\.\d+)?)\s*$/.exec(
        expression,
      );
      if (!m) throw new Error(`Unsupported threshold ${name}: ${expression}`);
      const [, stat, p, op, limitText] = m;
      const limit = Number(limitText);
      let value = NaN;
      if (name in metrics.trends) {
        const v = metrics.trends[name];
        if (v.length) {
          if (p) value = percentile(v, Number(p));
          else if (stat === 'avg') value = v.reduce((a, b) => a + b, 0) / v.length;
          else if (stat === 'max') value = Math.max(...v);
          else if (stat === 'min') value = Math.min(...v);
          else if (stat === 'med') value = percentile(v, 50);
          else if (stat === 'count') value = v.length;
        }
      } else if (name in metrics.rates) {
        const [yes, no] = metrics.rates[name];
        value = stat === 'rate' ? (yes + no ? yes / (yes + no) : 0) : yes + no;
      } else if (name in metrics.counters) {
        value = metrics.counters[name];
      }
      const ok =
        Number.isFinite(value) &&
        { '<': value < limit, '<=': value <= limit, '>': value > limit, '>=': value >= limit, '==': value === limit }[
          op
        ];
      return { expression, value, ok };
    });
  }
  return result;
}

/**
 * Runs the k6 test from Node: `players` ([{ id, token }]) connect along the ramp of `env` (VUS, RAMP_SECONDS,
 * SESSION_SECONDS as k6 reads them), each runs the session until the plan ends. Resolves with { options, metrics,
 * thresholds, startedAt: [ms after the start, per VU] }.
 */
export async function runK6Test({ baseUrl, apiKey, players, env = {}, betChance, betEveryMs }) {
  const plan = rampPlan(env, players.length);
  const options = k6Options(env, players.length);
  const metrics = createMetrics();
  const start = Date.now();
  const startedAt = [];
  const sessions = Array.from({ length: plan.vus }, async (_, i) => {
    const vu = i + 1;
    await new Promise((r) => setTimeout(r, plan.startOffsetMs(vu)));
    startedAt[i] = Date.now() - start;
    const info = players[i % players.length];
    const ws = new WebSocket(socketUrl(baseUrl), { perMessageDeflate: false });
    const socket = k6Socket(ws);
    const closed = new Promise((resolve) => {
      ws.on('close', resolve);
      ws.on('error', () => {
        metrics.session.connectError(true);
        resolve();
      });
    });
    runSession({
      socket,
      info,
      apiKey,
      metrics: metrics.session,
      sessionSeconds: secondsLeft(plan, start, Date.now()),
      ...(betChance !== undefined ? { betChance } : {}),
      ...(betEveryMs ? { betEveryMs } : {}),
    });
    await closed;
  });
  await Promise.all(sessions);
  return { options, metrics, thresholds: evaluateThresholds(options.thresholds ?? THRESHOLDS, metrics), startedAt };
}
