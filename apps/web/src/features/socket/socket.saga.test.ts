import { SOCKET_REPLACED_MESSAGE } from '@app/contracts';
import { ACCESS_TOKEN_KEY } from '../../shared/api';
import { routeChanged } from '../../shared/session';
import { fail, ok } from '../../test/fake-fetch';
import { createBrowserSocket, RECONNECTION } from './live-socket';
import { OFFLINE_BET_MESSAGE, liveRequested } from './live-events';
import { reconnectDelayMs } from './socket.saga';
import { selectCurrentBets } from '../game/selectors';
import { selectHistoryBets } from '../history/selectors';
import { bet, betResult, gameResult, periodInfo, resultsNewestFirst } from './testing/live-fixtures';
import { renderLive } from '../../test/render-live';

const REFRESH = 'POST /refresh-token';
const SESSION = 'GET /auth/refresh-token';

async function signedInLive(routes = {}) {
  const live = renderLive('/', { headless: true, routes });
  await vi.waitFor(() => expect(live.sockets.sockets).toHaveLength(1));
  return live;
}

describe('one live connection per signed-in session', () => {
  test('opens only once the player is signed in, and connects with the current token', async () => {
    const live = renderLive('/', { headless: true, session: 'loading' });
    await new Promise((r) => setTimeout(r, 30));
    expect(live.sockets.sockets).toHaveLength(0);
    expect(live.store.getState().socket.status).toBe('idle');

    const signedIn = await signedInLive();
    const socket = signedIn.sockets.socket;
    expect(socket.connectCalls).toBe(1);
    expect(signedIn.store.getState().socket).toMatchObject({ status: 'connecting', connected: false });
    // The handshake reads the token each time it runs.
    expect(socket.readToken()).toBe('token-for-user');
    signedIn.tokens.set('rotated');
    expect(socket.readToken()).toBe('rotated');
  });

  test('on connect it records the socket and asks for the period, the results, the balance and the bets', async () => {
    const { sockets, store } = await signedInLive();
    sockets.socket.accept('sock-42');
    await vi.waitFor(() => expect(store.getState().socket.connected).toBe(true));
    expect(store.getState().auth.socketId).toBe('sock-42');
    expect(store.getState().socket).toMatchObject({ status: 'connected', everConnected: true, error: null });
    expect(sockets.socket.sentEvents()).toEqual([
      'send-period-id-current',
      'get-all-game-results',
      'get-balance',
      'get-current-bet',
    ]);
  });

  test('server events reach the store', async () => {
    const { sockets, store } = await signedInLive();
    const socket = sockets.socket;
    socket.accept();
    const period = periodInfo({ serverTime: Date.now(), startTime: Date.now() - 2_000 });
    socket.push('next-period-id', period);
    socket.push('all-game-results', resultsNewestFirst(3));
    socket.push('game-result', gameResult('202611210999', 7));
    socket.push('balance-update', { balance: 120, mainBalance: 100, bonusBalance: 20 });
    const current = bet({ periodId: period.periodId, amount: 200 });
    socket.push('current-bet-response', [current]);
    socket.push('bet-result', betResult({ periodId: period.periodId }));
    socket.push('bet-update', bet({ _id: 'h1', periodId: '202611210001' }));

    await vi.waitFor(() => expect(selectHistoryBets(store.getState()).map((b) => b._id)).toContain('h1'));
    const state = store.getState();
    // One store of bets: the current bet and the live update are both in the history, newest first.
    expect(selectHistoryBets(state).map((b) => b._id)).toEqual([current._id, 'h1']);
    expect(selectCurrentBets(state).map((b) => b._id)).toEqual([current._id]);
    expect(state.game.period?.periodId).toBe(period.periodId);
    // 28 s remain when the period is pushed; the client dates the server's clock by when its message arrived, which on a
    // busy machine can be some milliseconds after serverTime was taken, so the countdown may still show the 29th second.
    expect([28, 29]).toContain(state.game.secondsLeft);
    expect(state.game.results.map((r) => r.periodId)).toEqual([
      '202611210999',
      ...resultsNewestFirst(3).map((r) => r.periodId),
    ]);
    expect(state.game.stakePaise).toBe(20_000);
    expect(state.wallet.balance).toEqual({ mainPaise: 10_000, bonusPaise: 2000 });
    expect(state.game.resultPopup?.results).toHaveLength(1);
  });

  test('the bet carried by a placed bet-message and by a bet-result updates the history like a bet-update', async () => {
    const { sockets, store } = await signedInLive();
    const socket = sockets.socket;
    socket.accept();
    const placed = bet({ _id: 'p1', periodId: '202611210005', status: 'PENDING', isWin: null, winAmount: 0 });
    socket.push('bet-message', {
      success: true,
      message: 'Bet placed successfully.',
      bet: placed,
      periodId: placed.periodId,
      betType: placed.betType,
    });
    await vi.waitFor(() =>
      expect(selectHistoryBets(store.getState()).map((b) => [b._id, b.status])).toEqual([['p1', 'PENDING']]),
    );
    const settled = {
      ...placed,
      status: 'COMPLETED' as const,
      isWin: true,
      winAmount: 182,
      systemSelectedValue: placed.betValue,
      updatedAt: '2026-11-21T04:30:31.000Z',
    };
    socket.push('bet-result', { ...betResult({ periodId: placed.periodId }), bet: settled });
    await vi.waitFor(() =>
      expect(selectHistoryBets(store.getState()).map((b) => [b._id, b.status, b.winAmountPaise])).toEqual([
        ['p1', 'COMPLETED', 18200],
      ]),
    );
    socket.push('bet-message', { success: false, message: 'Insufficient balance.', periodId: placed.periodId });
    expect(selectHistoryBets(store.getState())).toHaveLength(1);
  });

  test('a new period asks for the balance and the bets; the answer to the connect request does not ask twice', async () => {
    const { sockets } = await signedInLive();
    const socket = sockets.socket;
    socket.accept();
    socket.clearSent();
    socket.push('next-period-id', periodInfo());
    expect(socket.sentEvents()).toEqual([]);
    socket.push('next-period-id', periodInfo({ periodId: '202611210542' }));
    expect(socket.sentEvents()).toEqual(['get-balance', 'get-current-bet']);
  });

  test('after a dropped connection it is disconnected, and on reconnect it asks for everything again', async () => {
    const { sockets, store } = await signedInLive();
    const socket = sockets.socket;
    socket.accept('first');
    socket.drop('transport close');
    await vi.waitFor(() =>
      expect(store.getState().socket).toMatchObject({
        status: 'disconnected',
        connected: false,
        error: 'transport close',
      }),
    );
    expect(store.getState().auth.socketId).toBeNull();
    // Socket.IO reconnects by itself after a network drop.
    expect(socket.connectCalls).toBe(1);
    socket.clearSent();
    socket.accept('second');
    await vi.waitFor(() => expect(store.getState().socket.connected).toBe(true));
    expect(store.getState().auth.socketId).toBe('second');
    expect(socket.sentEvents()).toEqual([
      'send-period-id-current',
      'get-all-game-results',
      'get-balance',
      'get-current-bet',
    ]);
  });

  test("the browser's 'offline' closes the socket at once (no waiting for the heartbeat); its 'online' connects again and asks for everything", async () => {
    const { sockets, store } = await signedInLive();
    const socket = sockets.socket;
    socket.accept('first');
    await vi.waitFor(() => expect(store.getState().socket.connected).toBe(true));
    window.dispatchEvent(new Event('offline'));
    await vi.waitFor(() => expect(store.getState().socket).toMatchObject({ status: 'disconnected', connected: false }));
    expect(socket.disconnectCalls).toBe(1);
    socket.clearSent();
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(socket.connectCalls).toBe(2));
    socket.accept('second');
    await vi.waitFor(() => expect(store.getState().socket.connected).toBe(true));
    expect(socket.sentEvents()).toEqual([
      'send-period-id-current',
      'get-all-game-results',
      'get-balance',
      'get-current-bet',
    ]);
  });

  test("an 'online' without an 'offline' before it changes nothing", async () => {
    const { sockets } = await signedInLive();
    const socket = sockets.socket;
    socket.accept('first');
    window.dispatchEvent(new Event('online'));
    await new Promise((r) => setTimeout(r, 20));
    expect(socket.connectCalls).toBe(1);
    expect(socket.disconnectCalls).toBe(0);
  });

  test('a connect error sets the flag; a network failure is left to Socket.IO to retry', async () => {
    const { sockets, store, fake } = await signedInLive();
    sockets.socket.failToReach('websocket error');
    await vi.waitFor(() =>
      expect(store.getState().socket).toMatchObject({
        status: 'connectError',
        connected: false,
        error: 'websocket error',
      }),
    );
    await new Promise((r) => setTimeout(r, 30));
    expect(fake.callsTo(REFRESH)).toHaveLength(0);
  });

  test('sign-out closes the socket and forgets the connection', async () => {
    let session: 'user' | 'revoked' = 'user';
    const { sockets, store } = await signedInLive({
      [SESSION]: () =>
        session === 'user'
          ? ok({ user: { _id: 'u-player', name: 'Asha', email: 'asha@gmail.com', role: 'user' }, accessToken: 't' })
          : fail(401, 'Session expired'),
    });
    const socket = sockets.socket;
    socket.accept();
    await vi.waitFor(() => expect(store.getState().socket.connected).toBe(true));
    const listening = socket.listenerCount();
    expect(listening).toBeGreaterThan(10);

    session = 'revoked';
    await new Promise((r) => setTimeout(r, 20));
    store.dispatch(routeChanged({ pathname: '/wallet' }));
    await vi.waitFor(() => expect(store.getState().auth.isAuthenticated).toBe(false));
    await vi.waitFor(() => expect(socket.disconnectCalls).toBe(1));
    expect(socket.listenerCount()).toBe(0);
    expect(store.getState().socket).toMatchObject({ status: 'idle', connected: false });
    expect(store.getState().auth.socketId).toBeNull();
    expect(sockets.sockets).toHaveLength(1);
  });
});

describe('token refresh over the live connection', () => {
  test('request-refresh-token: refresh over HTTP, keep the token, then send new-token', async () => {
    const { sockets, fake, tokens } = await signedInLive({ [REFRESH]: () => ok({ accessToken: 'fresh-token' }) });
    const socket = sockets.socket;
    socket.accept();
    socket.clearSent();
    socket.push('request-refresh-token');
    await vi.waitFor(() => expect(socket.sentEvents()).toEqual(['new-token']));
    expect(socket.sent[0]!.payload).toEqual({ token: 'fresh-token' });
    expect(tokens.get()).toBe('fresh-token');
    expect(fake.callsTo(REFRESH)[0]!.body).toEqual({});
    // The next handshake presents it.
    expect(socket.readToken()).toBe('fresh-token');
  });

  test('a rejected refresh signs the player out and closes the socket', async () => {
    const { sockets, store } = await signedInLive({ [REFRESH]: () => fail(401, 'Refresh token revoked') });
    const socket = sockets.socket;
    socket.accept();
    socket.clearSent();
    socket.push('request-refresh-token');
    await vi.waitFor(() => expect(store.getState().auth.isAuthenticated).toBe(false));
    expect(store.getState().auth.error).toBe('Refresh token revoked');
    expect(socket.sentEvents()).toEqual([]);
    await vi.waitFor(() => expect(socket.disconnectCalls).toBe(1));
  });

  test('a refresh the network lost keeps the session and sends nothing', async () => {
    const { sockets, store } = await signedInLive({
      [REFRESH]: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    sockets.socket.accept();
    sockets.socket.clearSent();
    sockets.socket.push('request-refresh-token');
    await new Promise((r) => setTimeout(r, 30));
    expect(store.getState().auth.isAuthenticated).toBe(true);
    expect(sockets.socket.sentEvents()).toEqual([]);
  });
});

describe('a refused handshake', () => {
  afterEach(() => vi.useRealTimers());

  test('back-off between refusals is 1 s, 2 s, 4 s, then 5 s', () => {
    expect([1, 2, 3, 4, 5].map(reconnectDelayMs)).toEqual([1_000, 2_000, 4_000, RECONNECTION.delayMaxMs, 5_000]);
  });

  test('is retried after refreshing the token, which the next handshake then carries', async () => {
    const { sockets, store, fake } = await signedInLive({ [REFRESH]: () => ok({ accessToken: 'renewed' }) });
    vi.useFakeTimers();
    const socket = sockets.socket;
    socket.refuse('jwt expired');
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().socket).toMatchObject({ status: 'connectError', error: 'jwt expired' });
    expect(socket.connectCalls).toBe(1);

    await vi.advanceTimersByTimeAsync(999);
    expect(fake.callsTo(REFRESH)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    vi.useRealTimers();
    await vi.waitFor(() => expect(socket.connectCalls).toBe(2));
    expect(fake.callsTo(REFRESH)).toHaveLength(1);
    expect(socket.readToken()).toBe('renewed');
    socket.accept();
    await vi.waitFor(() => expect(store.getState().socket.connected).toBe(true));
  });

  test('a connection closed because the player opened a newer one past the limit stays closed, and says why', async () => {
    const { sockets, store, fake } = await signedInLive({ [REFRESH]: () => ok({ accessToken: 'renewed' }) });
    const socket = sockets.socket;
    socket.accept();
    vi.useFakeTimers();
    socket.push('exception', { status: 'error', message: SOCKET_REPLACED_MESSAGE });
    expect(store.getState().toasts.items.map((t) => t.message)).toContain(SOCKET_REPLACED_MESSAGE);
    socket.drop('io server disconnect');
    await vi.advanceTimersByTimeAsync(10_000);
    vi.useRealTimers();
    expect(socket.connectCalls).toBe(1);
    expect(fake.callsTo(REFRESH)).toHaveLength(0);
  });

  test('a server-side disconnect is followed by a refresh and a reconnection', async () => {
    const { sockets, fake } = await signedInLive({ [REFRESH]: () => ok({ accessToken: 'renewed' }) });
    const socket = sockets.socket;
    socket.accept();
    vi.useFakeTimers();
    socket.drop('io server disconnect');
    await vi.advanceTimersByTimeAsync(1_000);
    vi.useRealTimers();
    await vi.waitFor(() => expect(socket.connectCalls).toBe(2));
    expect(fake.callsTo(REFRESH)).toHaveLength(1);
  });
});

describe('no answer or result lost to a reconnection', () => {
  const COMMAND = '0192f0c8-8a4e-7a1b-9c3d-1234567890ab';
  const placeBet = {
    periodId: '202611210541',
    betType: 'color' as const,
    betValue: 'red',
    amount: 10,
    commandId: COMMAND,
  };

  test('bets in flight and bets without a result are asked for again on every reconnection, until answered', async () => {
    const { sockets, store } = await signedInLive();
    const socket = sockets.socket;
    socket.accept();
    store.dispatch(liveRequested({ event: 'place-bet', payload: placeBet }));
    socket.drop();
    socket.clearSent();
    socket.accept('socket-2');
    expect(socket.sentEvents()).toEqual([
      'send-period-id-current',
      'get-all-game-results',
      'get-balance',
      'get-current-bet',
      'get-bet-outcomes',
    ]);
    expect(socket.sent.at(-1)!.payload).toEqual({ commandIds: [COMMAND], betIds: [] });

    // Answered (placed): no longer in flight, but its result is still awaited.
    const placed = bet({ _id: 'b-1', periodId: '202611210541', status: 'PENDING', isWin: null, winAmount: 0 });
    socket.push('bet-message', {
      success: true,
      message: 'Bet placed successfully.',
      bet: placed,
      periodId: placed.periodId,
      betType: 'color',
      commandId: COMMAND,
    });
    socket.drop();
    socket.clearSent();
    socket.accept('socket-3');
    expect(socket.sent.at(-1)).toEqual({ event: 'get-bet-outcomes', payload: { commandIds: [], betIds: ['b-1'] } });

    // A pending bet the server lists (placed before a reload, or from another tab) is awaited too.
    socket.push('current-bet-response', [
      placed,
      bet({ _id: 'b-2', periodId: '202611210541', status: 'PENDING', isWin: null, winAmount: 0 }),
    ]);
    socket.drop();
    socket.clearSent();
    socket.accept('socket-3b');
    expect(socket.sent.at(-1)).toEqual({
      event: 'get-bet-outcomes',
      payload: { commandIds: [], betIds: ['b-1', 'b-2'] },
    });
    socket.push('bet-update', { ...bet({ _id: 'b-2', periodId: '202611210541' }), status: 'REFUNDED' });

    // Its result arrived: nothing is left to ask for.
    socket.push(
      'bet-result',
      betResult({ periodId: placed.periodId, betId: 'b-1', bet: { ...placed, status: 'COMPLETED', isWin: false } }),
    );
    socket.drop();
    socket.clearSent();
    socket.accept('socket-4');
    expect(socket.sentEvents()).not.toContain('get-bet-outcomes');
    expect(store.getState().socket.connected).toBe(true);
  });

  test('an answer or a result that arrives twice is shown once', async () => {
    const { sockets, store } = await signedInLive();
    const socket = sockets.socket;
    socket.accept();
    store.dispatch(liveRequested({ event: 'place-bet', payload: placeBet }));
    const refused = {
      success: false,
      message: 'Betting is closed for this period.',
      periodId: '202611210541',
      commandId: COMMAND,
    };
    socket.push('bet-message', refused);
    socket.push('bet-message', refused);
    expect(store.getState().toasts.items.map((t) => t.message)).toEqual(['Betting is closed for this period.']);
    const result = betResult({ periodId: '202611210540', betId: 'b-9' });
    socket.push('bet-result', result);
    socket.push('bet-result', result);
    expect(store.getState().game.resultPopup?.results).toHaveLength(1);
  });
});

describe('requests to the server', () => {
  test('go out while connected', async () => {
    const { sockets, store } = await signedInLive();
    sockets.socket.accept();
    sockets.socket.clearSent();
    const payload = { periodId: '202611210541', betType: 'color' as const, betValue: 'red', amount: 10 };
    store.dispatch(liveRequested({ event: 'place-bet', payload }));
    store.dispatch(liveRequested({ event: 'get-balance' }));
    expect(sockets.socket.sent).toEqual([
      { event: 'place-bet', payload },
      { event: 'get-balance', payload: undefined },
    ]);
  });

  test('a bet is never queued while offline: it is answered as not sent', async () => {
    const { sockets, store } = await signedInLive();
    const payload = { periodId: '202611210541', betType: 'color' as const, betValue: 'red', amount: 10 };
    store.dispatch(liveRequested({ event: 'place-bet', payload }));
    expect(sockets.socket.sent).toEqual([]);
    expect(store.getState().toasts.items.map((t) => [t.kind, t.message])).toEqual([['error', OFFLINE_BET_MESSAGE]]);
  });

  test('nothing is sent after the connection dropped, nor while the browser is offline: no bet goes out late', async () => {
    const { sockets, store } = await signedInLive();
    const socket = sockets.socket;
    socket.accept();
    socket.clearSent();
    const payload = {
      periodId: '202611210541',
      betType: 'bigSmall' as const,
      betValue: 'big',
      amount: 10,
      commandId: '0192a5d0-0000-7000-8000-000000000001',
    };
    // The browser knows the network is gone before the socket does.
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    store.dispatch(liveRequested({ event: 'place-bet', payload }));
    onLine.mockRestore();
    socket.drop();
    store.dispatch(
      liveRequested({
        event: 'place-bet',
        payload: { ...payload, betValue: 'small', commandId: '0192a5d0-0000-7000-8000-000000000002' },
      }),
    );
    expect(socket.sent).toEqual([]);
    // Back online: neither is replayed.
    socket.accept();
    expect(socket.sentEvents()).not.toContain('place-bet');
    // Both are answered as not sent (the same words show once: identical toasts do not stack).
    expect(store.getState().toasts.items.map((t) => t.message)).toEqual([OFFLINE_BET_MESSAGE]);
  });

  test('an exception from the server is shown as a toast', async () => {
    const { sockets, store } = await signedInLive();
    sockets.socket.accept();
    sockets.socket.push('exception', { status: 'error', message: 'Too many requests' });
    expect(store.getState().toasts.items.map((t) => [t.kind, t.message])).toEqual([['error', 'Too many requests']]);
  });

  test('a malformed message does not take the connection down', async () => {
    const { sockets, store } = await signedInLive();
    const socket = sockets.socket;
    socket.accept();
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const dropped = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    (socket.push as (e: string, p: unknown) => void)('all-game-results', 'not a list');
    (socket.push as (e: string, p: unknown) => void)('game-result', null);
    socket.push('balance-update', { balance: 5, mainBalance: 5, bonusBalance: 0 });
    expect(store.getState().wallet.balance?.mainPaise).toBe(500);
    // Each payload is checked against its schema: one that does not match is dropped (and logged), never half-used.
    (socket.push as (e: string, p: unknown) => void)('balance-update', {
      balance: '7',
      mainBalance: 7,
      bonusBalance: 0,
    });
    (socket.push as (e: string, p: unknown) => void)('bet-message', {
      success: 'yes',
      message: 'Bet placed successfully.',
    });
    (socket.push as (e: string, p: unknown) => void)('exception', 'refused');
    expect(store.getState().wallet.balance?.mainPaise).toBe(500);
    expect(store.getState().toasts.items).toEqual([]);
    expect(dropped.mock.calls.map((call) => call[1])).toEqual([
      'all-game-results',
      'game-result',
      'balance-update',
      'bet-message',
      'exception',
    ]);
    quiet.mockRestore();
    dropped.mockRestore();
  });
});

describe('the browser socket', () => {
  test('is configured per SPEC 7 and its handshake reads the current token each time', () => {
    sessionStorage.setItem(ACCESS_TOKEN_KEY, 'first');
    let token: string | null = 'first';
    const socket = createBrowserSocket(() => token) as unknown as {
      auth: (cb: (data: object) => void) => void;
      io: {
        opts: Record<string, unknown>;
        reconnectionDelay(): number;
        reconnectionDelayMax(): number;
        reconnectionAttempts(): number;
        timeout(): number;
      };
      connected: boolean;
    };
    const seen: object[] = [];
    socket.auth((data) => seen.push(data));
    token = 'second';
    socket.auth((data) => seen.push(data));
    expect(seen).toEqual([
      { apiKey: 'dev-api-key', token: 'first' },
      { apiKey: 'dev-api-key', token: 'second' },
    ]);
    expect(socket.io.opts).toMatchObject({
      path: '/socket.io',
      transports: ['websocket'],
      withCredentials: true,
      autoConnect: false,
    });
    expect(socket.io.reconnectionDelay()).toBe(1_000);
    expect(socket.io.reconnectionDelayMax()).toBe(5_000);
    expect(socket.io.reconnectionAttempts()).toBe(Infinity);
    expect(socket.io.timeout()).toBe(20_000);
    expect(socket.connected).toBe(false);
  });
});
