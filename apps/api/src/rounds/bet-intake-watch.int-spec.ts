import { randomUUID } from 'node:crypto';
import type { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';
import { ARBITER_CANCEL_LATEST_MS, ARBITER_CANCELLED, arbiterKey, claimCommands, releaseClaims } from '@app/bets';
import type { BetMessage } from '@app/contracts';
import { userRoom, type SocketMessage } from '@app/realtime';
import type { RedisService } from '@app/redis';
import { deleteRedisPrefix, TEST_REDIS_URL, testRedisPrefix } from '@app/redis/testing';
import type { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { SocketDeliveryService } from '../realtime/socket-delivery.service.js';
import { BetIntakeWatch, WATCH_CANCEL_DEADLINE_MS, WATCH_RECHECK_MS, type HandedBet } from './bet-intake-watch.js';
import type { StoredOutcome } from '@app/bets';

const TIMEOUT_MS = 1500;
const quiet = {
  warn: () => undefined,
  log: () => undefined,
  error: () => undefined,
  debug: () => undefined,
} as unknown as Logger;

describe("the intake's watch asks the arbiter only about bets whose answer it has not seen (a real Redis)", () => {
  const prefix = testRedisPrefix();
  const redis = new Redis(TEST_REDIS_URL);
  /** The arbiter keys of each cancellation call (cancelCommands is one EVAL per chunk of keys). */
  let calls: string[][] = [];
  /** The watch's connection, counting its arbiter calls. */
  const counted = new Proxy(redis, {
    get(target, property) {
      if (property === 'eval') {
        return (script: string, numberOfKeys: number, ...rest: string[]) => {
          calls.push(rest.slice(0, numberOfKeys));
          return target.eval(script, numberOfKeys, ...rest);
        };
      }
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  let delivered: SocketMessage[] = [];
  let watch: BetIntakeWatch;
  const bet = (handedAt: number, userId = randomUUID()): HandedBet => ({
    userId,
    commandId: randomUUID(),
    periodId: '202611230001',
    betType: 'color',
    handedAt,
  });
  const keyOf = (b: HandedBet) => arbiterKey(prefix, b.userId, b.commandId);

  beforeEach(() => {
    calls = [];
    delivered = [];
    watch = new BetIntakeWatch({
      redis: () => counted,
      prefix,
      eventsStream: `${prefix}events`,
      timeoutMs: TIMEOUT_MS,
      record: async () => [],
      databaseDown: () => false,
      deliverLocally: async (messages) => void delivered.push(...messages),
      logger: quiet,
    });
  });
  afterEach(() => watch.stop());
  afterAll(async () => {
    redis.disconnect();
    await deleteRedisPrefix(prefix);
  });

  it('an answered bet costs no arbiter call; an unanswered one is still cancelled and its player told', async () => {
    const t0 = Date.now();
    const [answered, unanswered] = [bet(t0), bet(t0)];
    watch.watch(answered);
    watch.watch(unanswered);
    expect(watch.waiting).toBe(2);
    watch.answered(answered.userId, answered.commandId);
    expect(watch.waiting).toBe(1);

    await watch.sweep(t0 + TIMEOUT_MS - 1);
    expect(calls).toEqual([]);
    await watch.sweep(t0 + TIMEOUT_MS);
    expect(calls).toEqual([[keyOf(unanswered)]]);
    expect(await redis.mget(keyOf(answered), keyOf(unanswered))).toEqual([null, ARBITER_CANCELLED]);
    expect(delivered.map((m) => [m.room, (m.data as BetMessage).commandId, (m.data as BetMessage).success])).toEqual([
      [userRoom(unanswered.userId), unanswered.commandId, false],
    ]);
    expect(watch.waiting).toBe(0);
    expect(watch.handedCount).toBe(2);
    // Checked once: a later sweep asks nothing.
    await watch.sweep(t0 + 2 * TIMEOUT_MS);
    expect(calls).toHaveLength(1);
  });

  it('an unanswered bet the pipeline claimed is still checked, and nothing is said', async () => {
    const t0 = Date.now();
    const claimed = bet(t0);
    watch.watch(claimed);
    await claimCommands(redis, [keyOf(claimed)], 'engine-a:1');
    await watch.sweep(t0 + TIMEOUT_MS);
    expect(calls).toEqual([[keyOf(claimed)]]);
    expect(await redis.get(keyOf(claimed))).toBe('claimed:engine-a:1');
    expect(delivered).toEqual([]);
  });

  it('a claim released by a failed batch (Postgres down): the next check cancels the bet and tells the player', async () => {
    const t0 = Date.now();
    const [released, held] = [bet(t0), bet(t0)];
    watch.watch(released);
    watch.watch(held);
    await claimCommands(redis, [keyOf(released)], 'engine-a:1');
    await claimCommands(redis, [keyOf(held)], 'engine-a:2');
    await watch.sweep(t0 + TIMEOUT_MS);
    expect(calls).toEqual([[keyOf(released), keyOf(held)]]);
    expect(delivered).toEqual([]);
    expect(watch.rechecking).toBe(2);
    // The first attempt's transaction failed before its COMMIT: its claims are released.
    await releaseClaims(redis, [keyOf(released)], 'engine-a:1');

    await watch.sweep(t0 + TIMEOUT_MS + WATCH_RECHECK_MS - 1);
    expect(calls).toHaveLength(1);
    await watch.sweep(t0 + TIMEOUT_MS + WATCH_RECHECK_MS);
    expect(calls).toEqual([
      [keyOf(released), keyOf(held)],
      [keyOf(released), keyOf(held)],
    ]);
    expect(await redis.mget(keyOf(released), keyOf(held))).toEqual([ARBITER_CANCELLED, 'claimed:engine-a:2']);
    expect(delivered.map((m) => [m.room, (m.data as BetMessage).commandId, (m.data as BetMessage).success])).toEqual([
      [userRoom(released.userId), released.commandId, false],
    ]);
    // The cancelled one is done; the one still claimed is checked again.
    expect(watch.rechecking).toBe(1);
  });

  it('a claim kept (its batch committed) is checked until its answer arrives, or until the latest a bet may be cancelled', async () => {
    const t0 = Date.now();
    const [answeredLater, neverHeard] = [bet(t0), bet(t0)];
    watch.watch(answeredLater);
    watch.watch(neverHeard);
    await claimCommands(redis, [keyOf(answeredLater), keyOf(neverHeard)], 'engine-a:1');
    await watch.sweep(t0 + TIMEOUT_MS);
    watch.answered(answeredLater.userId, answeredLater.commandId);
    expect(watch.rechecking).toBe(1);
    for (
      let now = t0 + TIMEOUT_MS + WATCH_RECHECK_MS;
      now <= t0 + ARBITER_CANCEL_LATEST_MS + 2 * WATCH_RECHECK_MS;
      now += WATCH_RECHECK_MS
    )
      await watch.sweep(now);
    expect(calls[0]).toEqual([keyOf(answeredLater), keyOf(neverHeard)]);
    expect(calls.slice(1).every((keys) => keys.length === 1 && keys[0] === keyOf(neverHeard))).toBe(true);
    // Never later than ARBITER_CANCEL_LATEST_MS after the hand-off (the claim outlives that), then left to the pipeline.
    expect(calls.length).toBeLessThanOrEqual(
      1 + Math.floor((ARBITER_CANCEL_LATEST_MS - TIMEOUT_MS) / WATCH_RECHECK_MS),
    );
    expect(calls.length).toBeGreaterThan(10);
    expect(watch.rechecking).toBe(0);
    expect(await redis.mget(keyOf(answeredLater), keyOf(neverHeard))).toEqual([
      'claimed:engine-a:1',
      'claimed:engine-a:1',
    ]);
    expect(delivered).toEqual([]);
  });

  it('an answer seen while the arbiter is asked ends the watch (no check after it)', async () => {
    const t0 = Date.now();
    const claimed = bet(t0);
    watch.watch(claimed);
    await claimCommands(redis, [keyOf(claimed)], 'engine-a:1');
    const sweeping = watch.sweep(t0 + TIMEOUT_MS);
    watch.answered(claimed.userId, claimed.commandId);
    await sweeping;
    expect(watch.rechecking).toBe(0);
    await watch.sweep(t0 + TIMEOUT_MS + WATCH_RECHECK_MS);
    expect(calls).toHaveLength(1);
  });

  it('an answer seen before its bet is watched (the events read overtook the hand-off reply): never watched, no call', async () => {
    const t0 = Date.now();
    const early = bet(t0);
    watch.answered(early.userId, early.commandId, t0 + 5);
    watch.watch(early);
    expect(watch.waiting).toBe(0);
    expect(watch.handedCount).toBe(1);
    await watch.sweep(t0 + TIMEOUT_MS);
    expect(calls).toEqual([]);
    expect(await redis.get(keyOf(early))).toBeNull();
  });

  it('answers of bets not watched are remembered for the timeout only (memory stays bounded)', async () => {
    const t0 = Date.now();
    const others = Array.from({ length: 1000 }, () => bet(t0));
    // Answers to bets another node handed on: every node sees them all.
    for (const b of others) watch.answered(b.userId, b.commandId, t0);
    const late = others[0]!;
    await watch.sweep(t0 + TIMEOUT_MS);
    // Still within the timeout: a bet watched now is not.
    watch.watch(late);
    expect(watch.waiting).toBe(0);
    // Forgotten past the timeout: the same key handed on again is watched and checked like any other.
    await watch.sweep(t0 + TIMEOUT_MS + 1);
    const again = { ...late, handedAt: t0 + TIMEOUT_MS + 1 };
    watch.watch(again);
    expect(watch.waiting).toBe(1);
    await watch.sweep(again.handedAt + TIMEOUT_MS);
    expect(calls).toEqual([[keyOf(late)]]);
  });

  it('keeps hand-off order: an answer in the middle does not hold back or bring forward the others', async () => {
    const t0 = Date.now();
    const bets = Array.from({ length: 6 }, (_, i) => bet(t0 + i * 100));
    for (const b of bets) watch.watch(b);
    watch.answered(bets[2]!.userId, bets[2]!.commandId);
    watch.answered(bets[0]!.userId, bets[0]!.commandId);
    // A command sent again under a key already watched keeps its first entry (one decision for the shared key).
    watch.watch({ ...bets[1]!, handedAt: t0 + 450 });
    await watch.sweep(t0 + 300 + TIMEOUT_MS);
    expect(calls).toEqual([[keyOf(bets[1]!), keyOf(bets[3]!)]]);
    expect(watch.waiting).toBe(2);
    await watch.sweep(t0 + 500 + TIMEOUT_MS);
    expect(calls).toEqual([
      [keyOf(bets[1]!), keyOf(bets[3]!)],
      [keyOf(bets[4]!), keyOf(bets[5]!)],
    ]);
    expect(watch.waiting).toBe(0);
  });
});

describe("when Redis does not answer the watch's cancellation (a cluster master lost), the database decides", () => {
  const prefix = testRedisPrefix();
  const redis = new Redis(TEST_REDIS_URL);
  /** A connection to a lost master: every arbiter call stays unanswered. */
  const silent = new Proxy(redis, {
    get(target, property) {
      if (property === 'eval' || property === 'evalsha') return () => new Promise(() => undefined);
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  afterAll(async () => {
    redis.disconnect();
    await deleteRedisPrefix(prefix);
  });
  const bet = (handedAt: number): HandedBet => ({
    userId: randomUUID(),
    commandId: randomUUID(),
    periodId: '202611230001',
    betType: 'color',
    handedAt,
  });

  function watchWith(options: {
    stored: (commands: Array<{ userId: string; commandId: string }>) => StoredOutcome[] | undefined;
    databaseDown?: boolean;
  }) {
    const delivered: SocketMessage[] = [];
    const recorded: string[][] = [];
    const watch = new BetIntakeWatch({
      redis: () => silent,
      prefix,
      eventsStream: `${prefix}events`,
      timeoutMs: TIMEOUT_MS,
      record: async (commands) => {
        recorded.push(commands.map((c) => c.commandId));
        return options.stored(commands);
      },
      databaseDown: () => options.databaseDown ?? false,
      deliverLocally: async (messages) => void delivered.push(...messages),
      logger: quiet,
    });
    return { watch, delivered, recorded };
  }

  it('stores the refusal and tells the player within the deadline; a bet the pipeline placed first is left to its answer', async () => {
    const t0 = Date.now();
    const [refused, appliedFirst] = [bet(t0), bet(t0)];
    const betId = randomUUID();
    const { watch, delivered, recorded } = watchWith({
      // The database's answers: a refusal stored now for one, the pipeline's own answer (stored first) for the other.
      stored: (commands) =>
        commands.map((c) =>
          c.commandId === appliedFirst.commandId
            ? {
                user_id: c.userId,
                command_id: c.commandId,
                kind: 'accepted',
                bet_id: betId,
                period_id: '202611230001',
                message: 'Bet placed',
              }
            : {
                user_id: c.userId,
                command_id: c.commandId,
                kind: 'unavailable',
                bet_id: null,
                period_id: '202611230001',
                message: 'Could not place your bet. Please try again.',
              },
        ),
    });
    try {
      watch.watch(refused);
      watch.watch(appliedFirst);
      const started = Date.now();
      await watch.sweep(t0 + TIMEOUT_MS);
      // Not held by the silent arbiter past its deadline (and what the database took).
      expect(Date.now() - started).toBeLessThan(WATCH_CANCEL_DEADLINE_MS + 500);
      expect(recorded).toEqual([[refused.commandId, appliedFirst.commandId]]);
      // The refusal is said; the bet placed first is left to the pipeline's own answer (which carries the bet).
      expect(delivered.map((m) => [m.room, (m.data as BetMessage).commandId, (m.data as BetMessage).success])).toEqual([
        [userRoom(refused.userId), refused.commandId, false],
      ]);
      expect(watch.waiting).toBe(0);
    } finally {
      watch.stop();
    }
  });

  it('says nothing when the database does not answer either, or is down (get-bet-outcomes reads the verdict later)', async () => {
    for (const databaseDown of [false, true]) {
      const t0 = Date.now();
      const { watch, delivered, recorded } = watchWith({ stored: () => undefined, databaseDown });
      try {
        watch.watch(bet(t0));
        await watch.sweep(t0 + TIMEOUT_MS);
        expect({ databaseDown, recorded: recorded.length, delivered }).toEqual({
          databaseDown,
          recorded: databaseDown ? 0 : 1,
          delivered: [],
        });
      } finally {
        watch.stop();
      }
    }
  });
});

describe('socket delivery tells the intake of each bet answer it delivers', () => {
  it("passes on bet-messages naming a command, to a player's room, whether or not a socket is here", async () => {
    const delivery = new SocketDeliveryService({} as RedisService, { server: undefined } as unknown as RealtimeGateway);
    const seen: Array<[string, string]> = [];
    delivery.onBetAnswer((userId, commandId) => seen.push([userId, commandId]));
    const [user, command] = [randomUUID(), randomUUID()];
    await delivery.deliver([
      {
        room: userRoom(user),
        event: 'bet-message',
        data: { success: true, message: 'Bet placed', commandId: command },
      },
      // Not answers to a command: a refund notice, another event, a broadcast.
      {
        room: userRoom(user),
        event: 'bet-message',
        data: { success: false, message: 'Refunded', periodId: '202611230001' },
      },
      { room: userRoom(user), event: 'balance-update', data: { commandId: 'x' } },
      { room: null, event: 'bet-message', data: { success: true, message: 'x', commandId: 'y' } },
    ]);
    expect(seen).toEqual([[user, command]]);
  });
});
