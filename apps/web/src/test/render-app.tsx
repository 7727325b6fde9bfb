import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AppRoutes } from '../app/AppRoutes';
import type { AppStore, RootState } from '../shared/store-types';
import { createAppStore } from '../app/store';
import { createApiClient, memorySessionHint, type SessionHint } from '../shared/api';
import { createFakeFetch, fail, memoryTokens, ok, pending, type FakeRoute } from './fake-fetch';
import { preloadScreens } from '../app/lazy-screen';

// Every screen's chunk is loaded before the tests render the app, as for a visitor who has them already (the
// split itself is checked by app/bundle-split.test.ts and the end-to-end suite).
beforeAll(() => preloadScreens(), 60_000);

/** What the server's GET /auth/refresh-token says about the visitor. */
export type SessionAnswer = 'loading' | 'signed-out' | 'user' | 'super-admin';

export const PLAYER = { _id: 'u-player', name: 'Asha', email: 'asha@gmail.com' };

export function sessionRoute(session: SessionAnswer): FakeRoute {
  return () => {
    if (session === 'loading') return pending();
    if (session === 'signed-out') return fail(401, 'Refresh token missing');
    return ok({ user: { ...PLAYER, role: session }, accessToken: `token-for-${session}` });
  };
}

export function LocationProbe() {
  const { pathname } = useLocation();
  return <div data-testid="location">{pathname}</div>;
}

interface RenderAppOptions {
  session?: SessionAnswer;
  routes?: Record<string, FakeRoute>;
  preloadedState?: Partial<RootState>;
  /** Whether the browser may hold a session (default: yes, so the refresh call is made). */
  sessionHint?: SessionHint;
}

/** The whole app (routes, guards, sagas) at `path`, talking to a fake server. */
export function renderApp(
  path: string,
  { session = 'signed-out', routes = {}, preloadedState, sessionHint = memorySessionHint(true) }: RenderAppOptions = {},
) {
  const fake = createFakeFetch({ 'GET /auth/refresh-token': sessionRoute(session), ...routes });
  const tokens = memoryTokens();
  const store = createAppStore({ api: createApiClient({ fetch: fake.fetch, tokens }), preloadedState, sessionHint });
  const user = userEvent.setup();
  const view = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </Provider>,
  );
  return { ...view, store, fake, tokens, user, sessionHint };
}

/** A component with the store and a router, sagas off: for pure UI pieces. */
export function renderWithStore(
  ui: ReactElement,
  {
    path = '/',
    history,
    store = createAppStore({ runSagas: false }),
  }: { path?: string; /** Earlier entries, the last one current. */ history?: string[]; store?: AppStore } = {},
) {
  const entries = history ?? [path];
  const user = userEvent.setup();
  const view = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
        {ui}
        <LocationProbe />
      </MemoryRouter>
    </Provider>,
  );
  return { ...view, store, user };
}
