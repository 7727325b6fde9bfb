import type { Socket } from 'socket.io-client';
import type {
  BalanceUpdate,
  Bet,
  BetMessage,
  BetResult,
  ClientToServerEvents,
  FairnessBeacon,
  FairnessPeriod,
  GameResult,
  PeriodInfo,
  ServerToClientEvents,
} from '@app/contracts';
import { currentPeriod, nextPeriodId, previousPeriodId, verifyPeriod, verifyPeriodBeacon } from '@app/domain';
import {
  createUser,
  eventually,
  expectLedgerReconciles,
  freshPeriod,
  sleep,
  startTestApi,
  startTestEngine,
  TEST_API_KEY,
  type TestApi,
  type TestEngine,
  type TestUser,
} from '@app/testing';
import { SLOW_DOWN } from './rounds.gateway.js';
import { RoundsRepository, SCREEN_READS_GAP_MS } from './rounds.repository.js';

const ROUNDS = { ROUND_SECONDS: '4', LOCK_SECONDS: '1', BET_PARTITIONS: '2', FAIRNESS_CHAIN_LENGTH: '3000' };
const periodConfig = { roundSeconds: 4, lockSeconds: 1 };
type GameSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A signed-in player's socket that records everything the server sends it. */
class Player {
  readonly received: Array<[string, any]> = [];
  constructor(
    readonly user: TestUser,
    readonly socket: GameSocket,
  ) {
    socket.onAny((event, data) => this.received.push([event, data]));
  }
  static async connect(api: TestApi, user: TestUser): Promise<Player> {
    const socket = api.socket({ apiKey: TEST_API_KEY, token: user.token }) as GameSocket;
    const player = new Player(user, socket);
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', resolve);
      socket.on('connect_error', reject);
    });
    return player;
  }
  all<E extends keyof ServerToClientEvents>(event: E): Parameters<ServerToClientEvents[E]>[0][] {
    return this.received.filter(([e]) => e === event).map(([, d]) => d);
  }
  next<E extends keyof ServerToClientEvents>(event: E, after = this.all(event).length, timeoutMs = 8000) {
    return eventually(async () => this.all(event)[after], timeoutMs, `${event} for ${this.user.email}`);
  }
}

describe('rounds over the live connection', () => {
  let api: TestApi;
  let second: TestApi;
  let engine: TestEngine;

  beforeAll(async () => {
    api = await startTestApi({ env: ROUNDS });
    second = await startTestApi({ database: api.database, env: { ...ROUNDS, REDIS_PREFIX: api.config.REDIS_PREFIX } });
    engine = await startTestEngine({
      database: api.database,
      env: { ...ROUNDS, REDIS_PREFIX: api.config.REDIS_PREFIX },
    });
  });
  afterEach(() => expectLedgerReconciles(api.db));
  afterAll(async () => {
    await engine.close();
    await second.close();
    await api.close();
  });

  it('answers the period, balance, results and current bets a client asks for on connect', async () => {
    const player = await Player.connect(api, await createUser(api, { main: 25_000, bonus: 500 }));
    const asked = currentPeriod(Date.now(), periodConfig);
    player.socket.emit('send-period-id-current');
    const info = (await player.next('next-period-id', 0)) as PeriodInfo;
    // The period running when the answer was made: the one asked in, or the next if a round ended meanwhile.
    const answered = currentPeriod(Date.now(), periodConfig);
    const now = info.periodId === asked.periodId ? asked : answered;
    expect([asked.periodId, answered.periodId]).toContain(info.periodId);
    expect([info.periodId, info.startTime, info.duration, info.lockTime]).toEqual([
      now.periodId,
      now.startTime,
      4,
      now.lockTime,
    ]);
    expect(Math.abs(info.serverTime - Date.now())).toBeLessThan(1000);
    player.socket.emit('get-balance');
    expect(await player.next('balance-update', 0)).toEqual({ balance: 255, mainBalance: 250, bonusBalance: 5 });
    player.socket.emit('get-current-bet');
    expect(await player.next('current-bet-response', 0)).toEqual([]);
    await eventually(
      async () =>
        (await api.db.selectFrom('periods').select('id').where('status', '=', 'SETTLED').execute()).length >= 2,
      15_000,
      'two drawn periods',
    );
    player.socket.emit('get-all-game-results');
    const results = (await player.next('all-game-results', 0)) as GameResult[];
    expect(results.length).toBeGreaterThanOrEqual(2);
    expect(results.length).toBeLessThanOrEqual(15);
    expect(Number(results[0]!.periodId)).toBeGreaterThan(Number(results[1]!.periodId));
    const before = player.all('game-result').length;
    player.socket.emit('get-game-results');
    // The latest result (or a newer one, if a round was drawn meanwhile).
    const latest = (await player.next('game-result', before)) as GameResult;
    expect(Number(latest.periodId)).toBeGreaterThanOrEqual(Number(results[0]!.periodId));
  });

  it('answers the balance and current bets that many sockets ask for at once (as every screen does when a period opens), each its own, in shared statements', async () => {
    const players = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => Player.connect(api, await createUser(api, { main: 1_000 * (i + 1) }))),
    );
    const bettor = players[0]!;
    const period = await freshPeriod(periodConfig, 2000);
    bettor.socket.emit('place-bet', { periodId: period.periodId, betType: 'color', betValue: 'red', amount: 10 });
    expect(await bettor.next('bet-message', 0)).toMatchObject({ success: true });
    await bettor.next('balance-update', 0);
    const repository = api.app.get(RoundsRepository);
    const statements: Array<[string, number]> = [];
    const spy = (name: 'walletsOf' | 'betsInPeriodOf') => {
      const original = repository[name].bind(repository) as (...args: any[]) => Promise<any>;
      (repository as any)[name] = (...args: any[]) => {
        statements.push([name, (args.at(-1) as string[]).length]);
        return original(...args);
      };
      return () => ((repository as any)[name] = original);
    };
    const restore = [spy('walletsOf'), spy('betsInPeriodOf')];
    try {
      for (const player of players) {
        player.socket.emit('get-balance');
        player.socket.emit('get-current-bet');
      }
      const balances = await Promise.all(players.map((p) => p.next('balance-update', p.all('balance-update').length)));
      const bets = await Promise.all(players.map((p) => p.next('current-bet-response', 0)));
      expect(balances.map((b) => b.mainBalance)).toEqual([0, ...players.slice(1).map((_, i) => 10 * (i + 2))]);
      expect(bets[0]!.map((b) => [b.periodId, b.betType, b.betValue, b.amount])).toEqual([
        [period.periodId, 'color', 'red', 10],
      ]);
      expect(bets.slice(1)).toEqual(players.slice(1).map(() => []));
      // Every request answered, by fewer statements than requests.
      for (const name of ['walletsOf', 'betsInPeriodOf']) {
        const mine = statements.filter(([n]) => n === name);
        expect(mine.reduce((sum, [, n]) => sum + n, 0)).toBe(players.length);
        expect(mine.length).toBeLessThan(players.length);
      }
    } finally {
      for (const undo of restore) undo();
    }
  });

  it('gathers requests that keep coming a few ms apart (a period announcement reaching screen after screen) into shared statements', async () => {
    const players = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => Player.connect(api, await createUser(api, { main: 100 * (i + 1) }))),
    );
    const repository = api.app.get(RoundsRepository);
    const batches: Array<{ players: number; at: number }> = [];
    const original = repository.walletsOf.bind(repository);
    repository.walletsOf = (userIds) => {
      batches.push({ players: userIds.length, at: performance.now() });
      return original(userIds);
    };
    try {
      for (const player of players) {
        player.socket.emit('get-balance');
        player.socket.emit('get-current-bet');
        await new Promise((resolve) => setTimeout(resolve, 4));
      }
      const balances = await Promise.all(players.map((p) => p.next('balance-update', 0)));
      expect(balances.map((b) => b.mainBalance)).toEqual(players.map((_, i) => i + 1));
      await Promise.all(players.map((p) => p.next('current-bet-response', 0)));
      // Ten players asking 4 ms apart: every one read, and a batch at most every 20 ms (SCREEN_READS_GAP_MS), the
      // requests that came meanwhile in it (a batch per request, 4 ms apart, without the gap). The gap counts from
      // when a batch had been sent, after its `walletsOf` began, so it holds here exactly, pauses or not.
      expect(batches.reduce((sum, b) => sum + b.players, 0)).toBe(players.length);
      for (let i = 1; i < batches.length; i++)
        expect(batches[i]!.at - batches[i - 1]!.at).toBeGreaterThanOrEqual(SCREEN_READS_GAP_MS);
    } finally {
      repository.walletsOf = original;
    }
  });

  it('places a bet from the socket and delivers its result, with two api nodes serving one round', async () => {
    const a = await Player.connect(api, await createUser(api, { main: 100_000 }));
    const b = await Player.connect(second, await createUser(api, { main: 100_000 }));
    const period = await freshPeriod(periodConfig, 1500);
    a.socket.emit('place-bet', { periodId: period.periodId, betType: 'bigSmall', betValue: 'big', amount: 100 });
    b.socket.emit('place-bet', { periodId: period.periodId, betType: 'bigSmall', betValue: 'small', amount: 100 });
    for (const p of [a, b]) {
      const message = (await p.next('bet-message', 0)) as BetMessage;
      expect(message).toMatchObject({ success: true, message: 'Bet placed successfully.', periodId: period.periodId });
      // The answer carries the bet (clients list it); the period's list is sent when asked for.
      expect([message.bet!.betType, message.bet!.amount, message.bet!.status]).toEqual(['bigSmall', 100, 'PENDING']);
      expect(await p.next('balance-update', 0)).toEqual({ balance: 900, mainBalance: 900, bonusBalance: 0 });
      expect(p.all('current-bet-response')).toEqual([]);
      p.socket.emit('get-current-bet');
      expect(((await p.next('current-bet-response', 0)) as Bet[]).map((x) => [x.betType, x.amount, x.status])).toEqual([
        ['bigSmall', 100, 'PENDING'],
      ]);
    }
    // Both nodes broadcast the same result to their own sockets.
    const resultA = await eventually(
      async () => a.all('game-result').find((r) => r.periodId === period.periodId),
      8000,
      'result on node 1',
    );
    const resultB = await eventually(
      async () => b.all('game-result').find((r) => r.periodId === period.periodId),
      8000,
      'result on node 2',
    );
    expect(resultB).toEqual(resultA);
    const winner = resultA.bigSmall === 'big' ? a : b;
    const loser = winner === a ? b : a;
    const won = (await winner.next('bet-result', 0)) as BetResult;
    expect(won).toMatchObject({
      gameType: 'bigSmall',
      win: true,
      winAmount: 182,
      lossAmount: 0,
      periodId: period.periodId,
    });
    const lost = (await loser.next('bet-result', 0)) as BetResult;
    expect(lost).toMatchObject({ gameType: 'bigSmall', win: false, winAmount: 0, lossAmount: 100 });
    await eventually(
      async () => (winner.all('balance-update').at(-1) as BalanceUpdate).mainBalance === 1082,
      5000,
      'winner credited ₹182',
    );
    // The history shows the settled bet with every field.
    const history = await api.request('GET', '/api/v1/bet', { token: winner.user.token });
    expect(history.status).toBe(200);
    expect(history.body.data.bets[0]).toMatchObject({
      betType: 'bigSmall',
      amount: 100,
      isWin: true,
      winAmount: 182,
      status: 'COMPLETED',
      systemSelectedValue: resultA.bigSmall,
      periodId: period.periodId,
      playedFrom: 'web',
    });
    expect(Object.keys(history.body.data.bets[0]).sort()).toEqual(
      [
        '_id',
        'amount',
        'betType',
        'betValue',
        'createdAt',
        'isWin',
        'periodId',
        'playedFrom',
        'status',
        'systemSelectedValue',
        'updatedAt',
        'winAmount',
      ].sort(),
    );
  });

  it('refuses bad bets at the gateway with a clear message, and a bet after the lock', async () => {
    const player = await Player.connect(api, await createUser(api, { main: 100_000 }));
    const period = await freshPeriod(periodConfig, 1500);
    const attempts: unknown[] = [
      'not an object',
      { periodId: period.periodId, betType: 'color', betValue: 'blue', amount: 100 },
      { periodId: period.periodId, betType: 'color', betValue: 'red', amount: 70 },
      { periodId: '2020010100001', betType: 'color', betValue: 'red', amount: 100 },
      { periodId: period.periodId, betType: 'color', betValue: 'red', amount: 100, userId: 'someone-else' },
    ];
    for (const attempt of attempts) player.socket.emit('place-bet', attempt as any);
    await eventually(async () => player.all('bet-message').length === attempts.length, 5000, 'refusals');
    expect(player.all('bet-message').map((m) => m.message)).toEqual([
      'Invalid bet request.',
      'Please choose a valid option for this game.',
      'Stake must be ₹10, ₹50, ₹100, ₹200, ₹500 or ₹1,000.',
      'This period is not open for betting.',
      'Invalid bet request.',
    ]);
    await sleep(period.lockTime + 20 - Date.now());
    player.socket.emit('place-bet', { periodId: period.periodId, betType: 'number', betValue: '5', amount: 10 });
    expect(((await player.next('bet-message', attempts.length)) as BetMessage).message).toBe(
      'Betting is closed for this period.',
    );
    expect(await api.db.selectFrom('bets').select('id').where('user_id', '=', player.user.id).execute()).toEqual([]);
  });

  it('places only what the balance covers when one player races three bets', async () => {
    const player = await Player.connect(api, await createUser(api, { main: 10_000 }));
    const period = await freshPeriod(periodConfig, 1500);
    player.socket.emit('place-bet', { periodId: period.periodId, betType: 'color', betValue: 'red', amount: 50 });
    player.socket.emit('place-bet', { periodId: period.periodId, betType: 'bigSmall', betValue: 'big', amount: 50 });
    player.socket.emit('place-bet', { periodId: period.periodId, betType: 'number', betValue: '1', amount: 50 });
    await eventually(async () => player.all('bet-message').length === 3, 5000, 'three replies');
    expect(player.all('bet-message').filter((m) => m.success)).toHaveLength(2);
    expect(
      player
        .all('bet-message')
        .filter((m) => !m.success)
        .map((m) => m.message),
    ).toEqual(['Insufficient balance.']);
    expect(
      (
        await api.db
          .selectFrom('wallets')
          .select('main')
          .where('user_id', '=', player.user.id)
          .executeTakeFirstOrThrow()
      ).main,
    ).toBe(0);
  });

  it('refuses an oversized socket message by closing the connection, and changes nothing', async () => {
    const player = await Player.connect(api, await createUser(api, { main: 10_000 }));
    const closed = new Promise<string>((resolve) => player.socket.on('disconnect', (reason) => resolve(reason)));
    player.socket.emit('place-bet', {
      periodId: 'x'.repeat(10_000),
      betType: 'color',
      betValue: 'red',
      amount: 10,
    } as any);
    expect(await closed).toBe('transport close');
    expect(await api.db.selectFrom('bets').select('id').where('user_id', '=', player.user.id).execute()).toEqual([]);
  });

  it('rate-limits a flooding socket', async () => {
    const player = await Player.connect(api, await createUser(api, {}));
    for (let i = 0; i < 60; i++) player.socket.emit('get-balance');
    await eventually(async () => player.all('exception').length > 0, 5000, 'a slow-down notice');
    expect(player.all('exception')[0]).toEqual({ status: 'error', message: SLOW_DOWN });
    expect(player.all('balance-update').length).toBeLessThanOrEqual(21);
  });

  it('serves the commitment and revealed seeds so anyone can verify a period', async () => {
    const info = await api.request('GET', '/api/v1/fairness');
    expect(info.status).toBe(200);
    expect(info.body.data.commitment).toMatch(/^[0-9a-f]{64}$/);
    const latest = (info.body.data.recent as FairnessPeriod[]).find((p) => p.status !== 'REFUNDED') as
      GameResult | undefined;
    const detail = await api.request('GET', `/api/v1/fairness/periods/${latest!.periodId}`);
    expect(detail.status).toBe(200);
    const report = verifyPeriod({
      seedHex: detail.body.data.period.seed,
      expectedHashHex: detail.body.data.period.seedHash,
      beaconRandomnessHex: detail.body.data.period.beacon.randomness,
      periodId: latest!.periodId,
      published: { digit: latest!.digit, color: latest!.color, bigSmall: latest!.bigSmall },
    });
    expect(report.ok).toBe(true);
    // Its beacon round verifies against the beacon chain the response names, and is the first at or after its lock.
    const beacon = detail.body.data.beacon as FairnessBeacon;
    const chain = {
      hash: beacon.chainHash,
      publicKey: beacon.publicKey,
      genesisTime: beacon.genesisTime,
      period: beacon.period,
      scheme: beacon.scheme,
    };
    await expect(
      verifyPeriodBeacon(chain, Date.parse(detail.body.data.period.lockTime), detail.body.data.period.beacon),
    ).resolves.toEqual({ ok: true });
    expect(beacon.quicknet).toBe(false);
    const unknown = await api.request('GET', '/api/v1/fairness/periods/209901010001');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Period not found.');
    // Early in a period: the running period shows its committed hash (the seed of the period drawn before it) but
    // not its seed; the period opened ahead shows neither (its hash is the running period's seed).
    const running = await freshPeriod(periodConfig, 2000);
    const previous = await eventually(
      async () =>
        (
          await api.db
            .selectFrom('periods')
            .select(['seed'])
            .where('id', '=', previousPeriodId(running.periodId, periodConfig))
            .where('status', 'in', ['DRAWN', 'SETTLED'])
            .executeTakeFirst()
        )?.seed,
      3000,
      'the previous period drawn',
    );
    const open = await api.request('GET', `/api/v1/fairness/periods/${running.periodId}`);
    expect(open.status).toBe(200);
    expect(open.body.data.period).toMatchObject({ periodId: running.periodId, status: 'OPEN', seedHash: previous });
    expect(open.body.data.period.seed).toBeUndefined();
    const nextId = nextPeriodId(running.periodId, periodConfig);
    const ahead = await eventually(
      async () => {
        const response = await api.request('GET', `/api/v1/fairness/periods/${nextId}`);
        return response.status === 200 ? response : undefined;
      },
      2000,
      'the next period opened ahead',
    );
    expect(ahead.body.data.period).toMatchObject({ periodId: nextId, status: 'OPEN' });
    expect(ahead.body.data.period.seedHash).toBeUndefined();
    expect(ahead.body.data.period.seed).toBeUndefined();
    expect(Date.now()).toBeLessThan(running.lockTime);
    // Bet history needs a signed-in player.
    expect((await api.request('GET', '/api/v1/bet')).status).toBe(401);
  });
});
