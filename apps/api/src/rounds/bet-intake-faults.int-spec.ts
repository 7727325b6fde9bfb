import { jest } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Socket } from 'socket.io-client';
import type { BetMessage, ClientToServerEvents, ServerToClientEvents } from '@app/contracts';
import {
  createTestDatabase,
  createUser,
  eventually,
  expectLedgerReconciles,
  freshPeriod,
  MessageLog,
  periodStatus,
  sleep,
  startTestApi,
  startTestEngine,
  TEST_API_KEY,
  type TestApi,
  type TestDatabase,
  type TestEngine,
  type TestUser,
} from '@app/testing';
import { BetIntakeGate, INTAKE_PROBE_DEADLINE_MS, INTAKE_PROBE_EVERY_MS } from './bet-intake-gate.service.js';
import { BET_INTAKE_MESSAGES, BetIntakeService } from './bet-intake.service.js';

jest.setTimeout(120_000);

const ROUNDS = { ROUND_SECONDS: '4', LOCK_SECONDS: '1', BET_PARTITIONS: '2', FAIRNESS_CHAIN_LENGTH: '3000' };
const periodConfig = { roundSeconds: 4, lockSeconds: 1 };
/** The longest a player may wait for the answer to a bet while Redis or Postgres is down. */
const ANSWER_WITHIN_MS = 2_000;
type GameSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A redis-server of this test's own, which it may kill, pause and start again (no persistence: a restart is empty). */
class OwnRedis {
  private process?: ChildProcess;
  constructor(readonly port: number) {}
  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }
  async start(): Promise<void> {
    this.process = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    const probe = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    await eventually(
      async () =>
        probe.connect().then(
          () => probe.ping().then(() => true),
          () => false,
        ),
      10_000,
      'redis-server up',
    );
    probe.disconnect();
  }
  kill(): void {
    this.process?.kill('SIGKILL');
  }
  pause(): void {
    this.process?.kill('SIGSTOP');
  }
  resume(): void {
    this.process?.kill('SIGCONT');
  }
}

/** A TCP hop between the api node and Postgres that the test can cut (refuse connections) or hang (stop forwarding). */
class PostgresLink {
  private readonly server: net.Server;
  private readonly pairs = new Set<[net.Socket, net.Socket]>();
  private mode: 'up' | 'hung' = 'up';
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      const pair: [net.Socket, net.Socket] = [client, upstream];
      this.pairs.add(pair);
      client.pipe(upstream).pipe(client);
      if (this.mode === 'hung') this.hangPair(pair);
      const drop = () => {
        client.destroy();
        upstream.destroy();
        this.pairs.delete(pair);
      };
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
    });
  }
  async listen(port = 0): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }
  private hangPair([client, upstream]: [net.Socket, net.Socket]) {
    client.unpipe(upstream);
    upstream.unpipe(client);
    client.pause();
    upstream.pause();
  }
  /** Connections refused and the open ones reset, as when the server is stopped. */
  async cut(): Promise<void> {
    const closed = new Promise((resolve) => this.server.close(resolve));
    for (const [client, upstream] of this.pairs) {
      client.resetAndDestroy();
      upstream.destroy();
    }
    this.pairs.clear();
    await closed;
  }
  /** Connections stay open but nothing passes (a frozen server or a dead network path). */
  hang(): void {
    this.mode = 'hung';
    for (const pair of this.pairs) this.hangPair(pair);
  }
  async restore(): Promise<void> {
    this.mode = 'up';
    for (const [client, upstream] of this.pairs) {
      client.destroy();
      upstream.destroy();
    }
    this.pairs.clear();
    if (!this.server.listening) await this.listen(this.port);
  }
  async close(): Promise<void> {
    await this.cut().catch(() => {});
  }
}

class Player {
  readonly answers: Array<{ at: number; message: BetMessage }> = [];
  constructor(
    readonly user: TestUser,
    readonly socket: GameSocket,
  ) {
    socket.on('bet-message', (message) => this.answers.push({ at: Date.now(), message }));
  }
  static async connect(api: TestApi, user: TestUser): Promise<Player> {
    const socket = api.socket({ apiKey: TEST_API_KEY, token: user.token }) as GameSocket;
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', resolve);
      socket.on('connect_error', reject);
    });
    return new Player(user, socket);
  }
  /** Places a bet and returns its answer and how long it took. */
  async bet(periodId: string, amount = 100): Promise<{ message: BetMessage; ms: number; commandId: string }> {
    const commandId = randomUUID();
    const sent = Date.now();
    this.socket.emit('place-bet', { periodId, betType: 'color', betValue: 'green', amount, commandId });
    const answer = await eventually(
      async () => this.answers.find((a) => a.message.commandId === commandId),
      15_000,
      'an answer',
    );
    return { message: answer.message, ms: answer.at - sent, commandId };
  }
}

/** A period open for at least `minLeftMs` other than `used` (so a player who bet in `used` has no bet on its colour game). */
async function periodOtherThan(used: string, minLeftMs: number) {
  for (;;) {
    const period = await freshPeriod(periodConfig, minLeftMs);
    if (period.periodId !== used) return period;
    await sleep(period.endTime - Date.now() + 5);
  }
}

const betsOf = (api: TestApi, userId: string) =>
  api.db.selectFrom('bets').selectAll().where('user_id', '=', userId).execute();

/** The player's balance and what their bets alone account for (funding minus stakes plus winnings and refunds), read together. */
async function moneyOf(api: TestApi, userId: string, funded: number): Promise<{ balance: number; fromBets: number }> {
  const { rows } = await sql<{ balance: string; moved: string }>`
    SELECT (SELECT main + bonus FROM wallets WHERE user_id = ${userId})::text AS balance,
           coalesce((SELECT sum(CASE WHEN status = 'REFUNDED' THEN 0 ELSE win_amount - amount END) FROM bets WHERE user_id = ${userId}), 0)::text AS moved
  `.execute(api.db);
  return { balance: Number(rows[0]!.balance), fromBets: funded + Number(rows[0]!.moved) };
}

describe('bounded waits: a bet is answered within 2 s while Redis or Postgres is down, and nothing is charged', () => {
  let redis: OwnRedis;
  let link: PostgresLink;
  let api: TestApi;
  let engine: TestEngine;

  beforeAll(async () => {
    redis = new OwnRedis(await freePort());
    await redis.start();
    engine = await startTestEngine({ env: { ...ROUNDS, REDIS_URL: redis.url } });
    const target = new URL(engine.database.url);
    link = new PostgresLink({ host: target.hostname, port: Number(target.port || 5432) });
    await link.listen();
    target.host = `127.0.0.1:${link.port}`;
    api = await startTestApi({
      database: engine.database,
      env: {
        ...ROUNDS,
        REDIS_URL: redis.url,
        REDIS_PREFIX: engine.config.REDIS_PREFIX,
        DATABASE_URL: target.toString(),
      },
    });
  });
  afterEach(() => expectLedgerReconciles(api.db));
  afterAll(async () => {
    redis.resume();
    await link.restore();
    await api?.close();
    await engine?.close();
    await link.close();
    redis.kill();
  });

  /** Waits until the intake takes bets again and a bet is placed end to end. */
  /** Waits until the intake is open and a bet of the player is placed; returns the period it was placed in. */
  async function healthy(player: Player): Promise<string> {
    await eventually(async () => api.app.get(BetIntakeGate).closedBy() === null, 20_000, 'the intake open');
    let placedIn = '';
    await eventually(
      async () => {
        const period = await freshPeriod(periodConfig, 1500);
        const { message } = await player.bet(period.periodId, 10);
        if (message.success) placedIn = period.periodId;
        return message.success;
      },
      40_000,
      'a bet placed',
    );
    return placedIn;
  }

  it('Redis stopped: refused at once with the message, not charged; taken again once Redis is back', async () => {
    const player = await Player.connect(api, await createUser(api, { main: 100_000 }));
    const used = await healthy(player);
    const betsBefore = (await betsOf(api, player.user.id)).length;
    const period = await periodOtherThan(used, 2000);
    redis.kill();
    const { message, ms } = await player.bet(period.periodId);
    expect(message).toMatchObject({ success: false, message: BET_INTAKE_MESSAGES.unavailable });
    expect(message.message).toBe('Could not place your bet. Please try again.');
    expect(ms).toBeLessThanOrEqual(ANSWER_WITHIN_MS);
    await redis.start();
    await healthy(player);
    // The refused bet was never applied: only the ₹10 bets placed while healthy moved money.
    const bets = await betsOf(api, player.user.id);
    expect(bets.length).toBe(betsBefore + 1);
    expect(bets.filter((b) => Number(b.amount) === 10_000)).toEqual([]);
    const money = await moneyOf(api, player.user.id, 100_000);
    expect(money.balance).toBe(money.fromBets);
  });

  it('Redis frozen (SIGSTOP): answered within 2 s, and the bet it was handed is not applied once Redis resumes', async () => {
    const player = await Player.connect(api, await createUser(api, { main: 100_000 }));
    const used = await healthy(player);
    const betsBefore = await betsOf(api, player.user.id);
    const period = await periodOtherThan(used, 2000);
    redis.pause();
    let answer: Awaited<ReturnType<Player['bet']>>;
    try {
      answer = await player.bet(period.periodId);
    } finally {
      redis.resume();
    }
    expect(answer.message).toMatchObject({ success: false, message: 'Could not place your bet. Please try again.' });
    expect(answer.ms).toBeLessThanOrEqual(ANSWER_WITHIN_MS);
    // The command reached Redis and runs when it resumes; the engine finds the refusal stored and leaves it.
    await healthy(player);
    await sleep(1000);
    const bets = await betsOf(api, player.user.id);
    expect(bets.length).toBe(betsBefore.length + 1);
    expect(bets.filter((b) => Number(b.amount) === 10_000)).toEqual([]);
    const money = await moneyOf(api, player.user.id, 100_000);
    expect(money.balance).toBe(money.fromBets);
    const stored = await api.db
      .selectFrom('bet_outcomes')
      .selectAll()
      .where('command_id', '=', answer.commandId)
      .execute();
    expect(stored.map((o) => o.kind)).toEqual(['unavailable']);
  });

  for (const fault of ['cut', 'hang'] as const) {
    it(`Postgres ${fault === 'cut' ? 'stopped' : 'frozen'}: refused within 2 s with the message, never handed on; taken again once it is back`, async () => {
      const player = await Player.connect(api, await createUser(api, { main: 100_000 }));
      const used = await healthy(player);
      const betsBefore = (await betsOf(api, player.user.id)).length;
      if (fault === 'cut') await link.cut();
      else link.hang();
      try {
        // The intake notices once a probe goes unanswered past its deadline (a probe starts every 250 ms, so within
        // 1.25 s, later on a busy box); a bet sent from then on is refused at once.
        await eventually(
          async () => api.app.get(BetIntakeGate).closedBy() === 'postgres',
          INTAKE_PROBE_EVERY_MS + INTAKE_PROBE_DEADLINE_MS + 1_000,
          'the intake closed by postgres',
        );
        const period = await periodOtherThan(used, 1000);
        const { message, ms } = await player.bet(period.periodId);
        expect(message).toMatchObject({ success: false, message: 'Could not place your bet. Please try again.' });
        expect(ms).toBeLessThanOrEqual(ANSWER_WITHIN_MS);
      } finally {
        await link.restore();
      }
      await healthy(player);
      // The engine (its own path to Postgres never broke) would have applied a bet handed on: there is none.
      const bets = await betsOf(api, player.user.id);
      expect(bets.length).toBe(betsBefore + 1);
      expect(bets.filter((b) => Number(b.amount) === 10_000)).toEqual([]);
      const money = await moneyOf(api, player.user.id, 100_000);
      expect(money.balance).toBe(money.fromBets);
    });
  }
});

describe('a bet handed on just before Postgres goes away: refused within 2 s, never stored nor charged once it is back', () => {
  let database: TestDatabase;
  let engineLink: PostgresLink;
  let apiLink: PostgresLink;
  let engine: TestEngine;
  let api: TestApi;
  let log: MessageLog;

  /** A database URL that goes through `link`. */
  const through = (link: PostgresLink) => {
    const url = new URL(database.url);
    url.host = `127.0.0.1:${link.port}`;
    return url.toString();
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    const target = new URL(database.url);
    engineLink = new PostgresLink({ host: target.hostname, port: Number(target.port || 5432) });
    apiLink = new PostgresLink({ host: target.hostname, port: Number(target.port || 5432) });
    await engineLink.listen();
    await apiLink.listen();
    engine = await startTestEngine({ database, env: { ...ROUNDS, DATABASE_URL: through(engineLink) } });
    api = await startTestApi({
      database,
      env: { ...ROUNDS, REDIS_PREFIX: engine.config.REDIS_PREFIX, DATABASE_URL: through(apiLink) },
    });
    log = new MessageLog(engine.config.REDIS_PREFIX);
    await log.start();
  });
  afterAll(async () => {
    await engineLink.restore();
    await apiLink.restore();
    await log?.stop();
    await api?.close();
    await engine?.close();
    await engineLink.close();
    await apiLink.close();
    await database?.drop();
  });

  it('the intake cancels what the pipeline cannot take up in time; the pipeline skips it and records the refusal', async () => {
    const FUNDED = 100_000;
    const players = await Promise.all(
      Array.from({ length: 4 }, async () => Player.connect(api, await createUser(api, { main: FUNDED }))),
    );
    await eventually(async () => api.app.get(BetIntakeGate).closedBy() === null, 20_000, 'the intake open');
    let used = '';
    await eventually(
      async () => {
        used = (await freshPeriod(periodConfig, 1500)).periodId;
        return (await players[0]!.bet(used, 10)).message.success;
      },
      40_000,
      'a bet placed',
    );
    const period = await periodOtherThan(used, 2500);
    const watch = api.app.get(BetIntakeService).watch;
    // Postgres goes away for the engine first: the intake still sees it up and hands the bets on.
    await engineLink.cut();
    const handedBefore = watch.handedCount;
    const sent = players.map((player) => ({ player, commandId: randomUUID(), at: Date.now() }));
    for (const { player, commandId } of sent)
      player.socket.emit('place-bet', {
        periodId: period.periodId,
        betType: 'color',
        betValue: 'green',
        amount: 100,
        commandId,
      });
    await eventually(async () => watch.handedCount >= handedBefore + sent.length, 2_000, 'the bets handed on');
    // The engine cannot reach Postgres: none of them is answered, all of them are watched.
    expect(watch.waiting).toBeGreaterThanOrEqual(sent.length);
    // Then for the api node too, before the answers are due: the refusals cannot be recorded there either.
    await apiLink.cut();
    try {
      for (const { player, commandId, at } of sent) {
        const answer = await eventually(
          async () => player.answers.find((a) => a.message.commandId === commandId),
          5_000,
          'an answer',
        );
        expect(answer.message).toMatchObject({
          success: false,
          message: BET_INTAKE_MESSAGES.unavailable,
          periodId: period.periodId,
        });
        expect(answer.at - at).toBeLessThanOrEqual(ANSWER_WITHIN_MS);
      }
    } finally {
      await engineLink.restore();
      await apiLink.restore();
    }
    // Back: the pipeline gets to the cancelled bets, applies none of them and records each refusal itself.
    const commandIds = sent.map((s) => s.commandId);
    const stored = await eventually(
      async () => {
        const rows = await database.db
          .selectFrom('bet_outcomes')
          .select(['command_id', 'kind', 'period_id'])
          .where('command_id', 'in', commandIds)
          .execute();
        return rows.length === commandIds.length && rows;
      },
      30_000,
      'the refusals recorded',
    );
    expect(new Set(stored.map((o) => `${o.kind} ${o.period_id}`))).toEqual(new Set([`unavailable ${period.periodId}`]));
    await eventually(
      async () => (await periodStatus(database.db, period.periodId)) === 'SETTLED',
      30_000,
      'the period settled',
    );
    await sleep(1_000);
    for (const { player, commandId } of sent) {
      expect((await betsOf(api, player.user.id)).filter((b) => Number(b.amount) === 10_000)).toEqual([]);
      const money = await moneyOf(api, player.user.id, FUNDED);
      expect(money.balance).toBe(money.fromBets);
      // Answered once, by the intake: the pipeline published nothing for it.
      expect(player.answers.filter((a) => a.message.commandId === commandId)).toHaveLength(1);
      expect(
        log.messages
          .filter((m) => m.event === 'bet-message' && (m.data as BetMessage).commandId === commandId)
          .map((m) => (m.data as BetMessage).success),
      ).toEqual([false]);
    }
    await expectLedgerReconciles(database.db);
  });
});
