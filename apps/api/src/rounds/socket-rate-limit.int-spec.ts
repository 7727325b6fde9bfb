import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@app/contracts';
import { createUser, startTestApi, TEST_API_KEY, type TestApi, type TestUser } from '@app/testing';
import { PLAYER_BET_RATE_LIMIT, SLOW_DOWN, SOCKET_RATE_LIMIT } from './rounds.gateway.js';

type GameSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A real Socket.IO client that counts what it receives and records when and why it was closed. */
class Client {
  readonly received = new Map<string, number>();
  exceptions: string[] = [];
  closedAt?: number;
  closedBy?: string;
  constructor(readonly socket: GameSocket) {
    socket.onAny((event) => this.received.set(event, (this.received.get(event) ?? 0) + 1));
    socket.on('exception', (e) => this.exceptions.push(e.message));
    socket.on('disconnect', (reason) => {
      this.closedAt = Date.now();
      this.closedBy = reason;
    });
  }
  static async connect(api: TestApi, user: TestUser): Promise<Client> {
    const client = new Client(api.socket({ apiKey: TEST_API_KEY, token: user.token }) as GameSocket);
    await new Promise<void>((resolve, reject) => {
      client.socket.once('connect', resolve);
      client.socket.once('connect_error', reject);
    });
    return client;
  }
  count(event: string): number {
    return this.received.get(event) ?? 0;
  }
}

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await sleep(10);
}

describe('socket rate limits', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('disconnects a flooding socket within a second, and answers its dropped messages with one notice, not each', async () => {
    const client = await Client.connect(api, await createUser(api));
    const started = Date.now();
    for (let i = 0; i < 1000; i++) client.socket.emit('get-balance');
    await until(() => client.closedBy !== undefined, 3000);
    expect(client.closedBy).toBe('io server disconnect');
    expect(client.closedAt! - started).toBeLessThan(1000);
    // At most the burst was served; of some 980 dropped messages, one was answered (a single slow-down notice).
    expect(client.count('balance-update')).toBeLessThanOrEqual(SOCKET_RATE_LIMIT.burst + 1);
    expect(client.exceptions).toEqual([SLOW_DOWN]);
  });

  it('cuts off a socket that keeps sending at three times its allowance within two seconds, with a notice a second', async () => {
    const client = await Client.connect(api, await createUser(api));
    const started = Date.now();
    // 30 messages a second (one every 33 ms) until the server closes the socket, for at most 5 s.
    while (client.closedBy === undefined && Date.now() - started < 5000) {
      client.socket.emit('get-balance');
      await sleep(33);
    }
    expect(client.closedBy).toBe('io server disconnect');
    // Its burst of 20 runs out after about a second; it is cut off well within the second after that.
    expect(client.closedAt! - started).toBeLessThan(2500);
    expect(client.exceptions.length).toBeGreaterThanOrEqual(1);
    expect(client.exceptions.length).toBeLessThanOrEqual(3);
    expect(new Set(client.exceptions)).toEqual(new Set([SLOW_DOWN]));
  });

  it('never refuses or cuts off a client within its allowance', async () => {
    const client = await Client.connect(api, await createUser(api));
    // 8 a second for 4 seconds, after a burst of 15 at connect.
    for (let i = 0; i < 15; i++) client.socket.emit('get-balance');
    for (let i = 0; i < 32; i++) {
      client.socket.emit('get-balance');
      await sleep(125);
    }
    await until(() => client.count('balance-update') === 47, 2000);
    expect(client.count('balance-update')).toBe(47);
    expect(client.exceptions).toEqual([]);
    expect(client.closedBy).toBeUndefined();
    client.socket.disconnect();
  });

  it('limits place-bet per player across all of the player’s sockets, not per socket', async () => {
    const player = await createUser(api, { main: 100_000 });
    const clients = await Promise.all(Array.from({ length: 5 }, () => Client.connect(api, player)));
    const started = Date.now();
    // Four bets from each of five sockets at once: each socket is well within its own limit (20 at once).
    // Every bet that passes the limits is answered (these are refused as invalid, which needs no round engine).
    for (const client of clients) for (let i = 0; i < 4; i++) client.socket.emit('place-bet', 'not an object' as never);
    await sleep(300);
    const answered = () => clients.reduce((sum, client) => sum + client.count('bet-message'), 0);
    const allowance = (ms: number) =>
      PLAYER_BET_RATE_LIMIT.burst + Math.floor((ms / 1000) * PLAYER_BET_RATE_LIMIT.perSecond);
    expect(answered()).toBeGreaterThanOrEqual(PLAYER_BET_RATE_LIMIT.burst);
    expect(answered()).toBeLessThanOrEqual(allowance(Date.now() - started));
    // The dropped bets got at most one notice per socket, and no socket was cut off.
    for (const client of clients) expect(client.exceptions.length).toBeLessThanOrEqual(1);
    expect(clients.map((client) => client.closedBy)).toEqual([undefined, undefined, undefined, undefined, undefined]);
    // Other messages are not held back by the bet limit.
    for (const client of clients) client.socket.emit('get-balance');
    await until(() => clients.every((client) => client.count('balance-update') === 1), 2000);
    expect(clients.map((client) => client.count('balance-update'))).toEqual([1, 1, 1, 1, 1]);

    // A second later the player's allowance has refilled by five bets a second, no more.
    await sleep(1000);
    const before = answered();
    const again = Date.now();
    for (const client of clients) for (let i = 0; i < 2; i++) client.socket.emit('place-bet', 'not an object' as never);
    await sleep(300);
    const passed = answered() - before;
    expect(passed).toBeGreaterThanOrEqual(PLAYER_BET_RATE_LIMIT.perSecond);
    expect(answered()).toBeLessThanOrEqual(allowance(Date.now() - started));
    expect(passed).toBeLessThan(10);
    expect(Date.now() - again).toBeLessThan(1000);
    for (const client of clients) client.socket.disconnect();
  });
});
