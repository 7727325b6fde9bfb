import type { BetProof, FairnessInfo, FairnessPeriodData, FairnessStats } from '@app/contracts';
import { call, getContext, put, takeLatest } from 'redux-saga/effects';
import { ApiError, errorMessage, type ApiClient } from '../../shared/api';
import {
  BET_PROOF_ERROR,
  FAIRNESS_ERROR,
  FAIRNESS_PERIOD_ERROR,
  FAIRNESS_STATS_ERROR,
  fetchBetProof,
  fetchFairness,
  fetchFairnessPeriod,
  fetchFairnessStats,
} from './api';
import {
  betProofFailed,
  betProofLoaded,
  betProofRequested,
  fairnessFailed,
  fairnessLoaded,
  fairnessRequested,
  fairnessStatsFailed,
  fairnessStatsLoaded,
  fairnessStatsRequested,
  periodLookupFailed,
  periodLookupLoaded,
  periodLookupRequested,
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
    const data: FairnessPeriodData = yield call(fetchFairnessPeriod, api, periodId);
    yield put(periodLookupLoaded(data));
  } catch (error) {
    yield put(periodLookupFailed(errorMessage(error, FAIRNESS_PERIOD_ERROR)));
  }
}

function* loadStats() {
  const api: ApiClient = yield getContext('api');
  try {
    const stats: FairnessStats = yield call(fetchFairnessStats, api);
    yield put(fairnessStatsLoaded(stats));
  } catch (error) {
    yield put(fairnessStatsFailed(errorMessage(error, FAIRNESS_STATS_ERROR)));
  }
}

/** The signed-in player's proof for one of their bets (the api client sends their session). */
function* loadBetProof({ payload: betId }: ReturnType<typeof betProofRequested>) {
  const api: ApiClient = yield getContext('api');
  try {
    const proof: BetProof = yield call(fetchBetProof, api, betId);
    yield put(betProofLoaded({ betId, proof }));
  } catch (error) {
    const status = error instanceof ApiError ? error.status : 0;
    yield put(betProofFailed({ betId, error: errorMessage(error, BET_PROOF_ERROR), status }));
  }
}

export function* fairnessSaga() {
  yield takeLatest(fairnessRequested.type, loadFairness);
  yield takeLatest(periodLookupRequested.type, lookUpPeriod);
  yield takeLatest(fairnessStatsRequested.type, loadStats);
  yield takeLatest(betProofRequested.type, loadBetProof);
}
