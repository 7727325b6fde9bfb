import { createAdapter } from '@socket.io/redis-adapter';
import { createServer } from 'node:http';
import { Cluster } from 'ioredis';
import { Server } from 'socket.io';
import { loadConfig } from '@app/config';
import { askArbiter, cancelCommands, cancelledCommands, claimCommands, releaseClaims } from '@app/bets';
import { appendMessages, EventsTail, type SocketMessage } from '@app/realtime';
import { FencedLease } from './lease.js';
import { hashTag, RedisKeys } from './redis-keys.js';
import { createRedis, RedisService } from './redis.service.js';
import { startRedisCluster, testRedisPrefix, type LocalRedisCluster } from './testing/index.js';

/**
 * On a Redis Cluster (3 masters, 3 replicas, started for this file): the connections of RedisService are cluster
 * connections, the libraries' scripts (leases: lease.int-spec; bet arbiter; events streams) run with their real keys
 * (no CROSSSLOT), the bet partitions' streams are spread over the masters, and Socket.IO's adapter carries broadcasts
 * between nodes. The api's scripts: apps/api/src/realtime/redis-cluster.int-spec; the engine's results publisher:
 * apps/round-engine/src/rounds/results-publisher.cluster.int-spec.
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
    // The fail-fast connection refuses commands until the cluster's slots are known (as the bet intake gate sees).
    const failFast = redis.failFast;
    if (failFast.status !== 'ready') await new Promise((resolve) => failFast.once('ready', resolve));
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
    const slots = (await redis.client.cluster('SLOTS')) as unknown as Array<[number, number, [string, number]]>;
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
      // Sent again until heard: the subscriptions settle on the cluster a moment after the adapters are made.
      const sending = setInterval(() => servers[0]!.serverSideEmit('ping-nodes', 'hello'), 200);
      try {
        expect(await heard).toBe('hello');
      } finally {
        clearInterval(sending);
      }
    } finally {
      for (const server of servers) await server.close();
    }
  });

  it('the bet arbiter claims, releases and cancels the commands of many players at once', async () => {
    const users = Array.from({ length: 12 }, (_, i) => `00000000-0000-7000-8000-${String(i).padStart(12, '0')}`);
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

  it('appends to the events streams once under the round clock lease; a tail on a dedicated connection reads them', async () => {
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
      const message: SocketMessage = { room: 'user:u1', event: 'bet-result', data: { ok: true } };
      const once = {
        lease: { key: lease.key, value: lease.value! },
        record: keys.published('results', 'period-1:0'),
        recordTtlMs: 60_000,
      };
      expect(await appendMessages(redis.client, keys.results, [message], { once })).toBe('appended');
      expect(await appendMessages(redis.client, keys.results, [message], { once })).toBe('already');
      const stale = { ...once, lease: { key: lease.key, value: 'engine-b#1' } };
      expect(await appendMessages(redis.client, keys.events, [message], { once: stale })).toBe('not-leader');
      await appendMessages(redis.client, keys.events, [{ room: null, event: 'tick', data: 1 }]);
      expect(await redis.client.xlen(keys.events)).toBe(1);
      const until = Date.now() + 5000;
      while (received.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      expect(received).toEqual([message]);
    } finally {
      await lease.stop();
      await tail.stop();
    }
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
