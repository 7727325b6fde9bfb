import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { defaultSocketFactory, type SocketFactory } from '../features/socket/live-socket';
import { createApiClient, localSessionHint, type ApiClient, type SessionHint } from '../shared/api';
import type { LazyFeature, RootState } from '../shared/store-types';
import { rootReducer } from './root-reducer';
import { keepAlive, rootSaga } from './root.saga';
import { SESSION_REFRESH_DEDUPE_MS, type SagaContext } from './saga-context';

export interface CreateAppStoreOptions {
  api?: ApiClient;
  preloadedState?: Partial<RootState>;
  sessionRefreshDedupeMs?: number;
  socketFactory?: SocketFactory;
  /** Tests of pure rendering may leave the sagas off. */
  runSagas?: boolean;
  sessionHint?: SessionHint;
}

export function createAppStore(options: CreateAppStoreOptions = {}) {
  const context: SagaContext = {
    api: options.api ?? createApiClient(),
    sessionRefreshDedupeMs: options.sessionRefreshDedupeMs ?? SESSION_REFRESH_DEDUPE_MS,
    socketFactory: options.socketFactory ?? defaultSocketFactory(),
    sessionHint: options.sessionHint ?? localSessionHint,
  };
  const sagaMiddleware = createSagaMiddleware({ context: { ...context } });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: options.preloadedState,
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware),
  });
  const runSagas = options.runSagas !== false;
  if (runSagas) sagaMiddleware.run(rootSaga);

  const loaded = new Set<string>();
  /**
   * Adds a lazily loaded feature once: its reducer joins the root reducer (its state appears with the next action;
   * until then its selectors read the slice's initial state) and its watcher runs under keepAlive like the others.
   */
  const injectFeature = (feature: LazyFeature) => {
    if (loaded.has(feature.reducerPath)) return;
    loaded.add(feature.reducerPath);
    rootReducer.inject(feature as LazyFeature<'admin'>);
    if (runSagas) sagaMiddleware.run(keepAlive, feature.watcher);
  };
  return Object.assign(store, { injectFeature });
}

type AssembledStore = ReturnType<typeof createAppStore>;

/** Fills in the store's type that features and shared/ name (they never import app/). */
declare module '../shared/store-types' {
  /* eslint-disable @typescript-eslint/no-empty-object-type -- merging fills in the shared declarations */
  interface AppStore extends AssembledStore {}
}
