import type {
  AppliedBreakData,
  CareData,
  CareFlag,
  CareFlagData,
  CareFlagStatus,
  CarePlayer,
  PlayBreakView,
} from '@app/contracts';
import type { BreakOption } from '@app/domain';
import { ApiError, type ApiClient } from '../../shared/api';
import { CARE_TEXTS } from './care-texts';

export type CareFilter = CareFlagStatus | 'all';

/** GET /admin/care?status= → flagged players with their flags (open ones by default). */
export async function fetchCare(api: ApiClient, status: CareFilter): Promise<CarePlayer[]> {
  const { data } = await api.get<CareData>(`/admin/care${status === 'open' ? '' : `?status=${status}`}`, {
    defaultMessage: CARE_TEXTS.loadFailed,
  });
  if (!Array.isArray(data?.players)) throw new ApiError(CARE_TEXTS.loadFailed, 500);
  return data.players;
}

/** PUT /admin/care/:id/contacted|dismissed {note} → the flag as it is now, and the server's message. */
export async function reviewFlag(
  api: ApiClient,
  flagId: string,
  status: 'contacted' | 'dismissed',
  note: string,
): Promise<{ flag: CareFlag; message?: string }> {
  const { data, message } = await api.put<CareFlagData>(
    `/admin/care/${encodeURIComponent(flagId)}/${status}`,
    { note },
    { defaultMessage: CARE_TEXTS.actionFailed },
  );
  if (!data?.flag) throw new ApiError(CARE_TEXTS.actionFailed, 500);
  return { flag: data.flag, ...(message ? { message } : {}) };
}

/** POST /admin/players/:userId/break {option, reason} → the break now in force, and the server's message. */
export async function applyBreak(
  api: ApiClient,
  userId: string,
  option: BreakOption,
  reason: string,
): Promise<{ playBreak: PlayBreakView; message?: string }> {
  const { data, message } = await api.post<AppliedBreakData>(
    `/admin/players/${encodeURIComponent(userId)}/break`,
    { option, reason },
    { defaultMessage: CARE_TEXTS.actionFailed },
  );
  if (!data?.playBreak) throw new ApiError(CARE_TEXTS.actionFailed, 500);
  return { playBreak: data.playBreak, ...(message ? { message } : {}) };
}
