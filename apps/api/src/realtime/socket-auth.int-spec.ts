import { jest } from '@jest/globals';
import { JwtService } from '@nestjs/jwt';
import type { Socket } from 'socket.io-client';
import { EventsPublisher, userRoom } from '@app/realtime';
import { SessionRevocations } from '../auth/session-revocations.js';
import { createUser, startTestApi, TEST_API_KEY, type TestApi, type TestUser } from '@app/testing';
import { RealtimeGateway } from './realtime.gateway.js';
import { SocketAuthService } from './socket-auth.service.js';

jest.setTimeout(30_000);

const EXPIRED = 'Your session has expired. Please log in again.';

describe('socket sign-in: handshake, token refresh over the socket, expiry', () => {
  let api: TestApi;
  let player: TestUser;
  beforeAll(async () => {
    api = await startTestApi();
    player = await createUser(api);
  });
  afterAll(() => api.close());
  afterEach(() => {
    api.app.get(SocketAuthService).timings.refreshLeadMs = 60_000;
  });

  /** An access token of `user`'s session that expires in `seconds` (negative: already expired). */
  const tokenFor = (user: TestUser, seconds: number) =>
    api.app
      .get(JwtService)
      .sign({ sub: user.id, role: user.role, sid: user.sessionId, exp: Math.floor(Date.now() / 1000) + seconds });

  const refused = (auth: Record<string, unknown>) =>
    new Promise<string>((resolve, reject) => {
      const socket = api.socket(auth);
      socket.on('connect', () => reject(new Error('connected')));
      socket.on('connect_error', (error) => resolve(error.message));
    });

  /** Connects with `token`; `listen` attaches listeners before the handshake, so an event the server sends
   * together with the handshake's answer (a token that is already inside the refresh lead) is not missed. */
  const connected = (token: string, listen: (socket: Socket) => void = () => {}) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = api.socket({ apiKey: TEST_API_KEY, token }) as unknown as Socket;
      listen(socket);
      socket.on('connect', () => resolve(socket));
      socket.on('connect_error', reject);
    });

  it('refuses a handshake without the API key, without a token, with a bad or an expired token', async () => {
    expect(await refused({ token: player.token })).toBe('API key is missing.');
    expect(await refused({ apiKey: TEST_API_KEY })).toBe('Please log in to continue.');
    expect(await refused({ apiKey: TEST_API_KEY, token: 'not-a-jwt' })).toBe(EXPIRED);
    expect(await refused({ apiKey: TEST_API_KEY, token: player.token.slice(0, -2) + 'xx' })).toBe(EXPIRED);
    expect(await refused({ apiKey: TEST_API_KEY, token: tokenFor(player, -5) })).toBe(EXPIRED);
  });

  it('refuses the token of a revoked session', async () => {
    const user = await createUser(api);
    await api.app.get(SessionRevocations).markRevoked([user.sessionId]);
    expect(await refused({ apiKey: TEST_API_KEY, token: user.token })).toBe(EXPIRED);
  });

  it('signs the socket in as the token’s user and joins the user’s room', async () => {
    const socket = await connected(player.token);
    const [remote] = await api.app.get(RealtimeGateway).server.in(userRoom(player.id)).fetchSockets();
    expect(remote?.id).toBe(socket.id);
    expect(remote?.data.user).toMatchObject({ id: player.id, role: 'user', sessionId: player.sessionId });
    const got = new Promise((resolve) => socket.on('balance-update', resolve));
    await api.app
      .get(EventsPublisher)
      .publish([
        { room: userRoom(player.id), event: 'balance-update', data: { balance: 5, mainBalance: 5, bonusBalance: 0 } },
      ]);
    expect(await got).toEqual({ balance: 5, mainBalance: 5, bonusBalance: 0 });
    socket.close();
  });

  it('asks for a new token before expiry, and a new-token of the same user keeps the socket alive', async () => {
    api.app.get(SocketAuthService).timings.refreshLeadMs = 1_500;
    const started = Date.now();
    const disconnected = jest.fn();
    let asked!: Promise<void>;
    const socket = await connected(tokenFor(player, 2), (s) => {
      s.on('disconnect', disconnected);
      asked = new Promise<void>((resolve) => s.once('request-refresh-token', () => resolve()));
    });
    await asked;
    expect(Date.now() - started).toBeLessThan(1_500);
    const ack = await socket.timeout(2_000).emitWithAck('new-token', { token: tokenFor(player, 60) });
    expect(ack).toEqual({ success: true });
    await new Promise((r) => setTimeout(r, 2_500));
    expect(socket.connected).toBe(true);
    expect(disconnected).not.toHaveBeenCalled();
    socket.close();
  });

  it('disconnects a socket whose token expires without a new one', async () => {
    api.app.get(SocketAuthService).timings.refreshLeadMs = 1_000;
    const asked = jest.fn();
    let exception!: Promise<unknown>;
    let disconnected!: Promise<string>;
    await connected(tokenFor(player, 2), (s) => {
      s.on('request-refresh-token', asked);
      exception = new Promise((resolve) => s.on('exception', resolve));
      disconnected = new Promise<string>((resolve) => s.on('disconnect', resolve));
    });
    const reason = await disconnected;
    expect(reason).toBe('io server disconnect');
    expect(asked).toHaveBeenCalledTimes(1);
    expect(await exception).toEqual({ status: 'error', message: EXPIRED });
  });

  it('refuses a new-token that is invalid or belongs to another user, and keeps the old expiry', async () => {
    api.app.get(SocketAuthService).timings.refreshLeadMs = 500;
    const other = await createUser(api);
    const exceptions: unknown[] = [];
    let disconnected!: Promise<string>;
    const socket = await connected(tokenFor(player, 2), (s) => {
      s.on('exception', (e) => exceptions.push(e));
      disconnected = new Promise<string>((resolve) => s.on('disconnect', resolve));
    });
    expect(await socket.timeout(2_000).emitWithAck('new-token', { token: other.token })).toEqual({
      success: false,
      message: 'The new token belongs to another account.',
    });
    expect(await socket.timeout(2_000).emitWithAck('new-token', { token: 'garbage' })).toEqual({
      success: false,
      message: 'The new token is not valid.',
    });
    await disconnected;
    expect(exceptions).toEqual([
      { status: 'error', message: 'The new token belongs to another account.' },
      { status: 'error', message: 'The new token is not valid.' },
      { status: 'error', message: EXPIRED },
    ]);
  });

  it('a revoked session cannot extend its socket with new-token', async () => {
    const user = await createUser(api);
    const socket = await connected(user.token);
    await api.app.get(SessionRevocations).markRevoked([user.sessionId]);
    expect(await socket.timeout(2_000).emitWithAck('new-token', { token: user.token })).toEqual({
      success: false,
      message: 'The new token is not valid.',
    });
    socket.close();
  });
});
