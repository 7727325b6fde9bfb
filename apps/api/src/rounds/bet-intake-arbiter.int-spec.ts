import { jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Socket } from 'socket.io-client';
import {
  ARBITER_CANCELLED,
  arbiterKey,
  BET_UNAVAILABLE_MESSAGE,
  cancelCommands,
  cancelledCommands,
  claimCommands,
  releaseClaims,
} from '@app/bets';
import type { BetMessage, ClientToServerEvents, ServerToClientEvents } from '@app/contracts';
import { currentPeriod, type GameKey } from '@app/domain';
import { RedisService } from '@app/redis';
import { deleteRedisPrefix, TEST_REDIS_URL, testRedisPrefix } from '@app/redis/testing';
import {
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
  type TestEngine,
  type TestUser,
} from '@app/testing';
import { BetIntakeService } from './bet-intake.service.js';

jest.setTimeout(180_000);

describe('the bet arbiter in Redis: a command is cancelled by the intake or claimed by the pipeline, never both', () => {
  const prefix = testRedisPrefix();
  const redis = new Redis(TEST_REDIS_URL);
  const key = () => arbiterKey(prefix, randomUUID(), randomUUID());
  afterAll(async () => {
    redis.disconnect();
    await deleteRedisPrefix(prefix);
  });

  it('cancelled first: the claim of its batch names it and leaves it cancelled; the rest of the batch is claimed', async () => {
    const [cancelled, other] = [key(), key()];
    expect(await cancelCommands(redis, [cancelled])).toEqual([true]);
    expect(await claimCommands(redis, [other, cancelled], 'engine-a:1')).toEqual([cancelled]);
    expect(await redis.mget(cancelled, other)).toEqual([ARBITER_CANCELLED, 'claimed:engine-a:1']);
    // The intake can no longer cancel what was claimed.
    expect(await cancelCommands(redis, [other])).toEqual([false]);
    expect(await cancelledCommands(redis, [cancelled, other, key()])).toEqual([true, false, false]);
  });

  it('claimed first: the intake cannot cancel it, and a retry of the batch (its COMMIT in doubt) still may claim it', async () => {
    const claimed = key();
    await claimCommands(redis, [claimed], 'engine-a:1');
    expect(await cancelCommands(redis, [claimed])).toEqual([false]);
    await claimCommands(redis, [claimed], 'engine-b:1');
    expect(await redis.get(claimed)).toBe('claimed:engine-a:1');
    // Cancelling twice agrees with itself.
    const cancelled = key();
    expect(await cancelCommands(redis, [cancelled, cancelled, claimed])).toEqual([true, true, false]);
  });

  it('a batch that did not commit releases only its own claims; the intake may then cancel them', async () => {
    const [mine, theirs] = [key(), key()];
    await claimCommands(redis, [theirs], 'engine-b:7');
    await claimCommands(redis, [mine, theirs], 'engine-a:3');
    expect(await releaseClaims(redis, [mine, theirs], 'engine-a:3')).toBe(1);
    expect(await redis.mget(mine, theirs)).toEqual([null, 'claimed:engine-b:7']);
    expect(await cancelCommands(redis, [mine, theirs])).toEqual([true, false]);
  });

  it('decides many keys at once, each by its own first writer', async () => {
    const keys = Array.from({ length: 2500 }, key);
    const cancelledFirst = keys.filter((_, i) => i % 3 === 0);
    await cancelCommands(redis, cancelledFirst);
    expect(await claimCommands(redis, keys, 'engine-a:9')).toEqual(cancelledFirst);
    expect(await cancelCommands(redis, keys)).toEqual(keys.map((_, i) => i % 3 === 0));
  });
});

const ROUNDS = { ROUND_SECONDS: '4', LOCK_SECONDS: '1', BET_PARTITIONS: '2', FAIRNESS_CHAIN_LENGTH: '3000' };
const periodConfig = { roundSeconds: 4, lockSeconds: 1 };
type GameSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
const GAMES: Array<{ betType: GameKey; betValue: string }> = [
  { betType: 'color', betValue: 'green' },
  { betType: 'bigSmall', betValue: 'big' },
  { betType: 'number', betValue: '7' },
];

interface SentBet {
  player: RacePlayer;
  commandId: string;
  periodId: string;
  betType: GameKey;
  amount: number;
  cancelAfterMs: number;
}

class RacePlayer {
  readonly answers = new Map<string, BetMessage[]>();
  /** Games bet on per period (one bet per game and period). */
  readonly games = new Map<string, number>();
  constructor(
    readonly user: TestUser,
    readonly socket: GameSocket,
  ) {
    socket.on('bet-message', (message) => {
      if (message.commandId)
        this.answers.set(message.commandId, [...(this.answers.get(message.commandId) ?? []), message]);
    });
  }
  static async connect(api: TestApi, user: TestUser): Promise<RacePlayer> {
    const socket = api.socket({ apiKey: TEST_API_KEY, token: user.token }) as GameSocket;
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', resolve);
      socket.on('connect_error', reject);
    });
    return new RacePlayer(user, socket);
  }
}

describe("the intake's cancellation races the pipeline's claim, through a real api node and a real engine", () => {
  let api: TestApi;
  let engine: TestEngine;
  let log: MessageLog;

  beforeAll(async () => {
    api = await startTestApi({ env: { ...ROUNDS, BET_ANSWER_TIMEOUT_MS: '500' } });
    engine = await startTestEngine({
      database: api.database,
      env: { ...ROUNDS, REDIS_PREFIX: api.config.REDIS_PREFIX },
    });
    log = new MessageLog(api.config.REDIS_PREFIX);
    await log.start();
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
    await log?.stop();
    await engine?.close();
    await api?.close();
  });

  // Half the races cancel within 40 ms of the hand-over, half within 400 ms; the engine takes each batch up (claims
  // it) 0–80 ms after reading it (below), so a cancellation comes before the claim in many races and after it in
  // many others, even on a busy machine.
  const cancelDelay = (i: number): number => Math.floor(Math.random() * (i % 2 === 0 ? 40 : 400));
  const CLAIM_DELAY_MS = 80;

  it('a bet answered by the pipeline is no longer watched once the node delivered its answer (no cancellation due)', async () => {
    const player = await RacePlayer.connect(api, await createUser(api, { main: 100_000 }));
    const watch = api.app.get(BetIntakeService).watch;
    await eventually(async () => watch.waiting === 0, 5_000, 'no bet watched');
    const handed = watch.handedCount;
    const period = await freshPeriod(periodConfig, 600);
    const commandId = randomUUID();
    player.socket.emit('place-bet', {
      periodId: period.periodId,
      betType: 'color',
      betValue: 'green',
      amount: 10,
      commandId,
    });
    const sentAt = Date.now();
    const answer = await eventually(async () => player.answers.get(commandId)?.[0], 5_000, 'the answer');
    expect(answer.success).toBe(true);
    expect(watch.handedCount).toBe(handed + 1);
    // Answered well within the timeout (500 ms), so forgotten by the answer itself, not by a sweep.
    if (Date.now() - sentAt < 400) expect(watch.waiting).toBe(0);
    player.socket.disconnect();
  });

  it('in both orders, over many races: no refused bet stored or charged, no accepted bet answered as refused, every command answered once', async () => {
    const FUNDED = 1_000_000;
    const players = await Promise.all(
      Array.from({ length: 40 }, async () => RacePlayer.connect(api, await createUser(api, { main: FUNDED }))),
    );
    const watch = api.app.get(BetIntakeService).watch;
    // The node's cancellations as the arbiter decided them (its fail-fast connection; the engine has its own).
    const verdicts = { won: 0, lost: 0 };
    /** The commands whose cancellation won (the last part of an arbiter key is the command id). */
    const cancelled = new Set<string>();
    /** The bets asked about (a bet found claimed is asked again until its answer reaches the node). */
    const asked = new Set<string>();
    const failFast = api.app.get(RedisService).failFast;
    const evalOnce = failFast.eval.bind(failFast) as (...args: unknown[]) => Promise<unknown>;
    const arbiterPrefix = arbiterKey(api.config.REDIS_PREFIX, '', '').slice(0, -2);
    (failFast as unknown as { eval: (...args: unknown[]) => Promise<unknown> }).eval = async (...args: unknown[]) => {
      const out = await evalOnce(...args);
      if (typeof args[2] === 'string' && args[2].startsWith(arbiterPrefix) && Array.isArray(out)) {
        const keys = args.slice(2, 2 + Number(args[1])).map(String);
        out.forEach((v, i) => {
          verdicts[Number(v) === 1 ? 'won' : 'lost']++;
          if (Number(v) === 1) cancelled.add(keys[i]!.split(':').at(-1)!);
        });
        for (const key of keys) asked.add(key);
      }
      return out;
    };
    // The engine's claims (its own fail-fast connection) come a random moment after it read the batch.
    const engineFailFast = engine.app.get(RedisService).failFast;
    const engineEval = engineFailFast.eval.bind(engineFailFast) as (...args: unknown[]) => Promise<unknown>;
    (engineFailFast as unknown as { eval: (...args: unknown[]) => Promise<unknown> }).eval = async (
      ...args: unknown[]
    ) => {
      if (args.some((a) => typeof a === 'string' && a.startsWith('claimed:')))
        await sleep(Math.floor(Math.random() * CLAIM_DELAY_MS));
      return engineEval(...args);
    };
    // Every other iteration's answers do not reach the watch (as when they are slow to come back to this node), so
    // the node also cancels bets the engine has claimed already: the order "claim, then cancel" happens for certain.
    const unheard = new Set<string>();
    const hear = watch.answered.bind(watch);
    watch.answered = (userId: string, commandId: string, now?: number) =>
      unheard.has(commandId) ? undefined : hear(userId, commandId, now);
    const sent: SentBet[] = [];
    const ITERATIONS = 150;
    let next = 0;
    for (let i = 0; i < ITERATIONS; i++) {
      const period = await freshPeriod(periodConfig, 600);
      // Three players at once, each on a game they have not bet on this period.
      const batch: SentBet[] = [];
      for (let tries = 0; batch.length < 3 && tries < players.length; tries++) {
        const player = players[next++ % players.length]!;
        const used = player.games.get(period.periodId) ?? 0;
        if (used >= GAMES.length) continue;
        player.games.set(period.periodId, used + 1);
        const game = GAMES[used]!;
        const bet: SentBet = {
          player,
          commandId: randomUUID(),
          periodId: period.periodId,
          betType: game.betType,
          amount: [10, 50, 100, 200, 500][i % 5]!,
          cancelAfterMs: cancelDelay(i),
        };
        batch.push(bet);
        player.socket.emit('place-bet', {
          periodId: bet.periodId,
          betType: game.betType,
          betValue: game.betValue,
          amount: bet.amount,
          commandId: bet.commandId,
        });
      }
      if (batch.length === 0) {
        // Every player has bet on every game of this period: on to the next one.
        await sleep(period.endTime - Date.now() + 5);
        i--;
        continue;
      }
      sent.push(...batch);
      if (i % 2 === 1) for (const bet of batch) unheard.add(bet.commandId);
      // Once the node has handed them on, it cancels after a random moment: sometimes before the engine has even
      // read them, sometimes while its batch is in flight, sometimes after it committed (a bet whose answer reached
      // the node by then is not cancelled: it is no longer watched).
      const handed = watch.handedCount + batch.length;
      const since = Date.now();
      while (watch.handedCount < handed && Date.now() - since < 200)
        await new Promise((resolve) => setImmediate(resolve));
      await sleep(batch[0]!.cancelAfterMs);
      await watch.sweep(Date.now() + 500);
    }

    await eventually(
      async () => sent.every((b) => (b.player.answers.get(b.commandId)?.length ?? 0) > 0),
      15_000,
      'an answer to every bet',
    );
    await sleep(2_000);

    const accepted = sent.filter((b) => b.player.answers.get(b.commandId)![0]!.success);
    const refused = sent.filter((b) => !b.player.answers.get(b.commandId)![0]!.success);
    // Both orders happened, many times. A bet answered before its cancellation was due is not cancelled at all
    // (no arbiter call), but claims still beat cancellations sent before their answer reached the node.
    expect(accepted.length).toBeGreaterThan(20);
    expect(refused.length).toBeGreaterThan(20);
    // Every bet whose cancellation won was answered refused. A bet may also be refused before it reaches the
    // pipeline (the intake's own health check, on a busy machine): such a bet was never handed on or claimed.
    expect(verdicts.won).toBe(cancelled.size);
    expect(refused.filter((b) => cancelled.has(b.commandId)).length).toBe(cancelled.size);
    expect(refused.length - cancelled.size).toBeLessThanOrEqual(Math.ceil(sent.length * 0.05));
    expect(verdicts.lost).toBeGreaterThan(0);
    // No answered bet was cancelled: the node asked about fewer bets than it handed on.
    expect(asked.size).toBeLessThan(sent.length);
    for (const b of refused)
      expect(b.player.answers.get(b.commandId)![0]).toMatchObject({
        success: false,
        message: BET_UNAVAILABLE_MESSAGE,
        periodId: b.periodId,
      });

    // Answered once: one answer on the socket, and one published for all nodes (the intake's or the pipeline's, never both).
    const published = new Map<string, BetMessage[]>();
    for (const m of log.messages) {
      const data = m.data as BetMessage;
      if (m.event === 'bet-message' && data.commandId)
        published.set(data.commandId, [...(published.get(data.commandId) ?? []), data]);
    }
    for (const b of sent) {
      expect([b.commandId, b.player.answers.get(b.commandId)!.length]).toEqual([b.commandId, 1]);
      expect([b.commandId, published.get(b.commandId)?.map((m) => m.success)]).toEqual([
        b.commandId,
        [b.player.answers.get(b.commandId)![0]!.success],
      ]);
    }

    // Stored: exactly the accepted bets, each once; the stored outcome says what the player was told.
    const userIds = players.map((p) => p.user.id);
    const bets = await api.db
      .selectFrom('bets')
      .select(['id', 'user_id', 'amount', 'status', 'win_amount'])
      .where('user_id', 'in', userIds)
      .execute();
    expect(bets.map((b) => b.id).sort()).toEqual(
      accepted.map((b) => b.player.answers.get(b.commandId)![0]!.bet!._id).sort(),
    );
    const outcomes = new Map(
      (
        await api.db.selectFrom('bet_outcomes').select(['command_id', 'kind']).where('user_id', 'in', userIds).execute()
      ).map((o) => [o.command_id, o.kind]),
    );
    for (const b of accepted) expect([b.commandId, outcomes.get(b.commandId)]).toEqual([b.commandId, 'accepted']);
    const raced = refused.filter((b) => cancelled.has(b.commandId));
    for (const b of raced) expect([b.commandId, outcomes.get(b.commandId)]).toEqual([b.commandId, 'unavailable']);
    // The arbiter agrees: every cancelled command stays cancelled (the pipeline can never apply it later).
    const arbiter = await cancelledCommands(
      api.app.get(RedisService).client,
      raced.map((b) => arbiterKey(api.config.REDIS_PREFIX, b.player.user.id, b.commandId)),
    );
    expect(arbiter.every(Boolean)).toBe(true);

    // Charged exactly the accepted stakes (plus what their settlement paid).
    const { rows } = await sql<{ user_id: string; balance: string; moved: string }>`
      SELECT w.user_id, (w.main + w.bonus)::text AS balance,
             coalesce((SELECT sum(CASE WHEN b.status = 'REFUNDED' THEN 0 ELSE b.win_amount - b.amount END) FROM bets b WHERE b.user_id = w.user_id), 0)::text AS moved
      FROM wallets w WHERE w.user_id = ANY(${userIds}::uuid[])
    `.execute(api.db);
    for (const row of rows)
      expect([row.user_id, Number(row.balance)]).toEqual([row.user_id, FUNDED + Number(row.moved)]);
    const stakes = new Map(accepted.map((b) => [b.player.answers.get(b.commandId)![0]!.bet!._id, b.amount * 100]));
    for (const bet of bets) expect(Number(bet.amount)).toBe(stakes.get(bet.id));
    await expectLedgerReconciles(api.db);
  });
});
