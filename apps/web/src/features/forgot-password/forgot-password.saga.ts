import type { ForgotPasswordResetRequest, ForgotPasswordVerifyRequest } from '@app/contracts';
import { FORGOT_PASSWORD_FALLBACKS } from '@app/domain';
import type { PayloadAction } from '@reduxjs/toolkit';
import { call, getContext, put, takeLeading } from 'redux-saga/effects';
import type { ApiClient } from '../../shared/api';
import { forgotPasswordError, requestResetCode, resetPassword, verifyResetCode } from './api';
import {
  forgotPasswordFailed,
  newPasswordSubmitted,
  passwordResetDone,
  resetCodeRequested,
  resetCodeSent,
  resetCodeSubmitted,
  resetCodeVerified,
} from './forgot-password.slice';

export function* requestCodeSaga(action: PayloadAction<string>) {
  const api: ApiClient = yield getContext('api');
  try {
    const message: string | undefined = yield call(requestResetCode, api, action.payload);
    yield put(resetCodeSent(action.payload, message));
  } catch (error) {
    yield put(forgotPasswordFailed(forgotPasswordError(error, FORGOT_PASSWORD_FALLBACKS.request)));
  }
}

export function* verifyCodeSaga(action: PayloadAction<ForgotPasswordVerifyRequest>) {
  const api: ApiClient = yield getContext('api');
  try {
    const message: string | undefined = yield call(verifyResetCode, api, action.payload);
    yield put(resetCodeVerified(message ?? null));
  } catch (error) {
    yield put(forgotPasswordFailed(forgotPasswordError(error, FORGOT_PASSWORD_FALLBACKS.verify)));
  }
}

export function* resetPasswordSaga(action: PayloadAction<ForgotPasswordResetRequest>) {
  const api: ApiClient = yield getContext('api');
  try {
    const message: string | undefined = yield call(resetPassword, api, action.payload);
    yield put(passwordResetDone(message ?? null));
  } catch (error) {
    yield put(forgotPasswordFailed(forgotPasswordError(error, FORGOT_PASSWORD_FALLBACKS.reset)));
  }
}

export function* watchForgotPassword() {
  yield takeLeading(resetCodeRequested.type, requestCodeSaga);
  yield takeLeading(resetCodeSubmitted.type, verifyCodeSaga);
  yield takeLeading(newPasswordSubmitted.type, resetPasswordSaga);
}
