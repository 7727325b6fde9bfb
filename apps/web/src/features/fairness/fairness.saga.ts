import type { FairnessInfo } from '@app/contracts';
import { call, getContext, put, takeLatest } from 'redux-saga/effects';
import { errorMessage, type ApiClient } from '../../shared/api';
import { FAIRNESS_ERROR, FAIRNESS_PERIOD_ERROR, fetchFairness, fetchFairnessPeriod } from './api';
import {
  fairnessFailed,
  fairnessLoaded,
  fairnessRequested,
  periodLookupFailed,
  periodLookupLoaded,
  periodLookupRequested,
  type LookedUpPeriod,
} from './fairness.slice';

function* loadFairness() {
  const api: ApiClient = yield getContext('api');
  try {
    const info: FairnessInfo = yield call(fetchFairness, api);
    yield put(fairnessLoaded(info));
  } catch (error) {
    yield put(fairnessFailed(errorMessage(error, FAIRNESS_ERROR)));
  }
}

function* lookUpPeriod({ payload: periodId }: ReturnType<typeof periodLookupRequested>) {
  const api: ApiClient = yield getContext('api');
  try {
    const period: LookedUpPeriod = yield call(fetchFairnessPeriod, api, periodId);
    yield put(periodLookupLoaded(period));
  } catch (error) {
    yield put(periodLookupFailed(errorMessage(error, FAIRNESS_PERIOD_ERROR)));
  }
}

export function* fairnessSaga() {
  yield takeLatest(fairnessRequested.type, loadFairness);
  yield takeLatest(periodLookupRequested.type, lookUpPeriod);
}
