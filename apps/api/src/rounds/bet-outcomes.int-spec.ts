import { jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { sql } from 'kysely';
import { arbiterKey, UNKNOWN_CANCELS_BUDGET } from '@app/bets';
import type { BalanceUpdate, BetMessage, ClientToServerEvents, ServerToClientEvents } from '@app/contracts';
import { currentPeriod } from '@app/domain';
import { outcomeKey, toBalanceUpdate, userRoom } from '@app/realtime';
import { RedisService } from '@app/redis';
import {
  balanceOf,
  createUser,
  eventually,
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
import type { BetHandoff } from './bet-handoff.js';
import { BetIntakeService } from './bet-intake.service.js';
import { BET_UNAVAILABLE_MESSAGE, BetOutcomesService, OUTCOME_WAIT_MS } from './bet-outcomes.service.js';
import { BetOutcomesRepository } from './bet-outcomes.repository.js';

jest.setTimeout(120_000);

const ROUNDS = { ROUND_SECONDS: '10', LOCK_SECONDS: '2', BET_PARTITIONS: '2', FAIRNESS_CHAIN_LENGTH: '3000' };
const periodConfig = { roundSeconds: 10, lockSeconds: 2 };
type GameSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A signed-in player's socket that records every bet-message with the time it came. */
async function connectPlayer(api: TestApi, user: TestUser) {
  const socket = api.socket({ apiKey: TEST_API_KEY, token: await newSession(api, user) }) as GameSocket;
  const answers: Array<BetMessage & { at: number }> = [];
  const balances: BalanceUpdate[] = [];
  socket.on('bet-message', (m) => answers.push({ ...m, at: Date.now() }));
  socket.on('balance-update', (b) => balances.push(b));
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', resolve);
    socket.on('connect_error', reject);
  });
  return { socket, answers, balances };
}

/** A ₹100 bet on red in a fresh period, placed again until one is accepted (an engine just started takes a while). */
async function placeUntilAccepted(
  player: Awaited<ReturnType<typeof connectPlayer>>,
  answerMs: number,
  totalMs: number,
) {
  let commandId = '';
  let periodId = '';
  const placed = await eventually(
    async () => {
      periodId = (await freshPeriod(periodConfig, 4_000)).periodId;
      commandId = randomUUID();
      player.socket.emit('place-bet', { periodId, betType: 'color', betValue: 'red', amount: 100, commandId });
      const answer = await eventually(
        async () => player.answers.find((a) => a.commandId === commandId),
        answerMs,
        'the answer',
      );
      return answer.success && answer;
    },
    totalMs,
    'a bet placed',
  );
  return { placed, commandId, periodId };
}

const outcomesRows = async (api: TestApi, userId?: string) => {
  const { rows } = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM bet_outcomes ${userId ? sql`WHERE user_id = ${userId}` : sql``}`.execute(api.db);
  return rows[0]!.n;
};

describe('asking for bet answers is cheap and leaves nothing behind', () => {
  let api: TestApi;
  let clock: TestEngine;
  let consumers: TestEngine | undefined;

  beforeAll(async () => {
    api = await startTestApi({ env: ROUNDS });
    // Periods are opened and drawn, but no engine takes bets up yet: a command handed on waits on its stream.
    clock = await startTestEngine({
      database: api.database,
      env: { ...ROUNDS, REDIS_PREFIX: api.config.REDIS_PREFIX, ENGINE_ROLES: 'clock,relay,workers' },
    });
    await eventually(
      async () => {
        const next = currentPeriod(Date.now() + periodConfig.roundSeconds * 1000, periodConfig);
        return (await periodStatus(api.db, next.periodId)) === 'OPEN';
      },
      30_000,
      'the engine opening periods ahead',
    );
  });
  afterAll(async () => {
    await consumers?.close();
    await clock.close();
    await api.close();
  });

  it('20 s of asks about made-up command ids store nothing, read the database once per ask and never wait; a lost command of the player is still refused for good', async () => {
    const user = await createUser(api, { main: 100_000 });
    const player = await connectPlayer(api, user);
    const repository = api.app.get(BetOutcomesRepository);
    const reads = jest.spyOn(repository, 'outcomes');
    const refusals = jest.spyOn(repository, 'refuseUnanswered');
    const tableBefore = await outcomesRows(api);

    // 5 asks a second (the player's limit) of 20 random ids each, for 20 s.
    const asks: Array<{ at: number; ids: string[] }> = [];
    const until = Date.now() + 20_000;
    while (Date.now() < until) {
      const ids = Array.from({ length: 20 }, () => randomUUID());
      asks.push({ at: Date.now(), ids });
      player.socket.emit('get-bet-outcomes', { commandIds: ids });
      await sleep(200);
    }
    await sleep(1_000);
    expect(asks.length).toBeGreaterThanOrEqual(95);

    // Nothing stored: not one row in bet_outcomes, and no refusal written.
    expect(await outcomesRows(api)).toBe(tableBefore);
    expect(refusals).not.toHaveBeenCalled();
    // One read of the stored answers per ask (no polling).
    expect(reads.mock.calls.length).toBe(asks.length);
    // The first ids without a trace were cancelled in the arbiter and refused at once, up to the player's budget; the
    // rest got nothing, and Redis holds no more than the budget's keys for this player.
    const answered = player.answers.filter((a) => a.commandId);
    expect(answered).toHaveLength(UNKNOWN_CANCELS_BUDGET);
    expect(new Set(answered.map((a) => a.message))).toEqual(new Set([BET_UNAVAILABLE_MESSAGE]));
    expect(Math.max(...answered.map((a) => a.at)) - asks[0]!.at).toBeLessThan(OUTCOME_WAIT_MS);
    const redis = api.app.get(RedisService);
    expect(await redis.client.keys(`${redis.keys.prefix}bet-arbiter:${user.id}:*`)).toHaveLength(
      UNKNOWN_CANCELS_BUDGET,
    );
    reads.mockRestore();
    refusals.mockRestore();

    // A bet of the player's whose answer is lost: handed to its stream, nobody takes it up, this node's watch and
    // delivery are gone. Asked on the socket that sent it, it is refused for good and stored...
    await api.app.get(BetIntakeService).watch.stop();
    await api.app.get(SocketDeliveryService).onApplicationShutdown();
    await sleep(2_000); // the player's bet rate refills after the asks
    const other = await connectPlayer(api, await createUser(api, { main: 100_000 }));
    const period = await freshPeriod(periodConfig, 6_000);
    const commandId = randomUUID();
    player.socket.emit('place-bet', {
      periodId: period.periodId,
      betType: 'color',
      betValue: 'red',
      amount: 100,
      commandId,
    });
    // Another player's bet beside it, nobody asks about: the pipeline applies it when it comes.
    other.socket.emit('place-bet', {
      periodId: period.periodId,
      betType: 'color',
      betValue: 'red',
      amount: 100,
      commandId: randomUUID(),
    });
    await sleep(200);
    expect(player.answers.filter((a) => a.commandId === commandId)).toEqual([]);
    player.socket.emit('get-bet-outcomes', { commandIds: [commandId] });
    const [answer] = await eventually(
      async () => {
        const mine = player.answers.filter((a) => a.commandId === commandId);
        return mine.length > 0 && mine;
      },
      5_000,
      'the refusal',
    );
    expect(answer).toMatchObject({ success: false, message: BET_UNAVAILABLE_MESSAGE, commandId });
    expect(await outcomesRows(api, user.id)).toBe(1);

    // ...and when the bet pipeline gets to it, before the period's lock, it is not applied.
    consumers = await startTestEngine({
      database: api.database,
      env: { ...ROUNDS, REDIS_PREFIX: api.config.REDIS_PREFIX, ENGINE_ROLES: 'bets' },
    });
    await eventually(
      async () =>
        (await periodStatus(api.db, period.periodId)) === 'SETTLED' ||
        (await periodStatus(api.db, period.periodId)) === 'REFUNDED',
      30_000,
      'the period over',
    );
    expect(await api.db.selectFrom('bets').select('period_id').where('user_id', '<>', user.id).execute()).toEqual([
      { period_id: period.periodId },
    ]);
    expect(await api.db.selectFrom('bets').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect(await balanceOf(api.db, user.id)).toEqual({ main: 100_000, bonus: 0 });
    const stored = await api.db
      .selectFrom('bet_outcomes')
      .select(['command_id', 'kind'])
      .where('user_id', '=', user.id)
      .execute();
    expect(stored).toEqual([{ command_id: commandId, kind: 'unavailable' }]);
  });
});

describe('a stored answer the api node gives in the pipeline’s place carries the bet', () => {
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

  it('Redis lost the claim of a batch that committed: the cancellation wins there, and the player is told "placed" with the bet', async () => {
    const user = await createUser(api, { main: 100_000 });
    const player = await connectPlayer(api, user);
    // A bet placed (tried again until the engine takes bets: it has just started).
    const { placed, commandId, periodId } = await placeUntilAccepted(player, 5_000, 40_000);
    expect(placed).toMatchObject({ success: true, bet: { periodId } });

    // The claim is gone (Redis restarted without its data) and the watch finds the bet unanswered (its answer did
    // not reach this node): its cancellation wins in Redis, and the database holds the pipeline's answer. The
    // player's socket that has the answer gets it once; another of theirs (opened since) hears the node's.
    const other = await connectPlayer(api, user);
    const redis = api.app.get(RedisService);
    await redis.client.del(arbiterKey(redis.keys, user.id, commandId));
    const watch = api.app.get(BetIntakeService).watch;
    const handedAt = Date.now();
    watch.watch({ userId: user.id, commandId, periodId, betType: 'color', handedAt });
    await watch.sweep(handedAt + api.config.BET_ANSWER_TIMEOUT_MS);
    const again = await eventually(
      async () => other.answers.find((a) => a.commandId === commandId),
      5_000,
      "the node's answer",
    );
    expect(again).toMatchObject({ success: true, message: placed.message, bet: { _id: placed.bet!._id } });
    // Followed by the player's balance, as the pipeline follows its answers with it.
    const balance = await eventually(async () => other.balances[0], 5_000, 'the balance after the answer');
    const wallet = await balanceOf(api.db, user.id);
    expect(wallet.main).toBeLessThan(100_000);
    expect(balance).toEqual(toBalanceUpdate(wallet.main, wallet.bonus));
    expect(player.answers.filter((a) => a.commandId === commandId)).toHaveLength(1);
    other.socket.disconnect();

    // The same for a hand-off in doubt whose refusal the database decides: the stored answer comes with its bet.
    const stored = await api.app.get(BetOutcomesService).refuseUncertain(user.id, commandId);
    expect(stored).toMatchObject({ kind: 'accepted', bet_id: placed.bet!._id, bet: { id: placed.bet!._id } });
    expect(await api.db.selectFrom('bets').select('id').where('user_id', '=', user.id).execute()).toEqual([
      { id: placed.bet!._id },
    ]);
  });

  // A place-bet whose hand-off to Redis failed after the command reached its stream (a timeout, a connection cut):
  // the pipeline applied it and its answers were lost (Redis lost its data), and the api node's recovery finds the
  // stored acceptance, in Redis's answer or without one. The player hears "placed" with the bet, then the balance.
  for (const redisAnswers of [true, false]) {
    it(`a hand-off in doubt whose bet was applied: "placed" with the bet, then the balance (the cancellation ${redisAnswers ? 'answered' : 'unanswered'})`, async () => {
      const user = await createUser(api, { main: 100_000 });
      const player = await connectPlayer(api, user);
      const redis = api.app.get(RedisService);
      const intake = api.app.get(BetIntakeService);
      const handoff = (intake as unknown as { handoff: BetHandoff }).handoff;
      const delivery = api.app.get(SocketDeliveryService);
      const realHandOn = handoff.handOn.bind(handoff);
      const realDeliver = delivery.deliver.bind(delivery);
      const failFast = redis.failFast;
      const realEval = failFast.eval.bind(failFast);
      let failed = 0;
      // The pipeline's answers to this player never reach the node (lost with Redis's data)...
      delivery.deliver = (chunk) => realDeliver(chunk.filter((m) => m.room !== userRoom(user.id)));
      // ...and the hand-off reports a failure once its command is applied and its claim gone.
      handoff.handOn = async (command, now) => {
        if (command.userId !== user.id) return realHandOn(command, now);
        const closedBy = await realHandOn(command, now);
        if (closedBy) return closedBy;
        intake.watch.answered(command.userId, outcomeKey(command));
        const stored = await eventually(
          async () =>
            (await api.db
              .selectFrom('bet_outcomes')
              .select('kind')
              .where('user_id', '=', user.id)
              .where('command_id', '=', outcomeKey(command))
              .executeTakeFirst()) ?? false,
          10_000,
          "the pipeline's answer stored",
        );
        if (stored.kind !== 'accepted') return null;
        await redis.client.del(arbiterKey(redis.keys, user.id, outcomeKey(command)));
        if (!redisAnswers)
          (failFast as unknown as { eval: unknown }).eval = () => Promise.reject(new Error('Command timed out'));
        failed++;
        throw new Error('Command timed out');
      };
      try {
        const { placed, commandId } = await placeUntilAccepted(player, 15_000, 60_000);
        expect(failed).toBe(1);
        const bets = await api.db.selectFrom('bets').select('id').where('user_id', '=', user.id).execute();
        expect(bets).toHaveLength(1);
        expect(placed).toMatchObject({ success: true, commandId, bet: { _id: bets[0]!.id } });
        const balance = await eventually(async () => player.balances.at(-1), 5_000, 'the balance after the answer');
        const wallet = await balanceOf(api.db, user.id);
        expect(wallet.main).toBe(100_000 - 10_000);
        expect(balance).toEqual(toBalanceUpdate(wallet.main, wallet.bonus));
        expect(player.answers.filter((a) => a.commandId === commandId)).toHaveLength(1);
        const outcomes = await api.db
          .selectFrom('bet_outcomes')
          .select('kind')
          .where('user_id', '=', user.id)
          .execute();
        expect(outcomes.map((o) => o.kind).sort()).toEqual(
          ['accepted', ...Array<string>(outcomes.length - 1).fill('unavailable')].sort(),
        );
      } finally {
        handoff.handOn = realHandOn;
        delivery.deliver = realDeliver;
        (failFast as unknown as { eval: unknown }).eval = realEval;
        player.socket.disconnect();
      }
    });
  }
});
