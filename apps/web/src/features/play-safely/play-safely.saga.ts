import type { PlaySafelyView, PlaySession } from '@app/contracts';
import type { PayloadAction } from '@reduxjs/toolkit';
import { call, debounce, getContext, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import { ApiError, errorMessage, type ApiClient, type SessionHint } from '../../shared/api';
import { signedOut } from '../../shared/session';
import { sessionRefreshed, signedIn } from '../auth/auth.slice';
import { betMessageReceived, betResultReceived } from '../socket/live-events';
import { toastShown } from '../toasts/toasts.slice';
import { fetchLimits, fetchPlaySession, saveLimits } from './api';
import { PLAY_SAFELY_TEXTS } from './play-safely-texts';
import { selectLimitsView } from './selectors';
import {
  limitsFailed,
  limitsLoaded,
  limitsRequested,
  limitsSaved,
  limitsSaveFailed,
  limitsSaveRequested,
  playSessionLoaded,
  playSessionRequested,
  realityCheckDue,
  sessionLimitReached,
} from './play-safely.slice';

/** Bets placed and settled in a burst make one reload of the session's figures. */
export const SESSION_RELOAD_DEBOUNCE_MS = 500;

export function* loadLimits() {
  const api: ApiClient = yield getContext('api');
  try {
    const view: PlaySafelyView = yield call(fetchLimits, api);
    yield put(limitsLoaded(view));
  } catch (error) {
    yield put(limitsFailed(errorMessage(error, PLAY_SAFELY_TEXTS.loadFailed)));
  }
}

export function* saveLimitsSaga(action: ReturnType<typeof limitsSaveRequested>) {
  const api: ApiClient = yield getContext('api');
  try {
    const view: PlaySafelyView = yield call(saveLimits, api, action.payload);
    yield put(limitsSaved(view));
  } catch (error) {
    const errors = error instanceof ApiError && error.errors ? { ...error.errors } : undefined;
    yield put(
      limitsSaveFailed({ message: errorMessage(error, PLAY_SAFELY_TEXTS.saveFailed), ...(errors ? { errors } : {}) }),
    );
  }
}

export function* loadPlaySession() {
  const api: ApiClient = yield getContext('api');
  try {
    const session: PlaySession = yield call(fetchPlaySession, api);
    yield put(playSessionLoaded({ session, nowMs: Date.now() }));
  } catch {
    /* the strip keeps its last figures */
  }
}

/** The limits (and whether the sign-up step was offered) load with every signed-in player session. */
function* loadOnSignIn(action: ReturnType<typeof sessionRefreshed> | ReturnType<typeof signedIn>) {
  if (action.payload.role !== 'user') return;
  // A refresh on every route change need not reload them once they are here.
  const view: PlaySafelyView | null = yield select(selectLimitsView);
  if (view && action.type === sessionRefreshed.type) return;
  yield put(limitsRequested());
}

/** The session limit was reached: the server has ended every session; the app signs out and says until when. */
export function* sessionLimitSaga(action: PayloadAction<{ message: string; pausedUntil: string }>) {
  const api: ApiClient = yield getContext('api');
  const hint: SessionHint = yield getContext('sessionHint');
  yield call([api.tokens, api.tokens.clear]);
  yield call([hint, hint.clear]);
  yield put(signedOut());
  yield put(toastShown({ kind: 'error', message: action.payload.message }));
}

export function* watchPlaySafely() {
  yield takeLatest([signedIn.type, sessionRefreshed.type], loadOnSignIn);
  yield takeLatest(limitsRequested.type, loadLimits);
  yield takeLeading(limitsSaveRequested.type, saveLimitsSaga);
  yield takeLatest([playSessionRequested.type, realityCheckDue.type], loadPlaySession);
  yield debounce(SESSION_RELOAD_DEBOUNCE_MS, [betMessageReceived.type, betResultReceived.type], loadPlaySession);
  yield takeLeading(sessionLimitReached.type, sessionLimitSaga);
}
