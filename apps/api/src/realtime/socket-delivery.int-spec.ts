import { randomUUID } from 'node:crypto';
import { COMMITMENTS_ROOM, EventsPublisher, userRoom } from '@app/realtime';
import { ApiMetrics } from '../metrics/api-metrics.service.js';
import { RoundsGateway } from '../rounds/rounds.gateway.js';
import { RealtimeGateway } from './realtime.gateway.js';
import { BROADCAST_GATHER_MS, SocketDeliveryService } from './socket-delivery.service.js';
import { createUser, startTestApi, TEST_API_KEY, type TestApi } from '@app/testing';

describe('events stream → sockets on every api node', () => {
  let a: TestApi;
  let b: TestApi;
  beforeAll(async () => {
    a = await startTestApi();
    b = await startTestApi({ database: a.database, env: { REDIS_PREFIX: a.config.REDIS_PREFIX } });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  const connected = (api: TestApi) =>
    new Promise<ReturnType<TestApi['socket']>>((resolve, reject) => {
      void createUser(a).then(({ token }) => {
        const socket = api.socket({ apiKey: TEST_API_KEY, token });
        socket.on('connect', () => resolve(socket));
        socket.on('connect_error', reject);
      }, reject);
    });

  it('delivers a broadcast once to each socket, whichever node holds it', async () => {
    const onA = await connected(a);
    const onB = await connected(b);
    const received: string[] = [];
    onA.on('next-period-id', () => received.push('a'));
    onB.on('next-period-id', () => received.push('b'));
    await new Promise((r) => setTimeout(r, 100));
    await a.app
      .get(EventsPublisher)
      .publish([{ room: null, event: 'next-period-id', data: { periodId: '202611210001' } }]);
    await new Promise((r) => setTimeout(r, 300));
    expect(received.sort()).toEqual(['a', 'b']);
  });

  it("measures how far each stream's delivery lags its appends (wr_events_delivery_lag_seconds)", async () => {
    const observed = async (api: TestApi, stream: string) => {
      const { values } = await api.app.get(ApiMetrics).deliveryLag.get();
      const count = values.find((v) => v.metricName?.endsWith('_count') && v.labels.stream === stream);
      return count?.value ?? 0;
    };
    const before = { events: await observed(b, 'events'), results: await observed(b, 'results') };
    const publisher = a.app.get(EventsPublisher);
    await publisher.publish([{ room: null, event: 'next-period-id', data: { periodId: '202611210002' } }]);
    await publisher.publish(
      [{ room: userRoom(randomUUID()), event: 'balance-update', data: { balance: 1 } }],
      [],
      'results',
    );
    for (let waited = 0; waited < 3000; waited += 50) {
      if ((await observed(b, 'events')) > before.events && (await observed(b, 'results')) > before.results) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    // Each node times every entry it reads, whether or not it holds a socket the entry is for.
    expect(await observed(b, 'events')).toBe(before.events + 1);
    expect(await observed(b, 'results')).toBe(before.results + 1);
  });

  it('delivers a bet commitment only to the sockets that asked for it with watch-commitments, on every node, until they unwatch', async () => {
    const [watcherA, watcherB, player] = [await connected(a), await connected(b), await connected(a)];
    const got: string[] = [];
    watcherA.on('bets-committed', (d: { periodId: string }) => got.push(`a ${d.periodId}`));
    watcherB.on('bets-committed', (d: { periodId: string }) => got.push(`b ${d.periodId}`));
    player.on('bets-committed', (d: { periodId: string }) => got.push(`player ${d.periodId}`));
    watcherA.emit('watch-commitments');
    watcherB.emit('watch-commitments');
    await new Promise((r) => setTimeout(r, 200));
    const commit = (periodId: string) =>
      a.app
        .get(EventsPublisher)
        .publish([
          { room: COMMITMENTS_ROOM, event: 'bets-committed', data: { periodId, root: 'ab'.repeat(32), count: 1 } },
        ]);
    await commit('202611210001');
    await new Promise((r) => setTimeout(r, 300));
    expect(got.sort()).toEqual(['a 202611210001', 'b 202611210001']);
    watcherB.emit('unwatch-commitments');
    await new Promise((r) => setTimeout(r, 200));
    await commit('202611210002');
    await new Promise((r) => setTimeout(r, 300));
    expect(got.sort()).toEqual(['a 202611210001', 'a 202611210002', 'b 202611210001']);
  });

  it('delivers broadcasts published back to back to every socket, in the order published', async () => {
    const sockets = await Promise.all([connected(a), connected(a), connected(b)]);
    const got = sockets.map(() => [] as string[]);
    sockets.forEach((socket, i) =>
      socket.on('next-period-id', (data: { periodId: string }) => got[i]!.push(data.periodId)),
    );
    await new Promise((r) => setTimeout(r, 100));
    const ids = ['202611210001', '202611210002', '202611210003'];
    for (const periodId of ids)
      await a.app.get(EventsPublisher).publish([{ room: null, event: 'next-period-id', data: { periodId } }]);
    await new Promise((r) => setTimeout(r, 500));
    expect(got).toEqual(sockets.map(() => ids));
  });

  it("reads only what concerns it: a room with a socket here, every socket's messages and commands' answers; the rest is skipped unread", async () => {
    const [onA, onB] = [await connected(a), await connected(b)];
    const [roomA, roomB, away] = [userRoom(randomUUID()), userRoom(randomUUID()), userRoom(randomUUID())];
    a.app.get(RealtimeGateway).server.in(onA.id!).socketsJoin(roomA);
    b.app.get(RealtimeGateway).server.in(onB.id!).socketsJoin(roomB);
    const handed = new Map<string, string[]>();
    for (const [name, api] of [
      ['a', a],
      ['b', b],
    ] as const) {
      const delivery = api.app.get(SocketDeliveryService);
      const deliver = delivery.deliver.bind(delivery);
      handed.set(name, []);
      delivery.deliver = async (chunk) => {
        for (const m of chunk)
          if (m.event === 'balance-update' || m.event === 'bet-message' || m.event === 'game-result')
            handed
              .get(name)!
              .push(`${m.event}:${m.room === null ? 'all' : m.room === roomA ? 'A' : m.room === roomB ? 'B' : 'away'}`);
        return deliver(chunk);
      };
    }
    const got = { a: [] as string[], b: [] as string[] };
    onA.on('balance-update', (d: { balance: number }) => got.a.push(`balance ${d.balance}`));
    onB.on('balance-update', (d: { balance: number }) => got.b.push(`balance ${d.balance}`));
    await new Promise((r) => setTimeout(r, 100));
    await a.app.get(EventsPublisher).publish([
      { room: roomA, event: 'balance-update', data: { balance: 1, mainBalance: 1, bonusBalance: 0 } },
      { room: roomB, event: 'balance-update', data: { balance: 2, mainBalance: 2, bonusBalance: 0 } },
      { room: away, event: 'balance-update', data: { balance: 3, mainBalance: 3, bonusBalance: 0 } },
      {
        room: away,
        event: 'bet-message',
        data: { success: true, message: 'Bet placed successfully.', periodId: '202611210001', commandId: randomUUID() },
      },
      { room: null, event: 'game-result', data: { periodId: '202611210001' } },
    ]);
    for (let waited = 0; (got.a.length === 0 || got.b.length === 0) && waited < 5_000; waited += 50)
      await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 200));
    expect(got).toEqual({ a: ['balance 1'], b: ['balance 2'] });
    // Each node was handed its own room's message, the command's answer (its intake hears of every one) and the broadcast.
    expect(handed.get('a')).toEqual(['balance-update:A', 'bet-message:away', 'game-result:all']);
    expect(handed.get('b')).toEqual(['balance-update:B', 'bet-message:away', 'game-result:all']);
    for (const api of [a, b]) delete (api.app.get(SocketDeliveryService) as { deliver?: unknown }).deliver;
  });

  it('lets the event loop turn while it writes a large chunk, and still delivers all of it in order', async () => {
    const socket = await connected(b);
    const room = userRoom(randomUUID());
    b.app.get(RealtimeGateway).server.in(socket.id!).socketsJoin(room);
    const got: number[] = [];
    socket.on('balance-update', (data: { balance: number }) => got.push(data.balance));
    await new Promise((r) => setTimeout(r, 100));
    const chunk = Array.from({ length: 100_000 }, (_, i) => ({
      room,
      event: 'balance-update',
      data: { balance: i, mainBalance: i, bonusBalance: 0 },
    }));
    let turns = 0;
    let counting = true;
    const count = () => {
      if (!counting) return;
      turns++;
      setImmediate(count);
    };
    setImmediate(count);
    await b.app.get(SocketDeliveryService).deliver(chunk);
    counting = false;
    // 100,000 frames take several slices even at their longest (50 ms, when the loop is busy): the loop turned in
    // between (no single long stall). With 30,000, a fast box wrote the rest in one 50-ms slice after the first.
    expect(turns).toBeGreaterThan(1);
    for (let waited = 0; got.length < chunk.length && waited < 20_000; waited += 100)
      await new Promise((r) => setTimeout(r, 100));
    expect(got).toEqual(chunk.map((m) => m.data.balance));
  });

  /** Counts the writes (system calls) to the TCP socket under a client's server-side websocket. */
  const countWrites = (api: TestApi, socketId: string) => {
    const server = api.app.get(RealtimeGateway).server;
    const conn = server.of('/').sockets.get(socketId)!.conn as unknown as {
      transport: { socket: { _socket: Record<string, (...args: unknown[]) => unknown> } };
    };
    const tcp = conn.transport.socket._socket;
    const counted = { writes: 0, restore: () => {} };
    const originals = { _write: tcp._write!, _writev: tcp._writev! };
    for (const name of ['_write', '_writev'] as const) {
      tcp[name] = function (this: unknown, ...args: unknown[]) {
        counted.writes++;
        return originals[name].apply(this, args);
      };
    }
    counted.restore = () => Object.assign(tcp, originals);
    return counted;
  };

  it("writes a player's messages of one chunk (a round's results and balance) to its socket in one write", async () => {
    const socket = await connected(b);
    const room = userRoom(randomUUID());
    b.app.get(RealtimeGateway).server.in(socket.id!).socketsJoin(room);
    const got: string[] = [];
    socket.on('bet-result', (data) => void got.push(data.betId ?? ''));
    socket.on('balance-update', () => got.push('balance'));
    await new Promise((r) => setTimeout(r, 200));
    const counted = countWrites(b, socket.id!);
    const betIds = [randomUUID(), randomUUID(), randomUUID()];
    await b.app.get(SocketDeliveryService).deliver([
      ...betIds.map((betId) => ({
        room,
        event: 'bet-result',
        data: { betId, periodId: '202611210001', win: false, winAmount: 0 },
      })),
      { room, event: 'balance-update', data: { balance: 10, mainBalance: 10, bonusBalance: 0 } },
    ]);
    await new Promise((r) => setTimeout(r, 300));
    counted.restore();
    expect(got).toEqual([...betIds, 'balance']);
    expect(counted.writes).toBe(1);
  });

  it('answers the balance and the current bets a screen asks for together (each period) in one write, and each to its own socket', async () => {
    const [one, two] = [await connected(a), await connected(a)];
    const got = new Map<unknown, string[]>([
      [one, []],
      [two, []],
    ]);
    for (const socket of [one, two]) {
      socket.on('balance-update', (d: { balance: number }) => got.get(socket)!.push(`balance ${d.balance}`));
      socket.on('current-bet-response', (bets: unknown[]) => got.get(socket)!.push(`bets ${bets.length}`));
    }
    await new Promise((r) => setTimeout(r, 200));
    const counted = [countWrites(a, one.id!), countWrites(a, two.id!)];
    const gateway = a.app.get(RoundsGateway);
    const sockets = a.app.get(RealtimeGateway).server.of('/').sockets;
    // As when both requests are read from one socket in one turn, for two sockets at once.
    await Promise.all(
      [one, two].flatMap((s) => {
        const socket = sockets.get(s.id!)! as unknown as Parameters<RoundsGateway['balance']>[0];
        return [gateway.balance(socket), gateway.currentBet(socket)];
      }),
    );
    await new Promise((r) => setTimeout(r, 300));
    for (const c of counted) c.restore();
    expect([got.get(one), got.get(two)]).toEqual([
      ['balance 0', 'bets 0'],
      ['balance 0', 'bets 0'],
    ]);
    expect(counted.map((c) => c.writes)).toEqual([1, 1]);
  });

  it("gathers broadcasts published a moment apart (a round's result, the next period) into one write per socket", async () => {
    const socket = await connected(a);
    const got: string[] = [];
    socket.on('game-result', () => got.push('game-result'));
    socket.on('next-period-id', () => got.push('next-period-id'));
    await new Promise((r) => setTimeout(r, 200));
    const counted = countWrites(a, socket.id!);
    const delivery = a.app.get(SocketDeliveryService);
    await delivery.deliver([{ room: null, event: 'game-result', data: { periodId: '202611210001', number: 3 } }]);
    // The next period's announcement late, as from a busy engine: the result waited for it.
    await new Promise((r) => setTimeout(r, 60));
    expect(got).toEqual([]);
    const announced = Date.now();
    await delivery.deliver([{ room: null, event: 'next-period-id', data: { periodId: '202611210002' } }]);
    while (got.length < 2 && Date.now() - announced < 1000) await new Promise((r) => setTimeout(r, 5));
    // …and both went as soon as it came (not when the wait ran out, 240 ms later), in one write.
    expect(Date.now() - announced).toBeLessThan(200);
    counted.restore();
    expect(got).toEqual(['game-result', 'next-period-id']);
    expect(counted.writes).toBe(1);
  });

  it('sends a lone broadcast after BROADCAST_GATHER_MS, and an announcement of a period at once', async () => {
    const socket = await connected(a);
    const got: Array<[string, number]> = [];
    const started = Date.now();
    socket.on('game-result', () => got.push(['game-result', Date.now() - started]));
    socket.on('next-period-id', () => got.push(['next-period-id', Date.now() - started]));
    await new Promise((r) => setTimeout(r, 200));
    const delivery = a.app.get(SocketDeliveryService);
    const sent = Date.now();
    await delivery.deliver([{ room: null, event: 'next-period-id', data: { periodId: '202611210003' } }]);
    while (got.length < 1 && Date.now() - sent < 1000) await new Promise((r) => setTimeout(r, 5));
    expect(got.map(([event]) => event)).toEqual(['next-period-id']);
    expect(Date.now() - sent).toBeLessThan(200);
    const alone = Date.now();
    await delivery.deliver([{ room: null, event: 'game-result', data: { periodId: '202611210003', number: 4 } }]);
    while (got.length < 2 && Date.now() - alone < 2000) await new Promise((r) => setTimeout(r, 5));
    expect(got.map(([event]) => event)).toEqual(['next-period-id', 'game-result']);
    expect(Date.now() - alone).toBeGreaterThanOrEqual(BROADCAST_GATHER_MS - 10);
    expect(Date.now() - alone).toBeLessThan(BROADCAST_GATHER_MS + 1000);
  });

  it('delivers a room message only to that room', async () => {
    const socket = await connected(b);
    const other = await connected(a);
    const room = userRoom(randomUUID());
    // Join the room on node b directly (sign-in joins it in production).
    b.app.get(RealtimeGateway).server.in(socket.id!).socketsJoin(room);
    const got: unknown[] = [];
    const leaked: unknown[] = [];
    socket.on('balance-update', (data) => got.push(data));
    other.on('balance-update', (data) => leaked.push(data));
    await new Promise((r) => setTimeout(r, 100));
    await a.app
      .get(EventsPublisher)
      .publish([{ room, event: 'balance-update', data: { balance: 10, mainBalance: 10, bonusBalance: 0 } }]);
    await new Promise((r) => setTimeout(r, 300));
    expect(got).toEqual([{ balance: 10, mainBalance: 10, bonusBalance: 0 }]);
    expect(leaked).toEqual([]);
  });

  it('delivers a burst of frames to one socket complete and in order (writes are coalesced)', async () => {
    const socket = await connected(b);
    const room = userRoom(randomUUID());
    b.app.get(RealtimeGateway).server.in(socket.id!).socketsJoin(room);
    const got: number[] = [];
    socket.on('balance-update', (data: { balance: number }) => got.push(data.balance));
    await new Promise((r) => setTimeout(r, 100));
    const burst = Array.from({ length: 300 }, (_, i) => ({
      room,
      event: 'balance-update',
      data: { balance: i, mainBalance: i, bonusBalance: 0 },
    }));
    await a.app.get(EventsPublisher).publish(burst.slice(0, 150));
    await a.app.get(EventsPublisher).publish(burst.slice(150), [], 'results');
    await new Promise((r) => setTimeout(r, 500));
    expect(got.slice(0, 150)).toEqual(burst.slice(0, 150).map((m) => m.data.balance));
    expect([...got].sort((x, y) => x - y)).toEqual(burst.map((m) => m.data.balance));
  });

  it('keeps the order of frames written directly and messages a handler emits through Socket.IO meanwhile', async () => {
    const socket = await connected(b);
    const room = userRoom(randomUUID());
    const server = b.app.get(RealtimeGateway).server;
    server.in(socket.id!).socketsJoin(room);
    const got: number[] = [];
    socket.on('balance-update', (data: { balance: number }) => got.push(data.balance));
    await new Promise((r) => setTimeout(r, 100));
    const serverSocket = server.of('/').sockets.get([...server.of('/').adapter.rooms.get(room)!][0]!)!;
    const delivery = b.app.get(SocketDeliveryService);
    const message = (i: number) => ({
      room,
      event: 'balance-update',
      data: { balance: i, mainBalance: i, bonusBalance: 0 },
    });
    // Emits through engine.io (which holds packets while a write is under way) alternate with direct frames.
    let n = 0;
    for (let round = 0; round < 20; round++) {
      for (let k = 0; k < 3; k++) serverSocket.emit('balance-update', message(n++).data);
      await delivery.deliver([message(n++), message(n++)]);
    }
    await new Promise((r) => setTimeout(r, 500));
    expect(got).toEqual(Array.from({ length: n }, (_, i) => i));
  });
});
