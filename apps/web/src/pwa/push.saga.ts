import { call, getContext, put, select, takeLeading } from 'redux-saga/effects';
import type { PushKeyData } from '@app/contracts';
import type { ApiClient } from '../shared/api';
import type { RootState } from '../shared/store-types';
import { toastShown } from '../features/toasts/toasts.slice';
import { subscribeBrowser } from './browser-push';
import { i18n } from '../shared/i18n/i18n';
import { pushAnswered, pushKeyLoaded, pushKeyRequested, pushTurnedOn } from './push.slice';

function* loadKey() {
  const known: string | null | undefined = yield select((state: RootState) => state.push.publicKey);
  if (known !== undefined) return;
  const api: ApiClient = yield getContext('api');
  try {
    const { data }: { data: PushKeyData } = yield call([api, api.get], '/push/key', { defaultMessage: '' });
    yield put(pushKeyLoaded(data.publicKey));
  } catch {
    yield put(pushKeyLoaded(null));
  }
}

function* turnOn() {
  const key: string | null | undefined = yield select((state: RootState) => state.push.publicKey);
  if (!key) {
    yield put(pushAnswered('failed'));
    return;
  }
  const api: ApiClient = yield getContext('api');
  try {
    const subscription: PushSubscriptionJSON | null = yield call(subscribeBrowser, key);
    if (!subscription) {
      yield put(pushAnswered('declined'));
      return;
    }
    yield call([api, api.put], '/push/subscription', subscription, { defaultMessage: i18n.t('push.failed') });
    yield put(pushAnswered('on'));
    yield put(toastShown({ kind: 'success', message: i18n.t('push.on') }));
  } catch {
    yield put(pushAnswered('failed'));
    yield put(toastShown({ kind: 'error', message: i18n.t('push.failed') }));
  }
}

/** The push offer's calls: the server's key when the offer may show, the subscription when the player says yes. */
export function* watchPushOffer() {
  yield takeLeading(pushKeyRequested.type, loadKey);
  yield takeLeading(pushTurnedOn.type, turnOn);
}
