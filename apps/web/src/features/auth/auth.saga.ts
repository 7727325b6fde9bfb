import { buffers, type Channel } from 'redux-saga';
import { actionChannel, call, delay, flush, getContext, put, select, take } from 'redux-saga/effects';
import type { ApiClient, SessionHint } from '../../shared/api';
import { ApiError, errorMessage } from '../../shared/api';
import { ERROR_DEFAULTS } from '../../shared/constants';
import { routeChanged, signedOut } from '../../shared/session';
import { toastShown } from '../toasts/toasts.slice';
import { refreshSession } from './api';
import { sessionRefreshed, sessionRefreshUnavailable, sessionRejected } from './auth.slice';
import { selectIsAuthenticated } from './selectors';
import type { Session } from './types';

/**
 * The two sign-out clean-up actions of SPEC 2: forget the token and the auth state, reset user-scoped slices. A
 * player who was signed in (a password reset or a sign-out elsewhere, a suspension, an expired session) is told
 * why in a toast, instead of finding the login screen without a word.
 */
export function* signOutCleanup(reason: string) {
  const api: ApiClient = yield getContext('api');
  const hint: SessionHint = yield getContext('sessionHint');
  const wasAuthenticated: boolean = yield select(selectIsAuthenticated);
  yield call([api.tokens, api.tokens.clear]);
  yield call([hint, hint.clear]);
  yield put(sessionRejected(reason));
  yield put(signedOut());
  if (wasAuthenticated) yield put(toastShown({ kind: 'error', message: reason }));
}

/** What a visitor who never signed in on this browser (or signed out) is told instead of a refresh call. */
export const NO_SESSION_REASON = 'Not signed in';

/**
 * One session refresh. A rejection signs the visitor out. A failure to reach the server (network, 5xx) while
 * signed in keeps the session: a flaky connection on a route change must not throw a player out mid-game. A
 * browser that holds no session (no login or refresh since the last sign-out) is signed out without asking: the
 * server could only answer 401.
 */
export function* refreshSessionOnce() {
  const api: ApiClient = yield getContext('api');
  const hint: SessionHint = yield getContext('sessionHint');
  const wasAuthenticated: boolean = yield select(selectIsAuthenticated);
  const maySignedIn: boolean = yield call([hint, hint.get]);
  if (!wasAuthenticated && !maySignedIn) {
    yield call(signOutCleanup, NO_SESSION_REASON);
    return;
  }
  try {
    const session: Session = yield call(refreshSession, api);
    yield call([hint, hint.set]);
    yield put(sessionRefreshed(session));
  } catch (error) {
    const message = errorMessage(error, ERROR_DEFAULTS.refresh);
    if (wasAuthenticated && error instanceof ApiError && error.isTransient) {
      yield put(sessionRefreshUnavailable(message));
    } else {
      yield call(signOutCleanup, message);
    }
  }
}

/**
 * Refreshes the session on start and on every route change. A burst of navigations (redirects, StrictMode's double
 * effects, quick taps) makes one call: changes that arrive while a refresh runs, or within the dedupe window after
 * it, are covered by that refresh and dropped.
 */
export function* watchSessionRefresh() {
  const dedupeMs: number = yield getContext('sessionRefreshDedupeMs');
  const routeChanges: Channel<ReturnType<typeof routeChanged>> = yield actionChannel(
    routeChanged.type,
    buffers.sliding(1),
  );
  while (true) {
    yield call(refreshSessionOnce);
    yield delay(dedupeMs);
    yield flush(routeChanges);
    yield take(routeChanges);
  }
}
