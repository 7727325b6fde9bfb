import { COMMAND_FIELD, encodeCommand, EventsTail, partitionOf, uuidv7, type SocketMessage } from '@app/realtime';
import { createRedis, redisKeys, type RedisClient } from '@app/redis';
import { startRedisCluster, type LocalRedisCluster } from '@app/redis/testing';
import {
  balanceOf,
  createUser,
  eventually,
  expectLedgerReconciles,
  freshPeriod,
  periodStatus,
  startTestApi,
  startTestEngine,
  type TestApi,
  type TestEngine,
} from '@app/testing';

const ROUNDS = {
  ROUND_SECONDS: '4',
  LOCK_SECONDS: '1',
  BET_PARTITIONS: '4',
  LEASE_TTL_MS: '600',
  FAIRNESS_CHAIN_LENGTH: '3000',
};
const periodConfig = { roundSeconds: 4, lockSeconds: 1 };

/**
 * A whole round on a Redis Cluster (3 masters, 3 replicas, started for this file): an api node and a round engine
 * started with REDIS_CLUSTER_NODES; bets handed to their partition streams are applied by the engine's partition
 * consumers, the period is settled and the results reach the results stream.
 */
describe('round engine on a Redis Cluster: bets placed and settled', () => {
  let cluster: LocalRedisCluster;
  let api: TestApi;
  let engine: TestEngine;
  let redis: RedisClient;
  const messages: SocketMessage[] = [];
  let tails: EventsTail[] = [];

  beforeAll(async () => {
    cluster = await startRedisCluster();
    const env = { ...ROUNDS, REDIS_CLUSTER_NODES: cluster.clusterNodes };
    api = await startTestApi({ env });
    engine = await startTestEngine({ database: api.database, env: { ...env, REDIS_PREFIX: api.config.REDIS_PREFIX } });
    const target = { url: 'redis://127.0.0.1', clusterNodes: cluster.nodes };
    redis = createRedis(target);
    const keys = redisKeys(api.config);
    tails = [keys.events, keys.results].map(
      (stream) =>
        new EventsTail(createRedis(target, { enableAutoPipelining: false }), stream, (m) => {
          messages.push(...m.map((w) => w.toSocketMessage()));
        }),
    );
    for (const tail of tails) await tail.start();
  }, 120_000);
  afterEach(() => expectLedgerReconciles(api.db));
  afterAll(async () => {
    for (const tail of tails) await tail.stop();
    redis?.disconnect();
    await engine?.close();
    await api?.close();
    await cluster?.stop();
  });

  it('applies bets from partition streams on all three masters and settles them', async () => {
    const keys = redisKeys(api.config);
    // Players until their partitions' streams are on all three masters (the 4 partitions' tags hash to slots
    // 15882, 11819, 7752 and 3689: masters 3, 3, 2 and 1).
    const masters = async (partitions: number[]) => {
      const slots = (await redis.cluster('SLOTS')) as unknown as Array<[number, number, [string, number]]>;
      const found = new Set<number>();
      for (const p of partitions) {
        const slot = Number(await redis.cluster('KEYSLOT', keys.betCommands(p)));
        found.add(slots.findIndex(([from, to]) => slot >= from && slot <= to));
      }
      return found.size;
    };
    const players: Array<{ id: string }> = [];
    while (players.length < 24 && (await masters([...new Set(players.map((p) => partitionOf(p.id, 4)))])) < 3)
      players.push(await createUser(api, { main: 50_000 }));
    expect(await masters(players.map((p) => partitionOf(p.id, 4)))).toBe(3);
    const period = await freshPeriod(periodConfig, 1500);
    for (const player of players) {
      const command = {
        id: uuidv7(),
        userId: player.id,
        periodId: period.periodId,
        betType: 'color',
        betValue: 'green',
        amount: 1_000,
      };
      await redis.xadd(keys.betCommands(partitionOf(player.id, 4)), '*', COMMAND_FIELD, encodeCommand(command));
    }
    const to = (userId: string, event: string) =>
      messages.filter((m) => m.room === `user:${userId}` && m.event === event);
    await eventually(async () => players.every((p) => to(p.id, 'bet-message').length === 1), 10_000, 'bet messages');
    expect(players.every((p) => (to(p.id, 'bet-message')[0]!.data as { success: boolean }).success)).toBe(true);
    await eventually(
      async () => (await periodStatus(api.db, period.periodId)) === 'SETTLED',
      20_000,
      `period ${period.periodId} settled`,
    );
    await eventually(async () => players.every((p) => to(p.id, 'bet-result').length === 1), 10_000, 'bet results');
    for (const player of players) {
      const { main } = await balanceOf(api.db, player.id);
      const won = (to(player.id, 'bet-result')[0]!.data as { winAmount: number }).winAmount;
      expect(main).toBe(49_000 + Math.round(won * 100));
    }
  });
});
