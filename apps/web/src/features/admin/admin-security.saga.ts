import type { PayloadAction } from '@reduxjs/toolkit';
import type { AdminPasswordChangeRequest, AdminSecurity, TwoFactorEnrolmentData } from '@app/contracts';
import { ADMIN_PASSWORD_MESSAGES, SECOND_FACTOR_MESSAGES } from '@app/domain';
import { all, call, getContext, put, takeLatest, takeLeading } from 'redux-saga/effects';
import { ApiError, errorMessage, type ApiClient } from '../../shared/api';
import { toastShown } from '../toasts/toasts.slice';
import {
  confirmRequested,
  enrolmentRequested,
  enrolmentStarted,
  passwordChanged,
  passwordChangeFailed,
  passwordChangeRequested,
  recoveryCodesIssued,
  renewRequested,
  securityFailed,
  securityLoaded,
  securityRequested,
  twoFactorFailed,
} from './admin-security.slice';
import {
  changeAdminPassword,
  confirmTwoFactor,
  fetchAdminSecurity,
  renewRecoveryCodes,
  startTwoFactorEnrolment,
} from './security-api';
import { SECURITY_TEXTS } from './security-texts';

export function* loadSecurity() {
  const api: ApiClient = yield getContext('api');
  try {
    const security: AdminSecurity = yield call(fetchAdminSecurity, api);
    yield put(securityLoaded(security));
  } catch (error) {
    const unavailable = error instanceof ApiError && error.status === 404;
    yield put(securityFailed(unavailable ? null : errorMessage(error, SECURITY_TEXTS.loadFailed)));
  }
}

export function* startEnrolment(action: PayloadAction<string | undefined>) {
  const api: ApiClient = yield getContext('api');
  try {
    const enrolment: TwoFactorEnrolmentData = yield call(startTwoFactorEnrolment, api, action.payload);
    yield put(enrolmentStarted(enrolment));
  } catch (error) {
    yield put(twoFactorFailed(errorMessage(error, SECURITY_TEXTS.enrolFailed)));
  }
}

/** Confirm (the new authenticator's first code) or renew (the current code): the recovery codes, then the status. */
function* issueCodes(action: PayloadAction<string>, send: typeof confirmTwoFactor, fallback: string, done: string) {
  const api: ApiClient = yield getContext('api');
  try {
    const codes: string[] = yield call(send, api, action.payload);
    yield put(recoveryCodesIssued(codes));
    yield put(toastShown({ kind: 'success', message: done }));
    yield put(securityRequested());
  } catch (error) {
    yield put(twoFactorFailed(errorMessage(error, fallback)));
  }
}

export function* confirmEnrolment(action: PayloadAction<string>) {
  yield* issueCodes(action, confirmTwoFactor, SECURITY_TEXTS.confirmFailed, SECOND_FACTOR_MESSAGES.enrolled);
}

export function* renewCodes(action: PayloadAction<string>) {
  yield* issueCodes(
    action,
    renewRecoveryCodes,
    SECURITY_TEXTS.renewFailed,
    SECOND_FACTOR_MESSAGES.recoveryCodesRenewed,
  );
}

/** PUT /admin/password: the server's message on success; its per-field messages under the fields on refusal. */
export function* changePassword(action: PayloadAction<AdminPasswordChangeRequest>) {
  const api: ApiClient = yield getContext('api');
  try {
    const message: string | undefined = yield call(changeAdminPassword, api, action.payload);
    const text = message ?? ADMIN_PASSWORD_MESSAGES.changed;
    yield put(passwordChanged(text));
    yield put(toastShown({ kind: 'success', message: text }));
    yield put(securityRequested());
  } catch (error) {
    const errors = error instanceof ApiError ? error.errors : undefined;
    yield put(
      passwordChangeFailed({
        message: errorMessage(error, SECURITY_TEXTS.passwordFailed),
        ...(errors ? { errors: { ...errors } } : {}),
      }),
    );
  }
}

export function* watchAdminSecurity() {
  yield all([
    takeLatest(securityRequested.type, loadSecurity),
    takeLeading(enrolmentRequested.type, startEnrolment),
    takeLeading(confirmRequested.type, confirmEnrolment),
    takeLeading(renewRequested.type, renewCodes),
    takeLeading(passwordChangeRequested.type, changePassword),
  ]);
}
