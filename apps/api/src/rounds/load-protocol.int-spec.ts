// The load-test protocol code (load-tests/lib: Socket.IO framing and the scripted player, shared with the k6
// script) driven by the Node runner against a real api node and round engine: what the benchmark measures is the
// real protocol, and a change to the gateway that breaks the load tests fails here.
import {
  closeAll,
  connectPlayers,
  type LoadClient,
  type LoadPlayerInfo,
} from '../../../../load-tests/lib/node-runner.mjs';
import {
  createUser,
  eventually,
  expectLedgerReconciles,
  startTestApi,
  startTestEngine,
  TEST_API_KEY,
  type TestApi,
  type TestEngine,
} from '@app/testing';

// The protocol is under test, not the intake's answer deadline: on a box busy with other suites an engine may take
// longer than the default 1.5 s to take a bet up, and the api would rightly refuse it.
const ROUNDS = {
  ROUND_SECONDS: '4',
  LOCK_SECONDS: '1',
  BET_PARTITIONS: '2',
  FAIRNESS_CHAIN_LENGTH: '3000',
  BET_ANSWER_TIMEOUT_MS: '5000',
};

describe('load-test protocol against a real api node', () => {
  let api: TestApi;
  let engine: TestEngine;
  let clients: LoadClient[] = [];

  beforeAll(async () => {
    api = await startTestApi({ env: ROUNDS });
    engine = await startTestEngine({
      database: api.database,
      env: { ...ROUNDS, REDIS_PREFIX: api.config.REDIS_PREFIX },
    });
  });
  afterAll(async () => {
    closeAll(clients);
    await engine.close();
    await api.close();
  });

  it('signs players in, tracks the period, places one bet per game and receives every reply and result', async () => {
    const users = await Promise.all([1, 2, 3].map(() => createUser(api, { main: 100_000 })));
    const seen: Array<{ kind: string; value: any; id: string }> = [];
    const players: LoadPlayerInfo[] = users.map((u) => ({ id: u.id, token: u.token }));
    players.push({ id: 'nobody', token: 'not-a-token' });
    clients = await connectPlayers({
      url: api.url,
      apiKey: TEST_API_KEY,
      players,
      observe: (kind, value, info) => seen.push({ kind, value, id: info.id }),
    });

    // The three real players are in; the bad token is refused with the server's message.
    expect(clients.map((c) => c.info.id).sort()).toEqual(users.map((u) => u.id).sort());
    expect(seen.filter((s) => s.kind === 'connect_error').map((s) => s.value)).toEqual([
      'Your session has expired. Please log in again.',
    ]);
    await eventually(async () => clients.every((c) => c.player.balance === 1_000), 5_000, 'balances');

    // Bet right after a period is announced, well before its lock (on a busy box an announcement may be read late:
    // then the next one is awaited).
    let periodId: string | null = null;
    for (let attempt = 0; attempt < 4 && !periodId; attempt++) {
      const announced = seen.filter((s) => s.kind === 'period').length;
      await eventually(
        async () => seen.filter((s) => s.kind === 'period').length >= announced + clients.length,
        10_000,
        'a new period',
      );
      const { player } = clients[0]!;
      if (player.lockTime - player.serverNow() >= 1_500) periodId = player.periodId;
    }
    expect(periodId).toBeTruthy();
    expect(clients.every((c) => c.player.periodId === periodId)).toBe(true);
    for (const client of clients)
      for (let game = 0; game < 3; game++) expect(client.player.placeRandomBet()).toBeTruthy();
    // A fourth bet in the same period is not possible (one per game).
    expect(clients[0]!.player.placeRandomBet()).toBe(false);

    const bets = await eventually(
      async () => {
        const replies = seen.filter((s) => s.kind === 'bet');
        return replies.length >= 9 && replies;
      },
      10_000,
      'nine bet replies',
    );
    expect(bets.map((b) => [b.value.success, b.value.message])).toEqual(
      bets.map(() => [true, 'Bet placed successfully.']),
    );
    expect(Math.max(...bets.map((b) => b.value.ms))).toBeLessThan(5_000);

    const results = await eventually(
      async () => {
        const r = seen.filter((s) => s.kind === 'result' && s.value.periodId === periodId);
        return r.length >= 9 && r;
      },
      15_000,
      'nine bet results',
    );
    expect(new Set(results.map((r) => r.id))).toEqual(new Set(users.map((u) => u.id)));
    // The online players' results go out at the draw, beside the settlement that writes them (docs/architecture.md):
    // the rows are completed once it commits, which may be a moment after the last result came.
    const rows = await eventually(
      async () => {
        const found = await api.db
          .selectFrom('bets')
          .select(['user_id', 'status'])
          .where('period_id', '=', periodId!)
          .execute();
        return found.every((r) => r.status !== 'PENDING') && found;
      },
      10_000,
      'the period settled',
    );
    expect(rows).toHaveLength(9);
    expect(rows.map((r) => r.status)).toEqual(rows.map(() => 'COMPLETED'));
    await expectLedgerReconciles(api.db);
  });
});
