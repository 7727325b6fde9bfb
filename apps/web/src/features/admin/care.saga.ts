import type { PayloadAction } from '@reduxjs/toolkit';
import type { CareFlag, CarePlayer, PlayBreakView } from '@app/contracts';
import type { BreakOption } from '@app/domain';
import { all, call, getContext, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import { ApiError, errorMessage, type ApiClient } from '../../shared/api';
import { toastShown } from '../toasts/toasts.slice';
import { applyBreak, fetchCare, reviewFlag, type CareFilter } from './care-api';
import {
  careActionFailed,
  careActionRequested,
  careBreakApplied,
  careFailed,
  careFlagReviewed,
  careLoaded,
  careRequested,
  type AdminCareState,
} from './care.slice';
import { CARE_TEXTS } from './care-texts';

const selectCare = (state: { adminCare?: AdminCareState }) => state.adminCare;

export function* loadCare(action: PayloadAction<CareFilter>) {
  const api: ApiClient = yield getContext('api');
  try {
    const players: CarePlayer[] = yield call(fetchCare, api, action.payload);
    yield put(careLoaded(players));
  } catch (error) {
    yield put(careFailed(errorMessage(error, CARE_TEXTS.loadFailed)));
  }
}

/** Saves the open dialog (a contact note, a dismissal or a break): the server's message as a toast, field messages in the dialog. */
export function* actOnCare(action: PayloadAction<{ note?: string; option?: string; reason?: string }>) {
  const api: ApiClient = yield getContext('api');
  const state: AdminCareState | undefined = yield select(selectCare);
  const acting = state?.acting?.action;
  if (!acting) return;
  try {
    if (acting.kind === 'break') {
      const { playBreak, message }: { playBreak: PlayBreakView; message?: string } = yield call(
        applyBreak,
        api,
        acting.userId,
        action.payload.option as BreakOption,
        action.payload.reason ?? '',
      );
      yield put(careBreakApplied({ userId: acting.userId, playBreak }));
      if (message) yield put(toastShown({ kind: 'success', message }));
    } else {
      const { flag, message }: { flag: CareFlag; message?: string } = yield call(
        reviewFlag,
        api,
        acting.flagId,
        acting.kind,
        action.payload.note ?? '',
      );
      yield put(careFlagReviewed(flag));
      if (message) yield put(toastShown({ kind: 'success', message }));
    }
  } catch (error) {
    const errors = error instanceof ApiError ? error.errors : undefined;
    yield put(
      careActionFailed({
        message: errorMessage(error, CARE_TEXTS.actionFailed),
        ...(errors ? { errors: { ...errors } } : {}),
      }),
    );
  }
}

export function* watchAdminCare() {
  yield all([takeLatest(careRequested.type, loadCare), takeLeading(careActionRequested.type, actOnCare)]);
}
