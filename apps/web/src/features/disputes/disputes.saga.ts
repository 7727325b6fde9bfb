import type { PayloadAction } from '@reduxjs/toolkit';
import type { Dispute } from '@app/contracts';
import { DISPUTE_MESSAGES } from '@app/domain';
import { all, call, getContext, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import { ApiError, errorMessage, type ApiClient } from '../../shared/api';
import { toastShown } from '../toasts/toasts.slice';
import { closeDispute, fetchDisputes, openDispute } from './api';
import {
  disputeCloseFailed,
  disputeCloseRequested,
  disputeClosed,
  disputeOpenFailed,
  disputeOpenRequested,
  disputeOpened,
  disputesFailed,
  disputesLoaded,
  disputesRequested,
  type DisputesState,
} from './disputes.slice';
import { DISPUTES_TEXTS } from './disputes-texts';

const selectDisputes = (state: { disputes: DisputesState }) => state.disputes;

export function* loadDisputes() {
  const api: ApiClient = yield getContext('api');
  try {
    const disputes: Dispute[] = yield call(fetchDisputes, api);
    yield put(disputesLoaded(disputes));
  } catch (error) {
    yield put(disputesFailed(errorMessage(error, DISPUTES_TEXTS.loadFailed)));
  }
}

/** Sends the open form's dispute: the server's message as a toast, its field messages in the form. */
export function* sendDispute(action: PayloadAction<{ message: string }>) {
  const api: ApiClient = yield getContext('api');
  const state: DisputesState = yield select(selectDisputes);
  const subject = state.form?.subject;
  if (!subject) return;
  try {
    const request =
      subject.type === 'bet'
        ? { betId: subject.id, message: action.payload.message }
        : { transactionId: subject.id, message: action.payload.message };
    const { dispute, message }: { dispute: Dispute; message?: string } = yield call(openDispute, api, request);
    yield put(disputeOpened(dispute));
    yield put(toastShown({ kind: 'success', message: message ?? DISPUTE_MESSAGES.opened }));
  } catch (error) {
    const errors = error instanceof ApiError ? error.errors : undefined;
    yield put(
      disputeOpenFailed({
        message: errorMessage(error, DISPUTES_TEXTS.openFailed),
        ...(errors ? { errors: { ...errors } } : {}),
      }),
    );
  }
}

export function* closeOwnDispute(action: PayloadAction<string>) {
  const api: ApiClient = yield getContext('api');
  try {
    const dispute: Dispute = yield call(closeDispute, api, action.payload);
    yield put(disputeClosed(dispute));
    yield put(toastShown({ kind: 'success', message: DISPUTE_MESSAGES.closedDone }));
  } catch (error) {
    yield put(disputeCloseFailed());
    yield put(toastShown({ kind: 'error', message: errorMessage(error, DISPUTES_TEXTS.closeFailed) }));
  }
}

export function* watchDisputes() {
  yield all([
    takeLatest(disputesRequested.type, loadDisputes),
    takeLeading(disputeOpenRequested.type, sendDispute),
    takeLeading(disputeCloseRequested.type, closeOwnDispute),
  ]);
}
