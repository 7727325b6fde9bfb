import type { LoginRequest } from '@app/contracts';
import { ERROR_DEFAULTS, LOGIN_FACTOR_FIELDS, type LoginFactorField } from '@app/domain';
import type { PayloadAction } from '@reduxjs/toolkit';
import { call, getContext, put, takeLeading } from 'redux-saga/effects';
import { ApiError, errorMessage, type ApiClient, type SessionHint } from '../../shared/api';
import { signedOut } from '../../shared/session';
import { playBreakRefused } from '../play-safely/play-break.slice';
import { toastShown } from '../toasts/toasts.slice';
import { loginWithPassword, logout } from './api';
import { loginChallenged, loginFailed, loginRequested, logoutFailed, logoutRequested } from './auth-forms.slice';
import { signedIn } from './auth.slice';
import type { Session } from './types';

/** The factors a refused login asks for (a 401 whose `errors` names `code` or `totp`), in the form's order. */
export function challengedFields(error: unknown): LoginFactorField[] {
  if (!(error instanceof ApiError) || error.status !== 401 || !error.errors) return [];
  return LOGIN_FACTOR_FIELDS.filter((field) => typeof error.errors?.[field] === 'string');
}

/**
 * POST /auth/login. Success signs the player in (the guards then route by role); a refusal that asks for a code (the
 * e-mailed one, or the authenticator's) makes the form ask for it; any other failure shows the message.
 */
export function* loginSaga(action: PayloadAction<LoginRequest>) {
  const api: ApiClient = yield getContext('api');
  try {
    const session: Session = yield call(loginWithPassword, api, action.payload);
    const hint: SessionHint = yield getContext('sessionHint');
    yield call([hint, hint.set]);
    yield put(signedIn(session));
  } catch (error) {
    const fields = challengedFields(error);
    const message = errorMessage(error, ERROR_DEFAULTS.login);
    // A break or self-exclusion: the message says until when, and the form links to the withdraw-only page.
    if (error instanceof ApiError && error.playBreak)
      yield put(playBreakRefused({ message, playBreak: error.playBreak }));
    if (fields.length === 0) yield put(loginFailed(message));
    else yield put(loginChallenged({ fields, message, refused: fields.every((field) => !!action.payload[field]) }));
  }
}

/**
 * GET /auth/logout. On success: forget the token and reset every user-scoped slice (the screens then go to
 * /login). A 401 means the session is already gone on the server: the same clean-up. Any other failure keeps
 * the session (the refresh cookie is still valid, so pretending to be signed out would not last) and says so.
 */
export function* logoutSaga() {
  const api: ApiClient = yield getContext('api');
  try {
    yield call(logout, api);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) {
      const message = errorMessage(error, ERROR_DEFAULTS.logout);
      yield put(logoutFailed(message));
      yield put(toastShown({ kind: 'error', message }));
      return;
    }
  }
  const hint: SessionHint = yield getContext('sessionHint');
  yield call([api.tokens, api.tokens.clear]);
  yield call([hint, hint.clear]);
  yield put(signedOut());
}

export function* watchLogin() {
  yield takeLeading(loginRequested.type, loginSaga);
}

export function* watchLogout() {
  yield takeLeading(logoutRequested.type, logoutSaga);
}
