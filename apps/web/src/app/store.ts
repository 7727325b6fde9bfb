import { configureStore, type Reducer } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { defaultSocketFactory, type SocketFactory } from '../features/socket/live-socket';
import { createApiClient, localSessionHint, type ApiClient, type SessionHint } from '../shared/api';
import { rootReducer, type LazyLoadedSlices, type RootState } from './root-reducer';
import { keepAlive, rootSaga, type Watcher } from './root.saga';
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

/** A part of the app loaded on demand (the admin console): its slice and its watcher, added to the store on arrival. */
export interface LazyFeature<K extends keyof LazyLoadedSlices = keyof LazyLoadedSlices> {
  reducerPath: K;
  reducer: Reducer<LazyLoadedSlices[K]>;
  watcher: Watcher;
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
    rootReducer.inject({ reducerPath: feature.reducerPath, reducer: feature.reducer });
    if (runSagas) sagaMiddleware.run(keepAlive, feature.watcher);
  };
  return Object.assign(store, { injectFeature });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
