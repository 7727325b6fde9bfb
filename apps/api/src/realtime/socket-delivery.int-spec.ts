import { randomUUID } from 'node:crypto';
import { EventsPublisher, userRoom } from '@app/realtime';
import { RealtimeGateway } from './realtime.gateway.js';
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
    await a.app.get(EventsPublisher).publish([{ room: null, event: 'next-period-id', data: { periodId: '202611210001' } }]);
    await new Promise((r) => setTimeout(r, 300));
    expect(received.sort()).toEqual(['a', 'b']);
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
    await a.app.get(EventsPublisher).publish([{ room, event: 'balance-update', data: { balance: 10, mainBalance: 10, bonusBalance: 0 } }]);
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
    const burst = Array.from({ length: 300 }, (_, i) => ({ room, event: 'balance-update', data: { balance: i, mainBalance: i, bonusBalance: 0 } }));
    await a.app.get(EventsPublisher).publish(burst.slice(0, 150));
    await a.app.get(EventsPublisher).publish(burst.slice(150), [], 'results');
    await new Promise((r) => setTimeout(r, 500));
    expect(got.slice(0, 150)).toEqual(burst.slice(0, 150).map((m) => m.data.balance));
    expect([...got].sort((x, y) => x - y)).toEqual(burst.map((m) => m.data.balance));
  });
});
