import { configureStore, createAction } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { put, take, takeEvery } from 'redux-saga/effects';
import type { Watcher } from '../shared/store-types';
import { rootSaga, WATCHER_RESTARTS } from './root.saga';

const boom = createAction('test/boom');
const ping = createAction('test/ping');
const pong = createAction<string>('test/pong');

function storeWith(watchers: readonly Watcher[]) {
  const seen: string[] = [];
  const sagas = createSagaMiddleware();
  const store = configureStore({
    reducer: (state: null = null, action: { type: string; payload?: unknown }) => {
      if (action.type === pong.type) seen.push(action.payload as string);
      return state;
    },
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagas),
  });
  sagas.run(rootSaga, watchers);
  return { store, seen };
}

/** Answers every ping, and throws on boom (a bug in a watcher). */
function* crashing() {
  yield takeEvery(ping.type, function* () {
    yield put(pong('crashing'));
  });
  yield take(boom.type);
  throw new Error('bug in a watcher');
}

/** Stands for the live socket: keeps answering pings. */
function* live() {
  yield takeEvery(ping.type, function* () {
    yield put(pong('live'));
  });
}

describe('root saga', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => vi.restoreAllMocks());

  test('a crash in one watcher does not stop the others, and the crashed one is started again', () => {
    const { store, seen } = storeWith([crashing as Watcher, live as Watcher]);
    store.dispatch(ping());
    expect(seen.sort()).toEqual(['crashing', 'live']);

    seen.length = 0;
    store.dispatch(boom());
    store.dispatch(ping());
    // The live watcher still answers; the crashed one answers again after its restart (once, not twice).
    expect(seen.sort()).toEqual(['crashing', 'live']);
    expect(console.error).toHaveBeenCalledWith('crashing crashed; restarting it', expect.any(Error));
  });

  test('a watcher that keeps crashing is given up after the restart limit; the others run on', () => {
    const { store, seen } = storeWith([crashing as Watcher, live as Watcher]);
    for (let i = 0; i <= WATCHER_RESTARTS; i++) store.dispatch(boom());
    seen.length = 0;
    store.dispatch(ping());
    expect(seen).toEqual(['live']);
  });

  test('a watcher that returns is done and not restarted', () => {
    let runs = 0;
    function* once() {
      runs += 1;
      yield put(pong('once'));
    }
    const { seen } = storeWith([once as Watcher]);
    expect(runs).toBe(1);
    expect(seen).toEqual(['once']);
  });
});
