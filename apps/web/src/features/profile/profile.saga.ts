import { ERROR_DEFAULTS, firstLetter } from '@app/domain';
import type { PayloadAction } from '@reduxjs/toolkit';
import { call, getContext, put, takeLatest, takeLeading } from 'redux-saga/effects';
import { errorMessage, type ApiClient } from '../../shared/api';
import { userRenamed } from '../auth/auth.slice';
import { toastShown } from '../toasts/toasts.slice';
import { fetchProfile, updateProfile } from './api';
import {
  OWN_PROFILE,
  profileFailed,
  profileLoaded,
  profileRequested,
  profileUpdated,
  profileUpdateFailed,
  profileUpdateRequested,
} from './profile.slice';
import type { PlayerProfile } from '../../shared/records';

/** Shown after a name change when the server sends no message. */
export const PROFILE_UPDATED_TEXT = 'Profile updated.';

export function* loadProfileSaga(action: PayloadAction<{ subject: string }>) {
  const api: ApiClient = yield getContext('api');
  const { subject } = action.payload;
  try {
    const profile: PlayerProfile = yield call(fetchProfile, api, subject === OWN_PROFILE ? null : subject);
    yield put(profileLoaded({ subject, profile }));
  } catch (error) {
    yield put(profileFailed({ subject, error: errorMessage(error, ERROR_DEFAULTS.profileFetch) }));
  }
}

export function* updateProfileSaga(action: PayloadAction<{ name: string }>) {
  const api: ApiClient = yield getContext('api');
  try {
    const { profile, message }: { profile: PlayerProfile | null; message?: string } = yield call(
      updateProfile,
      api,
      action.payload,
    );
    const name = profile?.name ?? action.payload.name;
    yield put(profileUpdated(profile ?? { name, firstLetter: firstLetter(name) }));
    yield put(userRenamed(name));
    yield put(toastShown({ kind: 'success', message: message ?? PROFILE_UPDATED_TEXT }));
  } catch (error) {
    yield put(profileUpdateFailed(errorMessage(error, ERROR_DEFAULTS.profileUpdate)));
  }
}

export function* watchProfile() {
  yield takeLatest(profileRequested.type, loadProfileSaga);
  yield takeLeading(profileUpdateRequested.type, updateProfileSaga);
}
