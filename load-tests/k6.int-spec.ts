// The k6 load test's code (lib/k6-session.js: ramp, session, thresholds — what k6/bets.js runs in k6) driven from
// Node against a real api node and round engine: players connect along the ramp, bet, receive replies, the round
// broadcast and their results, and the thresholds are evaluated on what was measured.
import { runK6Test } from './lib/k6-node.mjs';
import {
  createUser,
  expectLedgerReconciles,
  startTestApi,
  startTestEngine,
  TEST_API_KEY,
  type TestApi,
  type TestEngine,
} from '@app/testing';

const ROUNDS = { ROUND_SECONDS: '4', LOCK_SECONDS: '1', BET_PARTITIONS: '2', FAIRNESS_CHAIN_LENGTH: '3000' };

describe('the k6 load test, run from Node against a real api node', () => {
  let api: TestApi;
  let engine: TestEngine;

  beforeAll(async () => {
    api = await startTestApi({ env: ROUNDS });
    engine = await startTestEngine({
      database: api.database,
      env: { ...ROUNDS, REDIS_PREFIX: api.config.REDIS_PREFIX },
    });
  });
  afterAll(async () => {
    await engine.close();
    await api.close();
  });

  it('ramps the players in, bets through whole rounds and evaluates the thresholds on the measurements', async () => {
    const users = await Promise.all([1, 2, 3].map(() => createUser(api, { main: 100_000 })));
    const players = users.map((u) => ({ id: u.id, token: u.token }));
    const { metrics, thresholds, startedAt } = await runK6Test({
      baseUrl: api.url,
      apiKey: TEST_API_KEY,
      players,
      env: { VUS: '3', RAMP_SECONDS: '1.5', SESSION_SECONDS: '14' },
      betChance: 1,
      betEveryMs: 200,
    });

    // Connected one after the other along the ramp (0, 0.5, 1 s), not all at once: none before its place on the
    // ramp (each counts from the start, so a pause of the box can make one late, never another early).
    expect(startedAt[1]!).toBeGreaterThanOrEqual(450);
    expect(startedAt[2]!).toBeGreaterThanOrEqual(950);
    expect(startedAt[2]!).toBeGreaterThanOrEqual(startedAt[1]!);
    expect(metrics.trends.socket_connect_ms).toHaveLength(3);
    expect(metrics.rates.socket_connect_errors).toEqual([0, 3]);
    // Three 4-s rounds in 14 s: each player bets on all three games of at least one round, and the first rounds'
    // results come in well before the sockets close even when the machine is busy (their draw waits on the beacon).
    expect(metrics.trends.bet_latency_ms.length).toBeGreaterThanOrEqual(9);
    expect(metrics.rates.bets_refused[0] + metrics.rates.bets_refused[1]).toBe(metrics.trends.bet_latency_ms.length);
    expect(metrics.trends.broadcast_latency_ms.length).toBeGreaterThanOrEqual(3);
    expect(metrics.counters.bet_results).toBeGreaterThanOrEqual(9);
    // Every threshold was evaluated on real samples (its pass or fail depends on this machine's load).
    expect(Object.keys(thresholds).sort()).toEqual([
      'bet_latency_ms',
      'bets_refused',
      'broadcast_latency_ms',
      'socket_connect_errors',
    ]);
    for (const results of Object.values(thresholds))
      for (const r of results) expect(Number.isFinite(r.value)).toBe(true);
    expect(thresholds.socket_connect_errors![0]!.ok).toBe(true);
    const stored = await api.db
      .selectFrom('bets')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(metrics.rates.bets_refused[1]);
    await expectLedgerReconciles(api.db);
  });
});
