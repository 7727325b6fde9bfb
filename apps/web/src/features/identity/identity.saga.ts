import type { PlayerIdentity } from '@app/contracts';
import { call, getContext, put, takeLatest, takeLeading } from 'redux-saga/effects';
import { ApiError, errorMessage, type ApiClient } from '../../shared/api';
import { walletRequested } from '../wallet/wallet.slice';
import { fetchIdentity, saveDateOfBirth, submitIdentity } from './api';
import { IDENTITY_TEXTS } from './identity-texts';
import {
  dateOfBirthSubmitted,
  identityLoaded,
  identityLoadFailed,
  identityRequested,
  identitySaved,
  identitySaveFailed,
  identitySubmitted,
} from './identity.slice';

function refusal(error: unknown, fallback: string) {
  return {
    message: errorMessage(error, fallback),
    ...(error instanceof ApiError && error.errors ? { errors: { ...error.errors } } : {}),
  };
}

export function* loadIdentitySaga() {
  const api: ApiClient = yield getContext('api');
  try {
    const identity: PlayerIdentity = yield call(fetchIdentity, api);
    yield put(identityLoaded(identity));
  } catch (error) {
    yield put(identityLoadFailed(errorMessage(error, IDENTITY_TEXTS.loadFailed)));
  }
}

/** POST /identity, one at a time; the wallet's flags are reloaded (the status drives withdrawal eligibility). */
export function* submitIdentitySaga(action: ReturnType<typeof identitySubmitted>) {
  const api: ApiClient = yield getContext('api');
  try {
    const saved: { identity: PlayerIdentity; message?: string } = yield call(submitIdentity, api, action.payload);
    yield put(identitySaved(saved));
    yield put(walletRequested());
  } catch (error) {
    yield put(identitySaveFailed(refusal(error, IDENTITY_TEXTS.submitFailed)));
  }
}

export function* saveDateOfBirthSaga(action: ReturnType<typeof dateOfBirthSubmitted>) {
  const api: ApiClient = yield getContext('api');
  try {
    const saved: { identity: PlayerIdentity; message?: string } = yield call(saveDateOfBirth, api, action.payload);
    yield put(identitySaved(saved));
  } catch (error) {
    yield put(identitySaveFailed(refusal(error, IDENTITY_TEXTS.dateOfBirthFailed)));
  }
}

export function* watchIdentity() {
  yield takeLatest(identityRequested.type, loadIdentitySaga);
  yield takeLeading(identitySubmitted.type, submitIdentitySaga);
  yield takeLeading(dateOfBirthSubmitted.type, saveDateOfBirthSaga);
}
