import type { PayloadAction } from '@reduxjs/toolkit';
import type { AdminIdentitySubmission } from '@app/contracts';
import { IDENTITY_MESSAGES } from '@app/domain';
import { all, call, getContext, put, takeLatest, takeLeading } from 'redux-saga/effects';
import { ApiError, errorMessage, type ApiClient } from '../../shared/api';
import { toastShown } from '../toasts/toasts.slice';
import { decideIdentity, fetchIdentitySubmissions, type IdentityFilter } from './identity-api';
import {
  identityDecided,
  identityDecisionFailed,
  identityDecisionRequested,
  identitySubmissionsFailed,
  identitySubmissionsLoaded,
  identitySubmissionsRequested,
} from './identity.slice';
import { ADMIN_IDENTITY_TEXTS } from './identity-texts';

export function* loadIdentitySubmissions(action: PayloadAction<IdentityFilter>) {
  const api: ApiClient = yield getContext('api');
  try {
    const submissions: AdminIdentitySubmission[] = yield call(fetchIdentitySubmissions, api, action.payload);
    yield put(identitySubmissionsLoaded(submissions));
  } catch (error) {
    yield put(identitySubmissionsFailed(errorMessage(error, ADMIN_IDENTITY_TEXTS.loadFailed)));
  }
}

/** Verify, or reject with a reason: the server's message as a toast, its field messages in the dialog. */
export function* decideIdentitySubmission(
  action: PayloadAction<{ submissionId: string; action: 'verify' | 'reject'; reason?: string }>,
) {
  const api: ApiClient = yield getContext('api');
  const { submissionId, action: decision, reason } = action.payload;
  try {
    const { submission, message }: { submission: AdminIdentitySubmission; message?: string } = yield call(
      decideIdentity,
      api,
      submissionId,
      decision,
      reason,
    );
    yield put(identityDecided(submission));
    yield put(
      toastShown({
        kind: 'success',
        message: message ?? (decision === 'verify' ? IDENTITY_MESSAGES.verified : IDENTITY_MESSAGES.rejected),
      }),
    );
  } catch (error) {
    const errors = error instanceof ApiError ? error.errors : undefined;
    yield put(
      identityDecisionFailed({
        message: errorMessage(error, ADMIN_IDENTITY_TEXTS.actionFailed),
        ...(errors ? { errors: { ...errors } } : {}),
      }),
    );
  }
}

export function* watchAdminIdentity() {
  yield all([
    takeLatest(identitySubmissionsRequested.type, loadIdentitySubmissions),
    takeLeading(identityDecisionRequested.type, decideIdentitySubmission),
  ]);
}
