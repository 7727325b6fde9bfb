import type { PayloadAction } from '@reduxjs/toolkit';
import type { AdminDispute, DisputeStatus } from '@app/contracts';
import { DISPUTE_MESSAGES } from '@app/domain';
import { all, call, getContext, put, takeLatest, takeLeading } from 'redux-saga/effects';
import { ApiError, errorMessage, type ApiClient } from '../../shared/api';
import { toastShown } from '../toasts/toasts.slice';
import { actOnDispute, fetchAdminDisputes } from './admin-disputes-api';
import {
  adminDisputeActionDone,
  adminDisputeActionFailed,
  adminDisputeActionRequested,
  adminDisputesFailed,
  adminDisputesLoaded,
  adminDisputesRequested,
} from './admin-disputes.slice';
import { ADMIN_DISPUTES_TEXTS } from './admin-disputes-texts';

export function* loadAdminDisputes(action: PayloadAction<DisputeStatus>) {
  const api: ApiClient = yield getContext('api');
  try {
    const disputes: AdminDispute[] = yield call(fetchAdminDisputes, api, action.payload);
    yield put(adminDisputesLoaded(disputes));
  } catch (error) {
    yield put(adminDisputesFailed(errorMessage(error, ADMIN_DISPUTES_TEXTS.loadFailed)));
  }
}

export function* actOnAdminDispute(action: PayloadAction<{ id: string; action: { answer: string } | 'close' }>) {
  const api: ApiClient = yield getContext('api');
  const closing = action.payload.action === 'close';
  try {
    const { dispute, message }: { dispute: AdminDispute; message?: string } = yield call(
      actOnDispute,
      api,
      action.payload.id,
      action.payload.action,
    );
    yield put(adminDisputeActionDone(dispute));
    yield put(
      toastShown({
        kind: 'success',
        message: message ?? (closing ? DISPUTE_MESSAGES.closedDone : DISPUTE_MESSAGES.answered),
      }),
    );
  } catch (error) {
    const errors = error instanceof ApiError ? error.errors : undefined;
    yield put(
      adminDisputeActionFailed({
        message: errorMessage(error, closing ? ADMIN_DISPUTES_TEXTS.closeFailed : ADMIN_DISPUTES_TEXTS.answerFailed),
        ...(errors ? { errors: { ...errors } } : {}),
      }),
    );
  }
}

export function* watchAdminDisputes() {
  yield all([
    takeLatest(adminDisputesRequested.type, loadAdminDisputes),
    takeLeading(adminDisputeActionRequested.type, actOnAdminDispute),
  ]);
}
