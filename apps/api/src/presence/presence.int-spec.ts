import { jest } from '@jest/globals';
import type { Socket } from 'socket.io-client';
import { createTestDatabase, type TestDatabase } from '@app/db/testing';
import { RedisService } from '@app/redis';
import { deleteRedisPrefix, testRedisPrefix } from '@app/redis/testing';
import { connected, createUser, startTestApi, TEST_API_KEY, type TestApi, type TestUser } from '@app/testing';
import { PresenceService } from './presence.service.js';

jest.setTimeout(60_000);

/** Short heartbeat and expiry, so a dead node's users stop counting within a second or so. */
const FAST = { heartbeatMs: 150, ttlMs: 900 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `read()` returns `expected` (presence writes are asynchronous), or fails with the last value. */
async function eventually<T>(read: () => Promise<T>, expected: T, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = await read();
  while (JSON.stringify(last) !== JSON.stringify(expected) && Date.now() < deadline) {
    await sleep(50);
    last = await read();
  }
  expect(last).toEqual(expected);
  return last;
}

describe('presence: online players across api nodes', () => {
  // Four nodes of one deployment (same database, same Redis prefix). `d` is shut down cleanly and `c` dies in
  // the tests. Nodes in one process share passport's strategy registry, which the last node started owns: `d`
  // starts first so that shutting it down leaves the others able to check tokens.
  let d: TestApi;
  let a: TestApi;
  let b: TestApi;
  let c: TestApi;
  let admin: TestUser;
  let database: TestDatabase;
  const prefix = testRedisPrefix();

  beforeAll(async () => {
    database = await createTestDatabase();
    const sameDeployment = { database, env: { REDIS_PREFIX: prefix } };
    d = await startTestApi(sameDeployment);
    a = await startTestApi(sameDeployment);
    b = await startTestApi(sameDeployment);
    c = await startTestApi(sameDeployment);
    for (const node of [a, b, c]) await node.app.get(PresenceService).setTimings(FAST);
    // A long expiry on d: only its clean-up can make its users drop quickly.
    await d.app.get(PresenceService).setTimings({ heartbeatMs: 5000, ttlMs: 60_000 });
    admin = await createUser(a, { role: 'super-admin' });
  });
  afterAll(async () => {
    for (const node of [c, b, a]) await node.close();
    await d.close().catch(() => undefined);
    await database.drop();
    await deleteRedisPrefix(prefix);
  });

  const connect = (node: TestApi, user: TestUser) =>
    connected(node.socket({ apiKey: TEST_API_KEY, token: user.token }) as unknown as Socket);
  const disconnect = async (socket: Socket) => {
    socket.disconnect();
    await sleep(20);
  };

  /** totalOnlineUsers as the admin dashboard of `node` reports it. */
  const online = async (node: TestApi) => {
    const res = await node.request('GET', '/api/v1/admin/dashboard', { token: admin.token });
    expect(res.status).toBe(200);
    return res.body.data.stats.totalOnlineUsers as number;
  };
  const onlineOnBoth = async () => [await online(a), await online(b)];
  const adminStatus = async (node: TestApi, who = admin) => {
    const res = await node.request('GET', '/api/v1/admin/admin-profile', { token: who.token });
    expect(res.status).toBe(200);
    return res.body.data.admin.status as string;
  };

  it('counts distinct signed-in players with a live socket on any node; admins are not players', async () => {
    const [p1, p2, p3] = [await createUser(a), await createUser(a), await createUser(a)];
    await eventually(onlineOnBoth, [0, 0]);

    const s1 = await connect(a, p1);
    const s2 = await connect(b, p2);
    // p3 on both nodes, twice on A: one player.
    const s3a = await connect(a, p3);
    const s3a2 = await connect(a, p3);
    const s3b = await connect(b, p3);
    const sAdmin = await connect(b, admin);
    await eventually(onlineOnBoth, [3, 3]);
    expect(await a.app.get(PresenceService).onlinePlayers()).toBe(3);

    // p3 leaves A with one socket, then the other: still online through B.
    await disconnect(s3a);
    await disconnect(s3a2);
    await sleep(300);
    expect(await onlineOnBoth()).toEqual([3, 3]);
    await disconnect(s3b);
    await eventually(onlineOnBoth, [2, 2]);

    await disconnect(s1);
    await disconnect(s2);
    await disconnect(sAdmin);
    await eventually(onlineOnBoth, [0, 0]);
  });

  it("the admin profile is 'online' while the admin has a live socket on any node", async () => {
    expect(await adminStatus(a)).toBe('offline');
    const socket = await connect(b, admin);
    await eventually(() => adminStatus(a), 'online');
    expect(await adminStatus(b)).toBe('online');
    // A second admin account with no socket is offline.
    const other = await createUser(a, { role: 'super-admin' });
    expect(await adminStatus(a, other)).toBe('offline');
    await disconnect(socket);
    await eventually(() => adminStatus(a), 'offline');
  });

  it('a node that dies without cleaning up: its users stop counting within the expiry, the others stay', async () => {
    const presence = c.app.get(PresenceService);
    const [onlyOnC, onBoth] = [await createUser(a), await createUser(a)];
    const onA = await connect(a, onBoth);
    await connect(c, onlyOnC);
    await connect(c, onBoth);
    await connect(c, admin);
    await eventually(onlineOnBoth, [2, 2]);
    await eventually(() => adminStatus(a), 'online');

    // The process freezes or is killed: no heartbeat, no clean-up, its sockets never say goodbye.
    presence.halt();
    const halted = Date.now();
    await eventually(onlineOnBoth, [1, 1], 3000);
    expect(Date.now() - halted).toBeLessThan(FAST.ttlMs + 1500);
    expect(await adminStatus(a)).toBe('offline');
    // Its sets expire on their own too.
    const redis = c.app.get(RedisService);
    await eventually(() => redis.client.exists(redis.keys.presence(presence.nodeId)), 0, 3000);

    await disconnect(onA);
    await eventually(onlineOnBoth, [0, 0]);
  });

  it('a node shutting down cleanly removes its users at once', async () => {
    const player = await createUser(a);
    await connect(d, player);
    await eventually(onlineOnBoth, [1, 1]);
    await d.close();
    expect(await onlineOnBoth()).toEqual([0, 0]);
  });

  it('a node whose set Redis lost writes it again from memory on its next heartbeat', async () => {
    const player = await createUser(a);
    const socket = await connect(b, player);
    await eventually(onlineOnBoth, [1, 1]);
    const presence = b.app.get(PresenceService);
    const redis = b.app.get(RedisService);
    await presence.setTimings({ heartbeatMs: 60_000, ttlMs: 60_000 });
    await redis.client.del(redis.keys.presence(presence.nodeId));
    expect(await online(a)).toBe(0);
    await presence.heartbeat();
    expect(await online(a)).toBe(1);
    await presence.setTimings(FAST);
    await disconnect(socket);
    await eventually(onlineOnBoth, [0, 0]);
  });
});
