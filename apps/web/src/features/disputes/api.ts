import type { Dispute, DisputeData, DisputesData, OpenDisputeRequest } from '@app/contracts';
import { ApiError, type ApiClient } from '../../shared/api';
import { DISPUTES_TEXTS } from './disputes-texts';

/** GET /disputes → the player's disputes, newest first. */
export async function fetchDisputes(api: ApiClient): Promise<Dispute[]> {
  const { data } = await api.get<DisputesData>('/disputes', { defaultMessage: DISPUTES_TEXTS.loadFailed });
  if (!Array.isArray(data?.disputes)) throw new ApiError(DISPUTES_TEXTS.loadFailed, 500);
  return data.disputes;
}

/** POST /disputes {betId | transactionId, message} → the dispute and the server's message. */
export async function openDispute(
  api: ApiClient,
  request: OpenDisputeRequest,
): Promise<{ dispute: Dispute; message?: string }> {
  const { data, message } = await api.post<DisputeData>('/disputes', request, {
    defaultMessage: DISPUTES_TEXTS.openFailed,
  });
  if (!data?.dispute) throw new ApiError(DISPUTES_TEXTS.openFailed, 500);
  return { dispute: data.dispute, ...(message ? { message } : {}) };
}

/** PUT /disputes/:id/close → the closed dispute. */
export async function closeDispute(api: ApiClient, id: string): Promise<Dispute> {
  const { data } = await api.put<DisputeData>(
    `/disputes/${encodeURIComponent(id)}/close`,
    {},
    { defaultMessage: DISPUTES_TEXTS.closeFailed },
  );
  if (!data?.dispute) throw new ApiError(DISPUTES_TEXTS.closeFailed, 500);
  return data.dispute;
}
