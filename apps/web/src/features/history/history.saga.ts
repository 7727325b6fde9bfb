import type { PlayerBet as Bet } from '../../shared/records';
import { call, getContext, put, takeLatest } from 'redux-saga/effects';
import { errorMessage, type ApiClient } from '../../shared/api';
import { ERROR_DEFAULTS } from '../../shared/constants';
import { betsFetched } from '../bets/bets.slice';
import { fetchBets } from './api';
import { historyFailed, historyRequested } from './history.slice';

export function* loadHistory() {
  const api: ApiClient = yield getContext('api');
  try {
    const bets: Bet[] = yield call(fetchBets, api);
    yield put(betsFetched(bets));
  } catch (error) {
    yield put(historyFailed(errorMessage(error, ERROR_DEFAULTS.bets)));
  }
}

export function* historySaga() {
  yield takeLatest(historyRequested.type, loadHistory);
}
