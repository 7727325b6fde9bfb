import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { AppRoutes } from '../app/AppRoutes';
import type { RootState } from '../shared/store-types';
import { createAppStore } from '../app/store';
import { createApiClient } from '../shared/api';
import { createFakeFetch, memoryTokens, type FakeRoute } from './fake-fetch';
import { LocationProbe, sessionRoute, type SessionAnswer } from './render-app';
import { fakeSocketFactory } from '../features/socket/testing/fake-socket';

interface RenderLiveOptions {
  session?: SessionAnswer;
  routes?: Record<string, FakeRoute>;
  preloadedState?: Partial<RootState>;
  /** Render nothing: the store and its sagas only. */
  headless?: boolean;
}

/** The whole app at `path` with its sagas, a fake REST server and a fake live socket the test drives. */
export function renderLive(
  path: string,
  { session = 'user', routes = {}, preloadedState, headless = false }: RenderLiveOptions = {},
) {
  const fake = createFakeFetch({ 'GET /auth/refresh-token': sessionRoute(session), ...routes });
  const tokens = memoryTokens();
  const sockets = fakeSocketFactory();
  const store = createAppStore({
    api: createApiClient({ fetch: fake.fetch, tokens }),
    socketFactory: sockets.factory,
    preloadedState,
    sessionRefreshDedupeMs: 10,
  });
  // Under fake timers user-event must not wait on timers of its own.
  const user = userEvent.setup(vi.isFakeTimers() ? { delay: null } : {});
  const view = headless
    ? null
    : render(
        <Provider store={store}>
          <MemoryRouter initialEntries={[path]}>
            <AppRoutes />
            <LocationProbe />
          </MemoryRouter>
        </Provider>,
      );
  return { view, store, fake, tokens, sockets, user };
}
