import { ERROR_DEFAULTS } from '@app/domain';
import type { PayloadAction } from '@reduxjs/toolkit';
import { call, getContext, put, takeLeading } from 'redux-saga/effects';
import { errorMessage, type ApiClient } from '../../shared/api';
import { toastShown } from '../toasts/toasts.slice';
import { register, type RegisterOutcome } from './api';
import {
  registerCodeRequested,
  registerCodeSent,
  registerCodeSubmitted,
  registered,
  registerFailed,
  type RegisterDetails,
} from './register.slice';

/** Shown on /login after the account is created, when the server sends no message of its own. */
export const REGISTERED_TEXT = 'Registration successful. Please log in.';

/** Step 1 (and resend): the same call without a code; the server e-mails one. */
export function* requestCodeSaga(action: PayloadAction<RegisterDetails>) {
  const api: ApiClient = yield getContext('api');
  try {
    const outcome: RegisterOutcome = yield call(register, api, action.payload);
    if (outcome.kind === 'created') {
      // Cannot happen without a code; treat it as done rather than ask for one.
      yield put(registered());
      yield put(toastShown({ kind: 'success', message: outcome.message ?? REGISTERED_TEXT }));
      return;
    }
    yield put(registerCodeSent(outcome.email, outcome.message ?? null));
  } catch (error) {
    yield put(registerFailed(errorMessage(error, ERROR_DEFAULTS.registration)));
  }
}

/** Step 2: the same call with the code; a created account goes to /login with a toast. */
export function* submitCodeSaga(action: PayloadAction<RegisterDetails & { otp: string }>) {
  const api: ApiClient = yield getContext('api');
  try {
    const outcome: RegisterOutcome = yield call(register, api, action.payload);
    if (outcome.kind !== 'created') throw new Error('no account');
    yield put(registered());
    yield put(toastShown({ kind: 'success', message: outcome.message ?? REGISTERED_TEXT }));
  } catch (error) {
    yield put(registerFailed(errorMessage(error, ERROR_DEFAULTS.registration)));
  }
}

export function* watchRegister() {
  yield takeLeading(registerCodeRequested.type, requestCodeSaga);
  yield takeLeading(registerCodeSubmitted.type, submitCodeSaga);
}
