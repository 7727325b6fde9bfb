import type { Socket } from 'socket.io-client';
import { MAX_SOCKETS_PER_PLAYER, SOCKET_REPLACED_MESSAGE } from '@app/contracts';
import { createTestDatabase, type TestDatabase } from '@app/db/testing';
import { RedisService } from '@app/redis';
import { deleteRedisPrefix, testRedisPrefix } from '@app/redis/testing';
import { connected, createUser, startTestApi, TEST_API_KEY, type TestApi, type TestUser } from '@app/testing';
import { PresenceService } from './presence.service.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually<T>(read: () => Promise<T> | T, done: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await sleep(25);
    value = await read();
  }
  return value;
}

/** A real Socket.IO client that records what it receives and why it was closed. */
interface Client {
  socket: Socket;
  exceptions: string[];
  closedBy?: string;
}

describe('at most five live sockets per player, across api nodes', () => {
  // Three nodes of one deployment (same database and Redis prefix). `c` stops heartbeating in the last test; it
  // starts first so that it does not own passport's shared strategy registry.
  let c: TestApi;
  let a: TestApi;
  let b: TestApi;
  let database: TestDatabase;
  const prefix = testRedisPrefix();

  beforeAll(async () => {
    database = await createTestDatabase();
    const sameDeployment = { database, env: { REDIS_PREFIX: prefix } };
    c = await startTestApi(sameDeployment);
    a = await startTestApi(sameDeployment);
    b = await startTestApi(sameDeployment);
  });
  afterAll(async () => {
    for (const node of [b, a, c]) await node.close();
    await database.drop();
    await deleteRedisPrefix(prefix);
  });

  const listed = (user: TestUser) =>
    a.app.get(RedisService).client.zcard(a.app.get(RedisService).keys.playerSockets(user.id));

  const connect = async (node: TestApi, user: TestUser): Promise<Client> => {
    const socket = node.socket({ apiKey: TEST_API_KEY, token: user.token }) as unknown as Socket;
    const client: Client = { socket, exceptions: [] };
    socket.on('exception', (e: { message: string }) => client.exceptions.push(e.message));
    socket.on('disconnect', (reason) => (client.closedBy = reason));
    await connected(socket);
    return client;
  };
  /** Connects one socket and waits until its player's list holds it (so the order of connections is known). */
  const connectInOrder = async (node: TestApi, user: TestUser, listedAfter: number) => {
    const client = await connect(node, user);
    expect(
      await eventually(
        () => listed(user),
        (n) => n === listedAfter,
      ),
    ).toBe(listedAfter);
    return client;
  };
  /** A socket still answers: it is live on its node. */
  const answers = (client: Client) =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 2000);
      client.socket.once('balance-update', () => {
        clearTimeout(timer);
        resolve(true);
      });
      client.socket.emit('get-balance');
    });

  it('a sixth socket closes the oldest one (on another node), which is told why; the five newest stay live', async () => {
    const player = await createUser(a, { main: 10_000 });
    const other = await createUser(a);
    const first: Client[] = [];
    for (let i = 0; i < MAX_SOCKETS_PER_PLAYER; i++)
      first.push(await connectInOrder(i % 2 === 0 ? a : b, player, i + 1));
    const bystander = await connect(b, other);

    // The oldest is on node a; the sixth connects on node b.
    const sixth = await connect(b, player);
    const oldest = first[0]!;
    expect(
      await eventually(
        () => oldest.closedBy,
        (reason) => reason !== undefined,
      ),
    ).toBe('io server disconnect');
    expect(oldest.exceptions).toEqual([SOCKET_REPLACED_MESSAGE]);
    const live = [...first.slice(1), sixth];
    for (const client of live) expect(await answers(client)).toBe(true);
    expect(live.map((client) => client.closedBy)).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(await listed(player)).toBe(MAX_SOCKETS_PER_PLAYER);

    // A seventh, on node a, closes the next oldest (on node b).
    const seventh = await connect(a, player);
    expect(
      await eventually(
        () => first[1]!.closedBy,
        (reason) => reason !== undefined,
      ),
    ).toBe('io server disconnect');
    expect(first[1]!.exceptions).toEqual([SOCKET_REPLACED_MESSAGE]);
    for (const client of [...first.slice(2), sixth, seventh]) expect(await answers(client)).toBe(true);
    // Another player's socket is untouched.
    expect(bystander.closedBy).toBeUndefined();
    expect(await answers(bystander)).toBe(true);

    // A socket that closes leaves the list: a new one then closes nobody.
    seventh.socket.disconnect();
    expect(
      await eventually(
        () => listed(player),
        (n) => n === MAX_SOCKETS_PER_PLAYER - 1,
      ),
    ).toBe(MAX_SOCKETS_PER_PLAYER - 1);
    const again = await connect(b, player);
    await sleep(300);
    expect([...first.slice(2), sixth, again].map((client) => client.closedBy)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    for (const client of [...first.slice(2), sixth, again]) client.socket.disconnect();
    bystander.socket.disconnect();
  });

  it('twelve sockets of one player connecting at once on two nodes leave exactly five live', async () => {
    const player = await createUser(a);
    const clients = await Promise.all(Array.from({ length: 12 }, (_, i) => connect(i % 2 === 0 ? a : b, player)));
    const closed = await eventually(
      () => clients.filter((client) => client.closedBy !== undefined).length,
      (n) => n === 12 - MAX_SOCKETS_PER_PLAYER,
    );
    expect(closed).toBe(12 - MAX_SOCKETS_PER_PLAYER);
    await sleep(300);
    const live = clients.filter((client) => client.closedBy === undefined);
    expect(live).toHaveLength(MAX_SOCKETS_PER_PLAYER);
    for (const client of live) expect(await answers(client)).toBe(true);
    for (const client of clients.filter((c) => c.closedBy !== undefined))
      expect(client.exceptions).toEqual([SOCKET_REPLACED_MESSAGE]);
    expect(await listed(player)).toBe(MAX_SOCKETS_PER_PLAYER);
    for (const client of live) client.socket.disconnect();
  });

  it('the sockets of a node that died without closing them do not take the places of live ones', async () => {
    for (const node of [a, b, c]) await node.app.get(PresenceService).setTimings({ heartbeatMs: 150, ttlMs: 900 });
    const player = await createUser(a);
    // Two live sockets on a, then three newer ones on c.
    const older = [await connectInOrder(a, player, 1), await connectInOrder(a, player, 2)];
    for (let i = 0; i < 3; i++) await connectInOrder(c, player, i + 3);
    // Node c freezes or is killed: no heartbeat, its sockets never say goodbye.
    c.app.get(PresenceService).halt();
    await sleep(1200);
    const newer: Client[] = [];
    for (let i = 0; i < 3; i++) newer.push(await connect(a, player));
    await sleep(300);
    // Five live sockets: none is closed (the dead node's three no longer count).
    const live = [...older, ...newer];
    expect(live.map((client) => client.closedBy)).toEqual([undefined, undefined, undefined, undefined, undefined]);
    for (const client of live) expect(await answers(client)).toBe(true);
    expect(await listed(player)).toBe(MAX_SOCKETS_PER_PLAYER);
    for (const client of live) client.socket.disconnect();
  });
});
