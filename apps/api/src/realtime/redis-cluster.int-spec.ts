import { loadConfig } from '@app/config';
import { partitionOf } from '@app/realtime';
import { RedisService } from '@app/redis';
import { startRedisCluster, testRedisPrefix, type LocalRedisCluster } from '@app/redis/testing';
import { LoginBackoff } from '../auth/login-backoff.js';
import { LoginStepUp } from '../auth/login-step-up.js';
import { RateLimiter } from '../auth/rate-limiter.js';
import { SessionRevocations } from '../auth/session-revocations.js';
import { PlayerSocketsService } from '../presence/player-sockets.service.js';
import { PresenceService } from '../presence/presence.service.js';
import { CommandHandoff } from '../rounds/bet-handoff.js';

/**
 * The api's Redis work on a Redis Cluster (3 masters, 3 replicas, started for this file): bet hand-off pipelines over
 * several partitions, presence and the socket cap (their scripts and MULTIs), the sign-in limits' scripts and the
 * session revocations, each with its real keys (no CROSSSLOT).
 */
describe('api on a Redis Cluster', () => {
  const prefix = testRedisPrefix();
  let cluster: LocalRedisCluster;
  let redis: RedisService;
  const config = () =>
    loadConfig({ REDIS_CLUSTER_NODES: cluster.clusterNodes, REDIS_PREFIX: prefix, RATE_LIMITS: 'true' });

  beforeAll(async () => {
    cluster = await startRedisCluster();
    redis = new RedisService(config());
    // The fail-fast connection refuses commands until the cluster's slots are known (as the bet intake gate sees).
    const failFast = redis.failFast;
    if (failFast.status !== 'ready') await new Promise((resolve) => failFast.once('ready', resolve));
  }, 60_000);
  afterAll(async () => {
    await redis?.onApplicationShutdown();
    await cluster?.stop();
  });

  it('hands bet commands over to several partitions (on several masters) in one go', async () => {
    const keys = redis.keys;
    const handoff = new CommandHandoff(() => redis.failFast, 50, 1000);
    const users = Array.from({ length: 12 }, (_, i) => `00000000-0000-7000-8000-${String(i).padStart(12, '0')}`);
    expect(new Set(users.map((u) => partitionOf(u, 4))).size).toBeGreaterThan(1);
    await Promise.all(users.map((u) => handoff.add(keys.betCommands(partitionOf(u, 4)), ['*', 'c', u])));
    let handed = 0;
    for (let p = 0; p < 4; p++) handed += await redis.client.xlen(keys.betCommands(p));
    expect(handed).toBe(12);
  });

  it('runs presence and the socket cap', async () => {
    const keys = redis.keys;
    const presence = new PresenceService(redis);
    const sockets = new PlayerSocketsService(redis, presence);
    await presence.heartbeat();
    presence.connected({ id: 'u1', role: 'user' });
    presence.connected({ id: 'a1', role: 'super-admin' });
    const until = Date.now() + 3000;
    while ((await presence.onlinePlayers()) !== 1 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect(await presence.onlinePlayers()).toBe(1);
    expect(await presence.isOnline({ id: 'u1', role: 'user' })).toBe(true);
    expect(await presence.isOnline({ id: 'a1', role: 'super-admin' })).toBe(true);
    // A heartbeat that finds its sets gone rewrites them (one MULTI).
    await redis.client.del(keys.presence(presence.nodeId));
    await presence.heartbeat();
    expect(await redis.client.sismember(keys.presence(presence.nodeId), 'u1')).toBe(1);

    sockets.cap = 2;
    expect(await sockets.connected('u1', 's1')).toEqual([]);
    expect(await sockets.connected('u1', 's2')).toEqual([]);
    expect(await sockets.connected('u1', 's3')).toEqual(['s1']);

    await presence.beforeApplicationShutdown();
    expect(await redis.client.zscore(keys.presenceNodes, presence.nodeId)).toBeNull();
    expect(await redis.client.exists(keys.presence(presence.nodeId))).toBe(0);
  });

  it('runs the sign-in limits and session revocations', async () => {
    const cfg = config();
    const backoff = new LoginBackoff(redis, cfg);
    const stepUp = new LoginStepUp(redis, cfg);
    const limiter = new RateLimiter(redis, cfg);
    const revocations = new SessionRevocations(redis, cfg);
    // An IPv6 client: the script takes its /64's, its /48's and the /48's clients' keys.
    for (const ip of ['2001:db8:1:2::5', '203.0.113.7']) {
      expect(await backoff.waitMs('someone@example.com', ip)).toBe(0);
      expect(await backoff.failed('someone@example.com', ip)).toBe(0);
      await backoff.succeeded('someone@example.com', ip);
    }
    expect(await stepUp.failed('someone@example.com')).toBe(1);
    expect(await stepUp.required('someone@example.com')).toBe(false);
    await limiter.hit('resetEmail', 'someone@example.com');
    await limiter.check('resetEmail', 'someone@example.com');
    await revocations.markRevoked(['s1', 's2', 's3', 's4']);
    expect(await revocations.isRevoked('s3')).toBe(true);
    expect(await revocations.isRevoked('s5')).toBe(false);
  });
});
