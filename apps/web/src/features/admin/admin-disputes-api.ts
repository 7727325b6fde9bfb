import type { AdminDispute, AdminDisputeData, AdminDisputesData, DisputeStatus } from '@app/contracts';
import { ApiError, type ApiClient } from '../../shared/api';
import { ADMIN_DISPUTES_TEXTS } from './admin-disputes-texts';

/** GET /admin/disputes?status → the disputes of one status with their evidence. */
export async function fetchAdminDisputes(api: ApiClient, status: DisputeStatus): Promise<AdminDispute[]> {
  const { data } = await api.get<AdminDisputesData>(`/admin/disputes?status=${status}`, {
    defaultMessage: ADMIN_DISPUTES_TEXTS.loadFailed,
  });
  if (!Array.isArray(data?.disputes)) throw new ApiError(ADMIN_DISPUTES_TEXTS.loadFailed, 500);
  return data.disputes;
}

/** PUT /admin/disputes/:id/answer {answer} or /close → the dispute as it is now, and the server's message. */
export async function actOnDispute(
  api: ApiClient,
  id: string,
  action: { answer: string } | 'close',
): Promise<{ dispute: AdminDispute; message?: string }> {
  const path = `/admin/disputes/${encodeURIComponent(id)}/${action === 'close' ? 'close' : 'answer'}`;
  const defaultMessage = action === 'close' ? ADMIN_DISPUTES_TEXTS.closeFailed : ADMIN_DISPUTES_TEXTS.answerFailed;
  const { data, message } = await api.put<AdminDisputeData>(path, action === 'close' ? {} : action, { defaultMessage });
  if (!data?.dispute) throw new ApiError(defaultMessage, 500);
  return { dispute: data.dispute, ...(message ? { message } : {}) };
}
