import { createAction } from '@reduxjs/toolkit';
import { call, getContext, select, take, takeLatest } from 'redux-saga/effects';
import type { ApiClient } from '../../shared/api';
import { currentLanguage, isLanguage, setLanguage, type Language } from '../../shared/i18n/i18n';
import type { PlayerProfile } from '../../shared/records';
import { signedIn } from '../auth/auth.slice';
import { selectIsAuthenticated, selectRole } from '../auth/selectors';
import { fetchProfile } from '../profile/api';
import { registered } from '../register/register.slice';
import { saveLanguage } from './api';

/** The player chose a language with the switch. */
export const languageChosen = createAction<Language>('language/chosen');

/**
 * A choice switches the screens at once; a signed-in player's choice is remembered with the account too, so it
 * follows them to any browser. A failure to save changes nothing on screen (the browser still remembers it).
 */
export function* chooseLanguageSaga(action: ReturnType<typeof languageChosen>) {
  yield call(setLanguage, action.payload);
  const signedInNow: boolean = yield select(selectIsAuthenticated);
  const role: string | null = yield select(selectRole);
  if (!signedInNow || role !== 'user') return;
  const api: ApiClient = yield getContext('api');
  try {
    yield call(saveLanguage, api, action.payload);
  } catch {
    // Kept on this browser; the next choice while signed in saves it.
  }
}

/**
 * On sign-in the app speaks the language the account remembers. Right after a registration the account has only the
 * default, so the language the newcomer has been reading is saved to it instead.
 */
export function* adoptLanguageOnSignIn(justRegistered: boolean) {
  const role: string | null = yield select(selectRole);
  if (role !== 'user') return;
  const api: ApiClient = yield getContext('api');
  try {
    if (justRegistered) {
      yield call(saveLanguage, api, currentLanguage());
      return;
    }
    const profile: PlayerProfile = yield call(fetchProfile, api, null);
    if (isLanguage(profile.language) && profile.language !== currentLanguage())
      yield call(setLanguage, profile.language);
  } catch {
    // The browser's language stays: a profile that cannot be read now must not hold up the sign-in.
  }
}

function* watchSignIns() {
  let justRegistered = false;
  while (true) {
    const action: { type: string } = yield take([registered.type, signedIn.type]);
    if (action.type === registered.type) justRegistered = true;
    else {
      yield call(adoptLanguageOnSignIn, justRegistered);
      justRegistered = false;
    }
  }
}

export function* watchLanguage() {
  yield takeLatest(languageChosen.type, chooseLanguageSaga);
  yield call(watchSignIns);
}
