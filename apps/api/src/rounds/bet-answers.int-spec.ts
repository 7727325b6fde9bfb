import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Socket } from 'socket.io-client';
import {
  PLACE_BET_MAX_AGE_MS,
  type BetMessage,
  type BetResult,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@app/contracts';
import { currentPeriod } from '@app/domain';
import { COMMAND_FIELD, encodeCommand, partitionOf, uuidv7 } from '@app/realtime';
import { RedisService } from '@app/redis';
import {
  balanceOf,
  createUser,
  eventually,
  expectLedgerReconciles,
  freshPeriod,
  newSession,
  periodStatus,
  sleep,
  startTestApi,
  startTestEngine,
  TEST_API_KEY,
  type TestApi,
  type TestEngine,
  type TestUser,
} from '@app/testing';
import { SocketDeliveryService } from '../realtime/socket-delivery.service.js';
import { BET_UNAVAILABLE_MESSAGE, OUTCOME_WAIT_MS } from './bet-outcomes.service.js';
import { STALE_BET_MESSAGE } from './command-age.js';

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
    const socket = api.socket({ apiKey: TEST_API_KEY, token: await newSession(api, user) }) as GameSocket;
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
  answers(commandId: string): BetMessage[] {
    return this.all('bet-message').filter((m) => m.commandId === commandId);
  }
  results(betId: string): BetResult[] {
    return this.all('bet-result').filter((r) => r.betId === betId);
  }
}

const betsOf = (api: TestApi, userId: string) =>
  api.db.selectFrom('bets').selectAll().where('user_id', '=', userId).execute();

describe('one answer per command id, and no result lost to a reconnection', () => {
  let a: TestApi;
  let b: TestApi;
  let engine: TestEngine;

  beforeAll(async () => {
    a = await startTestApi({ env: ROUNDS });
    b = await startTestApi({ database: a.database, env: { ...ROUNDS, REDIS_PREFIX: a.config.REDIS_PREFIX } });
    engine = await startTestEngine({ database: a.database, env: { ...ROUNDS, REDIS_PREFIX: a.config.REDIS_PREFIX } });
    // The engine is leading once it has opened the period after the running one (it opens one ahead): from then on
    // every period a test picks is open before its bets arrive, however slowly the engine started.
    await eventually(
      async () => {
        const next = currentPeriod(Date.now() + periodConfig.roundSeconds * 1000, periodConfig);
        return (await periodStatus(a.db, next.periodId)) === 'OPEN';
      },
      30_000,
      'the engine opening periods ahead',
    );
  });
  afterEach(() => expectLedgerReconciles(a.db));
  afterAll(async () => {
    await engine.close();
    await b.close();
    await a.close();
  });

  it('applies a place-bet sent twice with one command id once, and answers it once', async () => {
    const player = await Player.connect(a, await createUser(a, { main: 100_000 }));
    const period = await freshPeriod(periodConfig, 1500);
    const commandId = randomUUID();
    const bet = { periodId: period.periodId, betType: 'color' as const, betValue: 'red', amount: 100, commandId };
    player.socket.emit('place-bet', bet);
    player.socket.emit('place-bet', bet);
    const [answer] = await eventually(
      async () => player.answers(commandId).length > 0 && player.answers(commandId),
      5000,
      'the answer',
    );
    expect(answer).toMatchObject({
      success: true,
      message: 'Bet placed successfully.',
      commandId,
      periodId: period.periodId,
    });
    // Sent once more after it was applied (a retry): still one bet, and this socket is not answered again.
    player.socket.emit('place-bet', bet);
    await sleep(1000);
    expect(player.answers(commandId)).toHaveLength(1);
    expect((await betsOf(a, player.user.id)).map((x) => [x.id, Number(x.amount)])).toEqual([
      [answer!.bet!._id, 10_000],
    ]);
    expect(await balanceOf(a.db, player.user.id)).toEqual({ main: 90_000, bonus: 0 });
    const stored = await a.db.selectFrom('bet_outcomes').selectAll().where('user_id', '=', player.user.id).execute();
    expect(stored.map((o) => [o.command_id, o.kind, o.bet_id])).toEqual([[commandId, 'accepted', answer!.bet!._id]]);
  });

  it('answers a bet whose answer a dropped connection lost, from the stored outcome, on another api node', async () => {
    const user = await createUser(a, { main: 100_000 });
    // A node that takes bets in but whose answers never reach its sockets (its delivery stopped), then the connection drops.
    const stalled = await startTestApi({
      database: a.database,
      env: { ...ROUNDS, REDIS_PREFIX: a.config.REDIS_PREFIX },
    });
    await stalled.app.get(SocketDeliveryService).onApplicationShutdown();
    const first = await Player.connect(stalled, user);
    const period = await freshPeriod(periodConfig, 2000);
    const commandId = randomUUID();
    first.socket.emit('place-bet', {
      periodId: period.periodId,
      betType: 'bigSmall',
      betValue: 'big',
      amount: 50,
      commandId,
    });
    await eventually(async () => (await betsOf(a, user.id)).length === 1, 5000, 'the bet applied');
    first.socket.disconnect();
    await stalled.close();
    const again = await Player.connect(b, user);
    again.socket.emit('get-bet-outcomes', { commandIds: [commandId] });
    const [answer] = await eventually(
      async () => again.answers(commandId).length > 0 && again.answers(commandId),
      5000,
      'the stored answer',
    );
    expect(answer).toMatchObject({
      success: true,
      message: 'Bet placed successfully.',
      commandId,
      periodId: period.periodId,
      bet: { betType: 'bigSmall', betValue: 'big', amount: 50 },
    });
    expect(first.answers(commandId)).toEqual([]);
  });

  it('refuses a command nobody received for good: answered "could not place", and never applied when it turns up late', async () => {
    const user = await createUser(a, { main: 100_000 });
    const player = await Player.connect(b, user);
    const period = await freshPeriod(periodConfig, 2000);
    const commandId = randomUUID();
    const asked = Date.now();
    player.socket.emit('get-bet-outcomes', { commandIds: [commandId] });
    const [answer] = await eventually(
      async () => player.answers(commandId).length > 0 && player.answers(commandId),
      5000,
      'the refusal',
    );
    expect(Date.now() - asked).toBeLessThan(OUTCOME_WAIT_MS + 1000);
    expect(answer).toEqual({ success: false, message: BET_UNAVAILABLE_MESSAGE, commandId });
    // The command reaches the stream after all (a node that stalled before handing it on): it is not applied.
    const redis = a.app.get(RedisService);
    const command = {
      id: uuidv7(),
      userId: user.id,
      periodId: period.periodId,
      betType: 'color',
      betValue: 'green',
      amount: 1_000,
      clientCommandId: commandId,
    };
    await redis.client.xadd(
      redis.keys.betCommands(partitionOf(user.id, 2)),
      '*',
      COMMAND_FIELD,
      encodeCommand(command),
    );
    await sleep(1500);
    expect(await betsOf(a, user.id)).toEqual([]);
    expect(await balanceOf(a.db, user.id)).toEqual({ main: 100_000, bonus: 0 });
    expect(player.answers(commandId)).toHaveLength(1);
  });

  it('refuses a place-bet sent too long ago (held while offline, delivered late): never applied, nothing charged', async () => {
    const player = await Player.connect(a, await createUser(a, { main: 100_000 }));
    const period = await freshPeriod(periodConfig, 2000);
    const stale = randomUUID();
    const fresh = randomUUID();
    player.socket.emit('place-bet', {
      periodId: period.periodId,
      betType: 'bigSmall',
      betValue: 'big',
      amount: 10,
      commandId: stale,
      sentAt: Date.now() - PLACE_BET_MAX_AGE_MS - 2_000,
    });
    const [refused] = await eventually(
      async () => player.answers(stale).length > 0 && player.answers(stale),
      5000,
      'the refusal',
    );
    expect(refused).toMatchObject({
      success: false,
      message: STALE_BET_MESSAGE,
      commandId: stale,
      periodId: period.periodId,
    });
    // The bet the player made instead goes through.
    player.socket.emit('place-bet', {
      periodId: period.periodId,
      betType: 'bigSmall',
      betValue: 'small',
      amount: 50,
      commandId: fresh,
      sentAt: Date.now(),
    });
    const [placed] = await eventually(
      async () => player.answers(fresh).length > 0 && player.answers(fresh),
      5000,
      'the answer',
    );
    expect(placed).toMatchObject({ success: true, commandId: fresh });
    await sleep(500);
    expect((await betsOf(a, player.user.id)).map((x) => [x.bet_value, Number(x.amount)])).toEqual([['small', 5_000]]);
    expect(await balanceOf(a.db, player.user.id)).toEqual({ main: 95_000, bonus: 0 });
    expect(
      await a.db.selectFrom('bet_outcomes').select('command_id').where('command_id', '=', stale).execute(),
    ).toEqual([]);
  });

  it('answers a bet sent to an api node that shuts down at once, on another node, the way it was decided', async () => {
    const user = await createUser(a, { main: 100_000 });
    const dying = await startTestApi({ database: a.database, env: { ...ROUNDS, REDIS_PREFIX: a.config.REDIS_PREFIX } });
    const first = await Player.connect(dying, user);
    const period = await freshPeriod(periodConfig, 2000);
    const commandId = randomUUID();
    first.socket.emit('place-bet', {
      periodId: period.periodId,
      betType: 'number',
      betValue: '7',
      amount: 10,
      commandId,
    });
    await dying.app.close();
    const again = await Player.connect(b, user);
    again.socket.emit('get-bet-outcomes', { commandIds: [commandId] });
    const [answer] = await eventually(
      async () => again.answers(commandId).length > 0 && again.answers(commandId),
      5000,
      'an answer',
    );
    const bets = await betsOf(a, user.id);
    // Whichever way it went (handed on before the node stopped, or not), the answer is the truth.
    if (answer!.success) expect(bets.map((x) => x.id)).toEqual([answer!.bet!._id]);
    else expect([bets, answer!.message]).toEqual([[], BET_UNAVAILABLE_MESSAGE]);
    await sleep(500);
    expect(again.answers(commandId)).toHaveLength(1);
  });

  it('gives a player who was away every bet-result once, on another api node, and the balance after them', async () => {
    const user = await createUser(a, { main: 100_000 });
    const away = await Player.connect(a, user);
    const period = await freshPeriod(periodConfig, 2000);
    const sent = [
      { periodId: period.periodId, betType: 'color' as const, betValue: 'red', amount: 10, commandId: randomUUID() },
      {
        periodId: period.periodId,
        betType: 'bigSmall' as const,
        betValue: 'small',
        amount: 50,
        commandId: randomUUID(),
      },
      { periodId: period.periodId, betType: 'number' as const, betValue: '3', amount: 100, commandId: randomUUID() },
    ];
    for (const bet of sent) away.socket.emit('place-bet', bet);
    const betIds = await eventually(
      async () =>
        sent.every((s) => away.answers(s.commandId).length === 1) &&
        sent.map((s) => away.answers(s.commandId)[0]!.bet!._id),
      5000,
      'three bets placed',
    );
    away.socket.disconnect();
    await eventually(
      async () => (await periodStatus(a.db, period.periodId)) === 'SETTLED',
      10_000,
      'the period settled',
    );
    const back = await Player.connect(b, user);
    // Asked twice (a client that reconnects twice quickly): each result still arrives once.
    back.socket.emit('get-bet-outcomes', { betIds });
    back.socket.emit('get-bet-outcomes', { betIds, commandIds: sent.map((s) => s.commandId) });
    await eventually(async () => betIds.every((id) => back.results(id).length === 1), 5000, 'every result');
    await sleep(800);
    for (const id of betIds) expect(back.results(id)).toHaveLength(1);
    expect(away.all('bet-result')).toEqual([]);
    // The same words and amounts as the live results, from the settled bets.
    const settled = await betsOf(a, user.id);
    for (const bet of settled) {
      const [result] = back.results(bet.id);
      expect(result).toMatchObject({
        gameType: bet.bet_type,
        win: bet.is_win,
        periodId: period.periodId,
        winAmount: Number(bet.win_amount) / 100,
        lossAmount: bet.is_win ? 0 : Number(bet.amount) / 100,
      });
      expect(result!.message).toMatch(bet.is_win ? /^You won ₹[\d,.]+ on .+!$/ : /^You lost ₹[\d,.]+ on .+\.$/);
    }
    const wallet = await balanceOf(a.db, user.id);
    expect(back.all('balance-update').at(-1)).toEqual({
      balance: wallet.main / 100,
      mainBalance: wallet.main / 100,
      bonusBalance: 0,
    });
    // The answers to the three commands were asked for too; this socket had none of them, so it gets each once.
    for (const s of sent) expect(back.answers(s.commandId)).toHaveLength(1);
  });

  it('delivers a result once to a socket that asked for it before the period settled and then got it live', async () => {
    const user = await createUser(a, { main: 100_000 });
    const away = await Player.connect(a, user);
    const period = await freshPeriod(periodConfig, 1500);
    const commandId = randomUUID();
    away.socket.emit('place-bet', {
      periodId: period.periodId,
      betType: 'color',
      betValue: 'violet',
      amount: 10,
      commandId,
    });
    const [placed] = await eventually(
      async () => away.answers(commandId).length > 0 && away.answers(commandId),
      5000,
      'placed',
    );
    away.socket.disconnect();
    const back = await Player.connect(b, user);
    back.socket.emit('get-bet-outcomes', { betIds: [placed!.bet!._id] });
    await eventually(async () => back.results(placed!.bet!._id).length > 0, 10_000, 'the live result');
    back.socket.emit('get-bet-outcomes', { betIds: [placed!.bet!._id] });
    await sleep(800);
    expect(back.results(placed!.bet!._id)).toHaveLength(1);
  });

  it('tells the players online how each bet ended at the draw, before the settlement commits, once; one who comes back then asks and learns it', async () => {
    const watcher = await Player.connect(a, await createUser(a, { main: 100_000 }));
    const awayUser = await createUser(a, { main: 100_000 });
    const away = await Player.connect(a, awayUser);
    const period = await freshPeriod(periodConfig, 1500);
    const place = async (player: Player, betValue: string) => {
      const commandId = randomUUID();
      player.socket.emit('place-bet', {
        periodId: period.periodId,
        betType: 'number',
        betValue,
        amount: 10,
        commandId,
      });
      const [answer] = await eventually(
        async () => player.answers(commandId).length > 0 && player.answers(commandId),
        5000,
        'placed',
      );
      return answer!.bet!._id;
    };
    const watched = await place(watcher, '3');
    const missed = await place(away, '7');
    away.socket.disconnect();
    // The settlement waits on the two bets, locked here, while the period is drawn.
    const held = await a.db.transaction().execute(async (trx) => {
      await sql`SELECT id FROM bets WHERE id = ANY(${[watched, missed]}::uuid[]) FOR UPDATE`.execute(trx);
      const [told] = await eventually(
        async () => watcher.results(watched).length > 0 && watcher.results(watched),
        10_000,
        'the result at the draw',
      );
      const back = await Player.connect(b, awayUser);
      back.socket.emit('get-bet-outcomes', { betIds: [missed] });
      const [learnt] = await eventually(
        async () => back.results(missed).length > 0 && back.results(missed),
        5000,
        'the result asked for',
      );
      // Not settled yet: the period is drawn, the bets pending, the wallets as they were.
      const drawn = await a.db
        .selectFrom('periods')
        .selectAll()
        .where('id', '=', period.periodId)
        .executeTakeFirstOrThrow();
      expect(drawn.status).toBe('DRAWN');
      expect((await betsOf(a, watcher.user.id)).map((bet) => bet.status)).toEqual(['PENDING']);
      expect((await balanceOf(a.db, watcher.user.id)).main).toBe(99_000);
      return { told: told!, learnt: learnt!, back, drawnAt: drawn.drawn_at!.toISOString() };
    });
    await eventually(async () => (await periodStatus(a.db, period.periodId)) === 'SETTLED', 10_000, 'settled');
    // What each was told is what the settlement recorded, as of the draw.
    for (const [result, userId] of [
      [held.told, watcher.user.id],
      [held.learnt, awayUser.id],
    ] as const) {
      const [bet] = await betsOf(a, userId);
      expect(result).toMatchObject({
        betId: bet!.id,
        win: bet!.is_win,
        winAmount: bet!.is_win ? Number(bet!.win_amount) / 100 : 0,
        lossAmount: bet!.is_win ? 0 : 10,
        bet: { status: 'COMPLETED', systemSelectedValue: bet!.system_selected_value, updatedAt: held.drawnAt },
      });
      expect(bet!.status).toBe('COMPLETED');
    }
    // The balance follows the settlement; nobody is told twice.
    const main = (await balanceOf(a.db, watcher.user.id)).main;
    await eventually(
      async () => watcher.all('balance-update').at(-1)?.mainBalance === main / 100,
      5000,
      'the balance after the settlement',
    );
    await sleep(800);
    expect(watcher.results(watched)).toHaveLength(1);
    expect(held.back.results(missed)).toHaveLength(1);
  });

  it('refuses a get-bet-outcomes that is not a list of ids, and an administrator', async () => {
    const player = await Player.connect(a, await createUser(a, { main: 1_000 }));
    const bad: unknown[] = [
      null,
      'x',
      [],
      { commandIds: 'x' },
      { commandIds: ['not-a-uuid'] },
      { betIds: Array.from({ length: 21 }, () => randomUUID()) },
      { other: [] },
    ];
    for (const payload of bad) (player.socket.emit as (e: string, p: unknown) => void)('get-bet-outcomes', payload);
    await eventually(async () => player.all('exception').length === bad.length, 5000, 'refusals');
    expect(new Set(player.all('exception').map((e) => e.message))).toEqual(new Set(['Invalid request.']));
    const admin = await Player.connect(a, await createUser(a, { role: 'super-admin' }));
    admin.socket.emit('get-bet-outcomes', { commandIds: [randomUUID()] });
    await eventually(async () => admin.all('bet-message').length === 1, 5000, "the administrator's refusal");
    expect(await a.db.selectFrom('bet_outcomes').selectAll().where('user_id', '=', admin.user.id).execute()).toEqual(
      [],
    );
  });

  it("never shows one player another player's outcome or bet", async () => {
    const owner = await Player.connect(a, await createUser(a, { main: 100_000 }));
    const other = await Player.connect(a, await createUser(a, { main: 100_000 }));
    const period = await freshPeriod(periodConfig, 1500);
    const commandId = randomUUID();
    owner.socket.emit('place-bet', {
      periodId: period.periodId,
      betType: 'color',
      betValue: 'red',
      amount: 10,
      commandId,
    });
    const [placed] = await eventually(
      async () => owner.answers(commandId).length > 0 && owner.answers(commandId),
      5000,
      'placed',
    );
    other.socket.emit('get-bet-outcomes', { commandIds: [commandId], betIds: [placed!.bet!._id] });
    // The other player's ask is about a command of their own that nobody sent: refused, with nothing of the owner's.
    const [answer] = await eventually(
      async () => other.answers(commandId).length > 0 && other.answers(commandId),
      5000,
      'an answer',
    );
    expect(answer).toEqual({ success: false, message: BET_UNAVAILABLE_MESSAGE, commandId });
    await eventually(async () => (await periodStatus(a.db, period.periodId)) === 'SETTLED', 10_000, 'settled');
    other.socket.emit('get-bet-outcomes', { betIds: [placed!.bet!._id] });
    await sleep(800);
    expect(other.all('bet-result')).toEqual([]);
    expect(JSON.stringify(other.received)).not.toContain(placed!.bet!._id);
    // The owner's bet stands.
    expect(await a.db.selectFrom('bets').select('id').where('id', '=', placed!.bet!._id).execute()).toHaveLength(1);
  });
});
