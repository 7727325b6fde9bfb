import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { defaultSocketFactory, type SocketFactory } from '../features/socket/live-socket';
import { createApiClient, localSessionHint, type ApiClient, type SessionHint } from '../shared/api';
import { rootReducer, type RootState } from './root-reducer';
import { rootSaga } from './root.saga';
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
  if (options.runSagas !== false) sagaMiddleware.run(rootSaga);
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
