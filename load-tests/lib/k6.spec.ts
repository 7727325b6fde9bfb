import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_OUT } from '../seed-players.mjs';
import { createMetrics, evaluateThresholds } from './k6-node.mjs';
import {
  BET_ANSWER_GRACE_MS,
  DEFAULT_PLAYERS_FILE,
  k6Options,
  rampPlan,
  runSession,
  secondsLeft,
  THRESHOLDS,
} from './k6-session.js';

const K6_SCRIPT = resolve(dirname(fileURLToPath(import.meta.url)), '../k6/bets.js');

describe('the k6 load test', () => {
  it('holds the product to what it meets: bet p99 < 250 ms, < 0.1 % refused, broadcast p99 < 500 ms', () => {
    expect(THRESHOLDS).toEqual({
      bet_latency_ms: ['p(99)<250'],
      bets_refused: ['rate<0.001'],
      broadcast_latency_ms: ['p(99)<500'],
      socket_connect_errors: ['rate<0.01'],
    });
    expect(k6Options({}, 10).thresholds).toBe(THRESHOLDS);
  });

  it('ramps players up instead of connecting them all at once', () => {
    const options = k6Options({}, 5000);
    expect(options.scenarios.players).toMatchObject({
      executor: 'ramping-vus',
      startVUs: 0,
      stages: [
        { duration: '20s', target: 1000 },
        { duration: '120s', target: 1000 },
        { duration: '5s', target: 0 },
      ],
    });
    const plan = rampPlan({ VUS: '4', RAMP_SECONDS: '2', SESSION_SECONDS: '10' }, 100);
    expect([1, 2, 3, 4].map((vu) => plan.startOffsetMs(vu))).toEqual([0, 500, 1000, 1500]);
    // Whoever connects late stays to the common end.
    expect(secondsLeft(plan, 1_000_000, 1_000_000 + 1500)).toBe(10.5);
    expect(k6Options({ VUS: '50' }, 10).scenarios.players.stages[0]).toEqual({ duration: '5s', target: 50 });
  });

  it('finds the players file where seed-players writes it (k6 resolves open() against the script directory)', () => {
    const script = readFileSync(K6_SCRIPT, 'utf8');
    expect(script).toContain('open(__ENV.PLAYERS || DEFAULT_PLAYERS_FILE)');
    expect(script).toContain('k6Options(__ENV, players.length)');
    expect(DEFAULT_OUT).toBe(resolve(dirname(K6_SCRIPT), DEFAULT_PLAYERS_FILE));
  });

  it('a session records connect, bet latency and refusals, and the broadcast but not the answer to its own request', () => {
    const sent: string[] = [];
    const handlers: Record<string, (text: string) => void> = {};
    let tick: () => void = () => {};
    let t = 10_000;
    const socket = {
      send: (s: string) => sent.push(s),
      on: (e: string, fn: (text: string) => void) => (handlers[e] = fn),
      setInterval: (fn: () => void) => (tick = fn),
      setTimeout: () => {},
      close: () => sent.push('closed'),
    };
    const metrics = createMetrics();
    runSession({
      socket,
      info: { token: 'tok' },
      apiKey: 'k',
      metrics: metrics.session,
      betChance: 1,
      now: () => t,
      random: () => 0,
    });
    handlers.message!('0{"sid":"a"}');
    t = 10_040;
    handlers.message!('40{"sid":"b"}');
    handlers.message!(
      '42["next-period-id",{"periodId":"p1","startTime":0,"duration":30,"serverTime":10040,"lockTime":35000}]',
    );
    tick();
    t = 10_070;
    handlers.message!(
      '42["bet-message",{"success":true,"message":"Bet placed successfully.","bet":{"betType":"color"}}]',
    );
    tick();
    t = 10_100;
    handlers.message!(
      '42["bet-message",{"success":false,"message":"Betting is closed for this period.","bet":{"betType":"bigSmall"}}]',
    );
    t = 30_120;
    handlers.message!(
      '42["next-period-id",{"periodId":"p2","startTime":30000,"duration":30,"serverTime":30120,"lockTime":55000}]',
    );
    handlers.message!('42["bet-result",{"periodId":"p1","win":true,"winAmount":20}]');
    expect(metrics.trends).toEqual({ socket_connect_ms: [40], bet_latency_ms: [30, 30], broadcast_latency_ms: [120] });
    expect(metrics.rates).toEqual({ bets_refused: [1, 1], socket_connect_errors: [0, 1] });
    expect(metrics.counters.bet_results).toBe(1);
    expect(sent.filter((s) => s.startsWith('42["place-bet"'))).toHaveLength(2);
  });

  it('places no bet in the last moments of a session, so every bet placed is answered before the socket closes', () => {
    const sent: string[] = [];
    const handlers: Record<string, (text: string) => void> = {};
    let tick: () => void = () => {};
    let t = 0;
    const socket = {
      send: (s: string) => sent.push(s),
      on: (e: string, fn: (text: string) => void) => (handlers[e] = fn),
      setInterval: (fn: () => void) => (tick = fn),
      setTimeout: () => {},
      close: () => sent.push('closed'),
    };
    runSession({
      socket,
      info: { token: 'tok' },
      apiKey: 'k',
      metrics: createMetrics().session,
      sessionSeconds: 10,
      betChance: 1,
      now: () => t,
      random: () => 0,
    });
    handlers.message!('0{"sid":"a"}');
    handlers.message!('40{"sid":"b"}');
    handlers.message!(
      '42["next-period-id",{"periodId":"p1","startTime":0,"duration":30,"serverTime":0,"lockTime":25000}]',
    );
    t = 10_000 - BET_ANSWER_GRACE_MS + 1;
    tick();
    expect(sent.filter((s) => s.startsWith('42["place-bet"'))).toHaveLength(0);
    t = 10_000 - BET_ANSWER_GRACE_MS - 1;
    tick();
    expect(sent.filter((s) => s.startsWith('42["place-bet"'))).toHaveLength(1);
  });

  it('evaluates thresholds as k6 does', () => {
    const metrics = createMetrics();
    metrics.trends.bet_latency_ms.push(...Array.from({ length: 100 }, (_, i) => i + 1));
    metrics.rates.bets_refused = [1, 999];
    const result = evaluateThresholds(
      {
        bet_latency_ms: ['p(99)<250', 'p(99)<99', 'avg<=50.5'],
        bets_refused: ['rate<0.001', 'rate<0.01'],
        broadcast_latency_ms: ['p(99)<500'],
      },
      metrics,
    );
    expect(result).toEqual({
      bet_latency_ms: [
        { expression: 'p(99)<250', value: 99, ok: true },
        { expression: 'p(99)<99', value: 99, ok: false },
        { expression: 'avg<=50.5', value: 50.5, ok: true },
      ],
      bets_refused: [
        { expression: 'rate<0.001', value: 0.001, ok: false },
        { expression: 'rate<0.01', value: 0.001, ok: true },
      ],
      // Nothing measured is a failure, not a pass.
      broadcast_latency_ms: [{ expression: 'p(99)<500', value: NaN, ok: false }],
    });
    expect(() => evaluateThresholds({ bet_latency_ms: ['p99 < 3'] }, metrics)).toThrow('Unsupported threshold');
  });
});
