import type { PayloadAction } from '@reduxjs/toolkit';
import type { AwaySummaryData, WithdrawRequest, WithdrawResult } from '@app/contracts';
import type { PlayBreakOption } from '@app/domain';
import { call, getContext, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { RootState } from '../../shared/store-types';
import { errorMessage, type ApiClient, type SessionHint } from '../../shared/api';
import { signedOut } from '../../shared/session';
import { i18n } from '../../shared/i18n/i18n';
import { askToReturn, awayWithdraw, loadAway, takePlayBreak } from './break-api';
import {
  awayFailed,
  awayLoaded,
  awayRequested,
  awayWithdrawDone,
  awayWithdrawFailed,
  awayWithdrawRequested,
  playBreakFailed,
  playBreakRequested,
  playBreakStarted,
  returnDone,
  returnFailed,
  returnRequested,
} from './play-break.slice';
import { PLAY_BREAK_TEXTS } from './play-break-texts';

const tokenOf = (state: RootState) => state.playBreak.refusal?.playBreak.withdrawToken ?? null;

/**
 * POST /play-safely/break. The server has ended every session of the player: the client forgets its token and signs
 * out (the guards then show /login, with the notice of when it ends).
 */
export function* takePlayBreakSaga(action: PayloadAction<PlayBreakOption>) {
  const api: ApiClient = yield getContext('api');
  try {
    const { message }: { message: string } = yield call(takePlayBreak, api, action.payload);
    yield put(playBreakStarted(message));
    const hint: SessionHint = yield getContext('sessionHint');
    yield call([api.tokens, api.tokens.clear]);
    yield call([hint, hint.clear]);
    yield put(signedOut());
  } catch (error) {
    yield put(playBreakFailed(errorMessage(error, PLAY_BREAK_TEXTS.failed)));
  }
}

export function* loadAwaySaga() {
  const api: ApiClient = yield getContext('api');
  const token: string | null = yield select(tokenOf);
  if (!token) return;
  try {
    const summary: AwaySummaryData = yield call(loadAway, api, token);
    yield put(awayLoaded(summary));
  } catch (error) {
    yield put(awayFailed(errorMessage(error, PLAY_BREAK_TEXTS.loadFailed)));
  }
}

export function* awayWithdrawSaga(action: PayloadAction<WithdrawRequest>) {
  const api: ApiClient = yield getContext('api');
  const token: string | null = yield select(tokenOf);
  if (!token) return;
  try {
    const result: WithdrawResult = yield call(awayWithdraw, api, token, action.payload);
    yield put(awayWithdrawDone(i18n.t('playBreak.withdrawDone', { id: result.transactionId })));
    yield put(awayRequested());
  } catch (error) {
    yield put(awayWithdrawFailed(errorMessage(error, PLAY_BREAK_TEXTS.loadFailed)));
  }
}

export function* returnSaga() {
  const api: ApiClient = yield getContext('api');
  const token: string | null = yield select(tokenOf);
  if (!token) return;
  try {
    const { message }: { message: string } = yield call(askToReturn, api, token);
    yield put(returnDone(message));
    yield put(awayRequested());
  } catch (error) {
    yield put(returnFailed(errorMessage(error, PLAY_BREAK_TEXTS.loadFailed)));
  }
}

export function* watchPlayBreak() {
  yield takeLeading(playBreakRequested.type, takePlayBreakSaga);
  yield takeLatest(awayRequested.type, loadAwaySaga);
  yield takeLeading(awayWithdrawRequested.type, awayWithdrawSaga);
  yield takeLeading(returnRequested.type, returnSaga);
}
