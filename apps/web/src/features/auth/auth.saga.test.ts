import type { UnknownAction } from '@reduxjs/toolkit';
import { runSaga } from 'redux-saga';
import { createAppStore } from '../../app/store';
import { createApiClient, localSessionHint, sessionTokenStore } from '../../shared/api';
import { routeChanged, signedOut } from '../../shared/session';
import { createFakeFetch, fail, ok, pending, type FakeRoute } from '../../test/fake-fetch';
import { refreshSessionOnce } from './auth.saga';
import { initialAuthState, type AuthState } from './auth.slice';

const REFRESH = 'GET /auth/refresh-token';
const asha = { _id: 'u1', name: 'Asha', email: 'asha@gmail.com', role: 'user' };
const signedInAuth: AuthState = {
  user: { id: 'u1', name: 'Asha', email: 'asha@gmail.com' },
  role: 'user',
  isAuthenticated: true,
  isLoading: false,
  error: null,
  socketId: 'socket-123',
};

function startStore(refresh: FakeRoute, { dedupeMs = 30, auth }: { dedupeMs?: number; auth?: AuthState } = {}) {
  const fake = createFakeFetch({ [REFRESH]: refresh });
  // The real session-storage token store: the test checks what the browser would keep.
  const api = createApiClient({ fetch: fake.fetch, tokens: sessionTokenStore });
  const store = createAppStore({
    api,
    sessionRefreshDedupeMs: dedupeMs,
    preloadedState: auth ? { auth } : undefined,
  });
  return { store, fake };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('session refresh on start and on route change', () => {
  test('a browser that never signed in is signed out without calling refresh-token, on start and on every route change', async () => {
    localStorage.clear();
    const { store, fake } = startStore(() => fail(401, 'Refresh token missing'), { dedupeMs: 10 });
    await vi.waitFor(() => expect(store.getState().auth.isLoading).toBe(false));
    expect(store.getState().auth.isAuthenticated).toBe(false);
    store.dispatch(routeChanged({ pathname: '/login' }));
    await sleep(40);
    store.dispatch(routeChanged({ pathname: '/register' }));
    await sleep(40);
    expect(fake.callsTo(REFRESH)).toHaveLength(0);
  });

  test('a successful refresh remembers that this browser holds a session; a rejected one forgets it', async () => {
    const first = startStore(() => ok({ user: asha, accessToken: 'access-1' }));
    await vi.waitFor(() => expect(first.store.getState().auth.isAuthenticated).toBe(true));
    expect(localStorage.getItem('winround.maySignedIn')).toBe('1');
    const second = startStore(() => fail(401, 'Refresh token missing'));
    await vi.waitFor(() => expect(second.store.getState().auth.isLoading).toBe(false));
    expect(localStorage.getItem('winround.maySignedIn')).toBeNull();
  });

  test('on start the session is loading, then a successful refresh signs the player in and keeps the token', async () => {
    const { store, fake } = startStore(() => ok({ user: asha, accessToken: 'access-1' }));
    expect(store.getState().auth.isLoading).toBe(true);

    await vi.waitFor(() => expect(store.getState().auth.isAuthenticated).toBe(true));

    expect(store.getState().auth).toMatchObject({
      user: { id: 'u1', name: 'Asha' },
      role: 'user',
      isLoading: false,
      error: null,
    });
    expect(sessionStorage.getItem('accessToken')).toBe('access-1');
    expect(fake.callsTo(REFRESH)).toHaveLength(1);
  });

  test('a super-admin comes back with the super-admin role', async () => {
    const { store } = startStore(() => ok({ user: { ...asha, name: 'Root', role: 'super-admin' }, accessToken: 'a' }));
    await vi.waitFor(() => expect(store.getState().auth.role).toBe('super-admin'));
    expect(store.getState().auth.user?.name).toBe('Root');
  });

  test('a burst of navigations makes one call; a later navigation refreshes again', async () => {
    let issued = 0;
    const { store, fake } = startStore(() => ok({ user: asha, accessToken: `access-${++issued}` }), { dedupeMs: 80 });

    // Start + a burst while the first refresh runs and right after it.
    for (const pathname of ['/', '/game', '/wallet', '/history']) store.dispatch(routeChanged({ pathname }));
    await vi.waitFor(() => expect(store.getState().auth.isAuthenticated).toBe(true));
    store.dispatch(routeChanged({ pathname: '/profile' }));
    store.dispatch(routeChanged({ pathname: '/wallet' }));
    await sleep(120);
    expect(fake.callsTo(REFRESH)).toHaveLength(1);

    // A navigation after the window: one more refresh, and the new token is kept.
    store.dispatch(routeChanged({ pathname: '/deposit' }));
    store.dispatch(routeChanged({ pathname: '/withdraw' }));
    await vi.waitFor(() => expect(fake.callsTo(REFRESH)).toHaveLength(2));
    await vi.waitFor(() => expect(sessionStorage.getItem('accessToken')).toBe('access-2'));
    await sleep(120);
    expect(fake.callsTo(REFRESH)).toHaveLength(2);
  });

  test('a rejected refresh signs the visitor out: token cleared, auth and socket forgotten', async () => {
    sessionStorage.setItem('accessToken', 'stale');
    let answer: 'ok' | 'revoked' = 'ok';
    const { store } = startStore(
      () => (answer === 'ok' ? ok({ user: asha, accessToken: 'fresh' }) : fail(401, 'Refresh token revoked')),
      { dedupeMs: 10, auth: signedInAuth },
    );
    await vi.waitFor(() => expect(sessionStorage.getItem('accessToken')).toBe('fresh'));

    answer = 'revoked';
    await sleep(20);
    store.dispatch(routeChanged({ pathname: '/wallet' }));

    await vi.waitFor(() => expect(store.getState().auth.isAuthenticated).toBe(false));
    expect(store.getState().auth).toEqual({
      ...initialAuthState,
      isLoading: false,
      error: 'Refresh token revoked',
    });
    expect(sessionStorage.getItem('accessToken')).toBeNull();
    // Signed out by something that happened elsewhere: the player is told why.
    expect(store.getState().toasts.items).toEqual([
      expect.objectContaining({ kind: 'error', message: 'Refresh token revoked' }),
    ]);
  });

  test('a visitor without a session ends up signed out, with the default message when the server sends none', async () => {
    const { store } = startStore(() => fail(401));
    await vi.waitFor(() => expect(store.getState().auth.isLoading).toBe(false));
    expect(store.getState().auth).toMatchObject({ isAuthenticated: false, user: null, error: 'Token refresh failed' });
  });

  test('a network failure while signed in keeps the player signed in', async () => {
    let down = false;
    const { store } = startStore(
      () => (down ? Promise.reject(new TypeError('Failed to fetch')) : ok({ user: asha, accessToken: 'fresh' })),
      { dedupeMs: 10, auth: signedInAuth },
    );
    await vi.waitFor(() => expect(sessionStorage.getItem('accessToken')).toBe('fresh'));
    down = true;
    await sleep(20);
    store.dispatch(routeChanged({ pathname: '/game' }));
    await vi.waitFor(() => expect(store.getState().auth.error).toBe('Token refresh failed'));
    expect(store.getState().auth).toMatchObject({
      isAuthenticated: true,
      user: { name: 'Asha' },
      socketId: 'socket-123',
    });
    expect(sessionStorage.getItem('accessToken')).toBe('fresh');
  });
});

describe('sign-out clean-up', () => {
  test('on rejection the saga clears the token, marks the visitor signed out and resets user-scoped slices', async () => {
    sessionStorage.setItem('accessToken', 'stale');
    const fake = createFakeFetch({ [REFRESH]: () => fail(401, 'Session expired') });
    const dispatched: UnknownAction[] = [];

    await runSaga(
      {
        context: {
          api: createApiClient({ fetch: fake.fetch, tokens: sessionTokenStore }),
          sessionHint: localSessionHint,
        },
        dispatch: (action: UnknownAction) => dispatched.push(action),
        getState: () => ({ auth: signedInAuth }),
      },
      refreshSessionOnce,
    ).toPromise();

    expect(sessionStorage.getItem('accessToken')).toBeNull();
    expect(dispatched.map((a) => a.type)).toEqual(['auth/sessionRejected', signedOut.type, 'toasts/toastShown']);
    expect(dispatched[0].payload).toBe('Session expired');
    expect(dispatched[2].payload).toMatchObject({ kind: 'error', message: 'Session expired' });
  });

  test('a refresh still in flight keeps the guards waiting', async () => {
    const { store } = startStore(() => pending());
    await sleep(20);
    expect(store.getState().auth.isLoading).toBe(true);
  });
});
