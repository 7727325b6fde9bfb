import { createAdapter } from '@socket.io/redis-adapter';
import { createServer } from 'node:http';
import { Cluster } from 'ioredis';
import { Server } from 'socket.io';
import { loadConfig } from '@app/config';
import { askArbiter, cancelCommands, cancelledCommands, claimCommands, releaseClaims } from '@app/bets';
import { appendMessages, EventsTail, partitionOf, type SocketMessage } from '@app/realtime';
import { LoginBackoff } from '../../../apps/api/src/auth/login-backoff.js';
import { LoginStepUp } from '../../../apps/api/src/auth/login-step-up.js';
import { RateLimiter } from '../../../apps/api/src/auth/rate-limiter.js';
import { SessionRevocations } from '../../../apps/api/src/auth/session-revocations.js';
import { PlayerSocketsService } from '../../../apps/api/src/presence/player-sockets.service.js';
import { PresenceService } from '../../../apps/api/src/presence/presence.service.js';
import { CommandHandoff } from '../../../apps/api/src/rounds/bet-handoff.js';
import { ResultsPublisher } from '../../../apps/round-engine/src/rounds/results-publisher.js';
import { FencedLease } from './lease.js';
import { hashTag, RedisKeys } from './redis-keys.js';
import { createRedis, RedisService } from './redis.service.js';
import { startRedisCluster, testRedisPrefix, type LocalRedisCluster } from './testing/index.js';

/**
 * On a Redis Cluster (3 masters, 3 replicas, started for this file): every Lua script, MULTI and multi-key command of
 * the product runs with its real keys (no CROSSSLOT), the connections of RedisService are cluster connections, and
 * the bet partitions' streams are spread over the masters.
 */
describe('on a Redis Cluster', () => {
  const prefix = testRedisPrefix();
  let cluster: LocalRedisCluster;
  let redis: RedisService;
  let keys: RedisKeys;
  const config = () =>
    loadConfig({ REDIS_CLUSTER_NODES: cluster.clusterNodes, REDIS_PREFIX: prefix, RATE_LIMITS: 'true' });

  beforeAll(async () => {
    cluster = await startRedisCluster();
    redis = new RedisService(config());
    keys = redis.keys;
  }, 60_000);
  afterAll(async () => {
    await redis?.onApplicationShutdown();
    await cluster?.stop();
  });

  it('gives cluster connections and hash-tagged keys under the deployment prefix', async () => {
    expect(redis.client).toBeInstanceOf(Cluster);
    expect(redis.failFast).toBeInstanceOf(Cluster);
    expect(keys.cluster).toBe(true);
    expect(await redis.client.set(`${prefix}probe`, '1')).toBe('OK');
    expect(await redis.failFast.get(`${prefix}probe`)).toBe('1');
    expect(keys.events).toBe(`${prefix}{events}:events`);
    expect(keys.betCommands(3)).toBe(`${prefix}{p3}:bets:cmd:3`);
    expect(keys.bullPrefix).toBe(`{${prefix}bull}`);
    // Single-node names are those of before.
    expect(new RedisKeys(prefix).events).toBe(`${prefix}events`);
    expect(new RedisKeys(prefix).betArbiter('u', 'c')).toBe(`${prefix}bet-arbiter:u:c`);
  });

  it('spreads the bet partitions over more than one master', async () => {
    const masters = new Set<string>();
    const slots = (await redis.client.cluster('SLOTS')) as Array<[number, number, [string, number]]>;
    for (let p = 0; p < 16; p++) {
      const slot = Number(await redis.client.cluster('KEYSLOT', keys.betCommands(p)));
      const [, , [host, port]] = slots.find(([from, to]) => slot >= from && slot <= to)!;
      masters.add(`${host}:${port}`);
    }
    expect(masters.size).toBe(3);
    // With the default 4 partitions too.
    const four = new Set(
      await Promise.all(
        [0, 1, 2, 3].map(async (p) => {
          const slot = Number(await redis.client.cluster('KEYSLOT', keys.betCommands(p)));
          return slots.findIndex(([from, to]) => slot >= from && slot <= to);
        }),
      ),
    );
    expect(four.size).toBeGreaterThan(1);
  });

  it('keeps together the keys each script or MULTI takes', () => {
    const same = (...list: string[]) => expect(new Set(list.map(hashTag)).size).toBe(1);
    same(keys.events, keys.results, keys.lease('round-clock'), keys.published('results', 'p1:0'));
    same(keys.presenceNodes, keys.presence('n1'), keys.presenceAdmins('n1'), keys.resultsOnline('p1'));
    same(keys.playerSockets('u1'), keys.presenceNodes);
    same(keys.betAsks('u1'), keys.betArbiter('u1', 'c1'), keys.betArbiter('u1', 'c2'));
    same(keys.presence('') + 'n1', keys.presence('n1'));
  });

  it('without the hash tags the same script is refused (CROSSSLOT, or by ioredis before sending): what the tags prevent', async () => {
    const untagged = new RedisKeys(prefix);
    await expect(
      redis.client.eval(
        "return redis.call('get', KEYS[1]) or redis.call('get', KEYS[2])",
        2,
        untagged.events,
        untagged.lease('round-clock'),
      ),
    ).rejects.toThrow(/CROSSSLOT|same slot/);
  });

  it('carries Socket.IO broadcasts between nodes with the classic adapter on cluster pub/sub', async () => {
    const servers = [new Server(createServer()), new Server(createServer())];
    for (const server of servers)
      server.adapter(
        createAdapter(redis.dedicated('socket.io-pub'), redis.dedicated('socket.io-sub'), { key: keys.socketIo }),
      );
    try {
      const heard = new Promise<unknown>((resolve) => servers[1]!.on('ping-nodes', resolve));
      await new Promise((r) => setTimeout(r, 300));
      servers[0]!.serverSideEmit('ping-nodes', 'hello');
      expect(await heard).toBe('hello');
    } finally {
      for (const server of servers) await server.close();
    }
  });

  it('hands bet commands over to several partitions at once, and the arbiter claims, releases and cancels them', async () => {
    const handoff = new CommandHandoff(() => redis.failFast, 50, 1000);
    const users = Array.from({ length: 12 }, (_, i) => `00000000-0000-7000-8000-${String(i).padStart(12, '0')}`);
    await Promise.all(users.map((u) => handoff.add(keys.betCommands(partitionOf(u, 4)), ['*', 'c', u])));
    let handed = 0;
    for (let p = 0; p < 4; p++) handed += await redis.client.xlen(keys.betCommands(p));
    expect(handed).toBe(12);

    const arbiter = users.map((u) => keys.betArbiter(u, 'cmd-1'));
    expect(await cancelCommands(redis.failFast, arbiter.slice(0, 2))).toEqual([true, true]);
    expect(await claimCommands(redis.client, arbiter, 'a1')).toEqual(arbiter.slice(0, 2));
    expect(await cancelCommands(redis.failFast, arbiter.slice(2, 4))).toEqual([false, false]);
    expect(await cancelledCommands(redis.client, arbiter)).toEqual(users.map((_, i) => i < 2));
    expect(await releaseClaims(redis.client, arbiter, 'a1')).toBe(10);
    expect(
      await askArbiter(redis.failFast, keys, users[5]!, [
        { commandId: 'cmd-1', mayCancel: true },
        { commandId: 'cmd-2', mayCancel: false },
        { commandId: 'cmd-3', mayCancel: true },
      ]),
    ).toEqual(['cancelled-now', 'unknown', 'cancelled-now']);
    expect(await askArbiter(redis.failFast, keys, users[0]!, [{ commandId: 'cmd-1', mayCancel: true }])).toEqual([
      'cancelled',
    ]);
  });

  it('publishes results once under the round clock lease, and a tail on a dedicated connection reads them', async () => {
    const received: SocketMessage[] = [];
    const tail = new EventsTail(redis.dedicated('test-tail'), keys.results, (m) => {
      received.push(...m.map((w) => w.toSocketMessage()));
    });
    await tail.start();
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
      await appendMessages(redis.client, keys.events, [{ room: null, event: 'tick', data: 1 }]);
      expect(await redis.client.xlen(keys.events)).toBe(2);
      const until = Date.now() + 5000;
      while (received.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      expect(received).toEqual([message]);
    } finally {
      await lease.stop();
      await tail.stop();
    }
  });

  it('runs presence, the socket cap and the online snapshot of results', async () => {
    const presence = new PresenceService(redis);
    const sockets = new PlayerSocketsService(redis, presence);
    await presence.heartbeat();
    presence.connected({ id: 'u1', role: 'user' });
    presence.connected({ id: 'a1', role: 'super-admin' });
    const until = Date.now() + 3000;
    while ((await presence.onlinePlayers()) !== 1 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect(await presence.onlinePlayers()).toBe(1);
    expect(await presence.isOnline({ id: 'u1', role: 'user' })).toBe(true);
    // A heartbeat that finds its sets gone rewrites them (one MULTI).
    await redis.client.del(keys.presence(presence.nodeId));
    await presence.heartbeat();
    expect(await redis.client.sismember(keys.presence(presence.nodeId), 'u1')).toBe(1);

    sockets.cap = 2;
    expect(await sockets.connected('u1', 's1')).toEqual([]);
    expect(await sockets.connected('u1', 's2')).toEqual([]);
    expect(await sockets.connected('u1', 's3')).toEqual(['s1']);

    const publisher = new ResultsPublisher(redis);
    expect(await publisher.onlineFor('period-9')).toEqual(['u1']);
    await publisher.forgetOnline('period-9');
    await presence.beforeApplicationShutdown();
    expect(await redis.client.zscore(keys.presenceNodes, presence.nodeId)).toBeNull();
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
    }
    expect(await stepUp.failed('someone@example.com')).toBe(1);
    await limiter.hit('resetEmail', 'someone@example.com');
    await limiter.check('resetEmail', 'someone@example.com');
    await revocations.markRevoked(['s1', 's2', 's3', 's4']);
    expect(await revocations.isRevoked('s3')).toBe(true);
    expect(await revocations.isRevoked('s5')).toBe(false);
  });

  it('a plain createRedis on the cluster follows redirections', async () => {
    const client = createRedis({ url: 'redis://127.0.0.1', clusterNodes: cluster.nodes.slice(0, 1) });
    try {
      for (let p = 0; p < 4; p++) await client.xadd(keys.betCommands(p), '*', 'f', 'v');
      expect(await client.xlen(keys.betCommands(3))).toBeGreaterThan(0);
    } finally {
      client.disconnect();
    }
  });
});
