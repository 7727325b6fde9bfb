import type {
  PlaySafelyData,
  PlaySafelyView,
  PlaySession,
  PlaySessionData,
  UpdatePlayerLimitsRequest,
} from '@app/contracts';
import { ApiError, type ApiClient } from '../../shared/api';
import { PLAY_SAFELY_TEXTS } from './play-safely-texts';

/** GET /player/limits → data.playSafely */
export async function fetchLimits(api: ApiClient): Promise<PlaySafelyView> {
  const { data } = await api.get<PlaySafelyData>('/player/limits', { defaultMessage: PLAY_SAFELY_TEXTS.loadFailed });
  if (!data?.playSafely) throw new ApiError(PLAY_SAFELY_TEXTS.loadFailed, 500);
  return data.playSafely;
}

/** PUT /player/limits → data.playSafely (`{}` only records that the limits were offered). */
export async function saveLimits(api: ApiClient, body: UpdatePlayerLimitsRequest): Promise<PlaySafelyView> {
  const { data } = await api.put<PlaySafelyData>('/player/limits', body, {
    defaultMessage: PLAY_SAFELY_TEXTS.saveFailed,
  });
  if (!data?.playSafely) throw new ApiError(PLAY_SAFELY_TEXTS.saveFailed, 500);
  return data.playSafely;
}

/** GET /player/session → data.session */
export async function fetchPlaySession(api: ApiClient): Promise<PlaySession> {
  const { data } = await api.get<PlaySessionData>('/player/session', { defaultMessage: PLAY_SAFELY_TEXTS.loadFailed });
  if (!data?.session) throw new ApiError(PLAY_SAFELY_TEXTS.loadFailed, 500);
  return data.session;
}
