import { FencedLease, Lease } from './lease.js';
import { RedisKeys } from './redis-keys.js';
import { createRedis, type RedisClient } from './redis.service.js';
import {
  deleteRedisPrefix,
  startRedisCluster,
  TEST_REDIS_URL,
  testRedisPrefix,
  type LocalRedisCluster,
} from './testing/index.js';

// The same behaviour on one Redis and on a Redis Cluster (3 masters, 3 replicas, started for this file).
describe.each([['single node'], ['cluster']] as const)('Lease (%s)', (target) => {
  const prefix = testRedisPrefix();
  let redis: RedisClient;
  let cluster: LocalRedisCluster | undefined;
  let keys: RedisKeys;
  beforeAll(async () => {
    if (target === 'cluster') {
      cluster = await startRedisCluster();
      redis = createRedis({ url: 'redis://127.0.0.1', clusterNodes: cluster.nodes });
    } else redis = createRedis(TEST_REDIS_URL);
    keys = new RedisKeys(prefix, { cluster: target === 'cluster' });
  }, 60_000);
  afterAll(async () => {
    if (cluster) {
      redis.disconnect();
      await cluster.stop();
    } else {
      await deleteRedisPrefix(prefix);
      redis.disconnect();
    }
  });

  it('has one holder at a time and hands over after expiry', async () => {
    const a = new Lease(redis, keys.lease('clock'), 'a', 200);
    const b = new Lease(redis, keys.lease('clock'), 'b', 200);
    expect(await a.acquire()).toBe(true);
    expect(await b.acquireOrRenew()).toBe(false);
    expect(await a.renew()).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(await b.acquireOrRenew()).toBe(true);
    expect(await a.renew()).toBe(false);
    expect(await b.holder()).toBe('b');
    await a.release();
    expect(await b.holder()).toBe('b');
    await b.release();
    expect(await b.holder()).toBeNull();
  });

  describe('FencedLease', () => {
    let issued = 0;
    const leases: FencedLease[] = [];
    const lease = (owner: string, ttlMs = 300) => {
      const l = new FencedLease({
        redis,
        key: keys.lease('fenced'),
        name: 'fenced',
        owner,
        ttlMs,
        nextToken: async () => ++issued,
      });
      leases.push(l);
      return l;
    };
    const until = async (check: () => boolean, ms: number) => {
      const deadline = Date.now() + ms;
      while (!check()) {
        if (Date.now() > deadline) throw new Error('timed out');
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    afterEach(async () => {
      for (const l of leases.splice(0)) await l.stop();
    });

    it('is renewed on its own timer while the work awaits, and carries its token in Redis', async () => {
      const a = lease('a');
      a.start();
      await until(() => a.held, 1000);
      const token = a.token!;
      // The holder's work takes 5 TTLs; the lease does not lapse meanwhile.
      await new Promise((r) => setTimeout(r, 1500));
      expect(a.held).toBe(true);
      expect(a.token).toBe(token);
      expect(await redis.get(keys.lease('fenced'))).toBe(`a#${token}`);
    });

    it('a frozen holder finds its lease lapsed on waking, the standby holds it with a newer token, and it is not taken back', async () => {
      const a = lease('a');
      const b = lease('b');
      a.start();
      await until(() => a.held, 1000);
      b.start();
      const first = a.token!;
      // The holder's process is frozen past its TTL (nothing runs, not even its timers).
      const frozenUntil = Date.now() + 450;
      while (Date.now() < frozenUntil) {
        /* frozen */
      }
      expect(a.held).toBe(false);
      expect(a.token).toBeNull();
      await until(() => b.held, 300 + 400);
      expect(b.token!).toBeGreaterThan(first);
      await new Promise((r) => setTimeout(r, 1000));
      expect(a.held).toBe(false);
      expect(b.held).toBe(true);
    });

    it('a dropped lease is released at once and won again with a newer token', async () => {
      const a = lease('a');
      a.start();
      await until(() => a.held, 1000);
      const first = a.token!;
      await a.drop('fenced');
      expect(a.held).toBe(false);
      await until(() => a.held, 1000);
      expect(a.token!).toBeGreaterThan(first);
    });
  });
});
