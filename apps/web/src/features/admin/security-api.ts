import type {
  AdminPasswordChangeRequest,
  AdminSecurity,
  AdminSecurityData,
  RecoveryCodesData,
  TwoFactorEnrolmentData,
} from '@app/contracts';
import { ApiError, type ApiClient } from '../../shared/api';
import { SECURITY_TEXTS } from './security-texts';

/** GET /admin/security → data.security. */
export async function fetchAdminSecurity(api: ApiClient): Promise<AdminSecurity> {
  const { data } = await api.get<AdminSecurityData>('/admin/security', { defaultMessage: SECURITY_TEXTS.loadFailed });
  if (!data?.security) throw new ApiError(SECURITY_TEXTS.loadFailed, 500);
  return data.security;
}

/** POST /admin/two-factor/enrolment {code?} → the new key, shown once. */
export async function startTwoFactorEnrolment(api: ApiClient, code?: string): Promise<TwoFactorEnrolmentData> {
  const { data } = await api.post<TwoFactorEnrolmentData>('/admin/two-factor/enrolment', code ? { code } : {}, {
    defaultMessage: SECURITY_TEXTS.enrolFailed,
  });
  if (!data?.secret || !data.otpauthUri) throw new ApiError(SECURITY_TEXTS.enrolFailed, 500);
  return data;
}

/** POST /admin/two-factor/confirm {code} → the recovery codes, shown once. */
export async function confirmTwoFactor(api: ApiClient, code: string): Promise<string[]> {
  const { data } = await api.post<RecoveryCodesData>(
    '/admin/two-factor/confirm',
    { code },
    { defaultMessage: SECURITY_TEXTS.confirmFailed },
  );
  if (!Array.isArray(data?.recoveryCodes)) throw new ApiError(SECURITY_TEXTS.confirmFailed, 500);
  return data.recoveryCodes;
}

/** POST /admin/two-factor/recovery-codes {code} → a new set of recovery codes, shown once. */
export async function renewRecoveryCodes(api: ApiClient, code: string): Promise<string[]> {
  const { data } = await api.post<RecoveryCodesData>(
    '/admin/two-factor/recovery-codes',
    { code },
    { defaultMessage: SECURITY_TEXTS.renewFailed },
  );
  if (!Array.isArray(data?.recoveryCodes)) throw new ApiError(SECURITY_TEXTS.renewFailed, 500);
  return data.recoveryCodes;
}

/** PUT /admin/password → the server's message. */
export async function changeAdminPassword(
  api: ApiClient,
  request: AdminPasswordChangeRequest,
): Promise<string | undefined> {
  const { message } = await api.put<Record<string, never>>('/admin/password', request, {
    defaultMessage: SECURITY_TEXTS.passwordFailed,
  });
  return message;
}
