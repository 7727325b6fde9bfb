import type { AdminIdentitiesData, AdminIdentityData, AdminIdentitySubmission } from '@app/contracts';
import { ApiError, type ApiClient } from '../../shared/api';
import { ADMIN_IDENTITY_TEXTS } from './identity-texts';

export type IdentityFilter = 'pending' | 'verified' | 'rejected' | 'all';

/** GET /admin/identity?status → data.submissions (document numbers masked). */
export async function fetchIdentitySubmissions(
  api: ApiClient,
  status: IdentityFilter,
): Promise<AdminIdentitySubmission[]> {
  const { data } = await api.get<AdminIdentitiesData>(`/admin/identity?status=${status}`, {
    defaultMessage: ADMIN_IDENTITY_TEXTS.loadFailed,
  });
  if (!Array.isArray(data?.submissions)) throw new ApiError(ADMIN_IDENTITY_TEXTS.loadFailed, 500);
  return data.submissions;
}

/** PUT /admin/identity/:submissionId/verify|reject → the submission as decided, and the server's message. */
export async function decideIdentity(
  api: ApiClient,
  submissionId: string,
  action: 'verify' | 'reject',
  reason?: string,
): Promise<{ submission: AdminIdentitySubmission; message?: string }> {
  const { data, message } = await api.put<AdminIdentityData>(
    `/admin/identity/${encodeURIComponent(submissionId)}/${action}`,
    action === 'reject' ? { reason } : {},
    {
      defaultMessage: ADMIN_IDENTITY_TEXTS.actionFailed,
    },
  );
  if (!data?.submission) throw new ApiError(ADMIN_IDENTITY_TEXTS.actionFailed, 500);
  return { submission: data.submission, ...(message ? { message } : {}) };
}
