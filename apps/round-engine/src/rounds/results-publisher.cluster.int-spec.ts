import { loadConfig } from '@app/config';
import type { SocketMessage } from '@app/realtime';
import { FencedLease, RedisService } from '@app/redis';
import { startRedisCluster, testRedisPrefix, type LocalRedisCluster } from '@app/redis/testing';
import { ResultsPublisher } from './results-publisher.js';

/**
 * The results publisher on a Redis Cluster (3 masters, 3 replicas, started for this file): its scripts (append once
 * under the round clock's lease; the online players' snapshot from the live api nodes' presence) run with their real
 * keys (no CROSSSLOT).
 */
describe('results publisher on a Redis Cluster', () => {
  const prefix = testRedisPrefix();
  let cluster: LocalRedisCluster;
  let redis: RedisService;

  beforeAll(async () => {
    cluster = await startRedisCluster();
    redis = new RedisService(loadConfig({ REDIS_CLUSTER_NODES: cluster.clusterNodes, REDIS_PREFIX: prefix }));
  }, 60_000);
  afterAll(async () => {
    await redis?.onApplicationShutdown();
    await cluster?.stop();
  });

  it('publishes once under the lease and snapshots the online players', async () => {
    const keys = redis.keys;
    let issued = 0;
    const lease = new FencedLease({
      redis: redis.client,
      key: keys.lease('round-clock'),
      name: 'round-clock',
      owner: 'engine-a',
      ttlMs: 2000,
      nextToken: async () => ++issued,
    });
    lease.start();
    try {
      const deadline = Date.now() + 5000;
      while (!lease.held && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(lease.held).toBe(true);
      const publisher = new ResultsPublisher(redis);
      const message: SocketMessage = { room: 'user:u1', event: 'bet-result', data: { ok: true } };
      expect(await publisher.publishOnce(lease, 'results', 'period-1:0', [message])).toBe(true);
      expect(await publisher.publishOnce(lease, 'results', 'period-1:0', [message])).toBe(false);
      expect(await publisher.publishOnce(lease, 'game-result', 'period-1', [{ ...message, room: null }])).toBe(true);
      expect(await redis.client.xlen(keys.results)).toBe(1);
      expect(await redis.client.xlen(keys.events)).toBe(1);

      // Two live api nodes (as PresenceService writes them) and a dead one.
      const now = Date.now();
      await redis.client
        .multi()
        .zadd(keys.presenceNodes, now + 60_000, 'n1', now + 60_000, 'n2', now - 60_000, 'n3')
        .sadd(keys.presence('n1'), 'u1', 'u2')
        .sadd(keys.presence('n2'), 'u2', 'u3')
        .sadd(keys.presence('n3'), 'u4')
        .exec();
      expect((await publisher.onlineFor('period-1')).sort()).toEqual(['u1', 'u2', 'u3']);
      await redis.client.sadd(keys.presence('n1'), 'u5');
      expect((await publisher.onlineFor('period-1')).sort()).toEqual(['u1', 'u2', 'u3']);
      await publisher.forgetOnline('period-1');
      expect(await redis.client.exists(keys.resultsOnline('period-1'))).toBe(0);
    } finally {
      await lease.stop();
    }
  });
});
