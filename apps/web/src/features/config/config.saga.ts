import type { ClientConfig } from '@app/contracts';
import { call, delay, getContext, put } from 'redux-saga/effects';
import type { ApiClient } from '../../shared/api';
import { configLoaded } from './config.slice';

/** Waits between attempts while the server's configuration cannot be loaded. */
export const CONFIG_RETRY_MS = [1_000, 3_000, 10_000];

/** The server's configuration, with the moment its answer arrived (which dates its `serverTime`). */
export async function fetchClientConfig(api: ApiClient): Promise<ClientConfig & { receivedAt?: number }> {
  const { data, receivedAt } = await api.get<ClientConfig>('/app-config', {
    defaultMessage: 'Failed to load the configuration',
  });
  if (!data || typeof data !== 'object') throw new Error('Failed to load the configuration');
  return { ...data, receivedAt };
}

/** Loads the server's configuration into the store at start; until then (or if it fails) the spec's values apply. */
export function* loadConfigSaga() {
  const api: ApiClient = yield getContext('api');
  for (let attempt = 0; ; attempt++) {
    try {
      const config: ClientConfig = yield call(fetchClientConfig, api);
      yield put(configLoaded(config));
      return;
    } catch {
      if (attempt >= CONFIG_RETRY_MS.length) return;
      yield delay(CONFIG_RETRY_MS[attempt]!);
    }
  }
}
