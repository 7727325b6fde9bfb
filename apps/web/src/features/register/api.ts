import type { RegisterCodeSentData, RegisterCreatedData, RegisterRequest } from '@app/contracts';
import { ERROR_DEFAULTS } from '@app/domain';
import { ApiError, type ApiClient } from '../../shared/api';
import { currentLanguage } from '../../shared/i18n/i18n';

export type RegisterOutcome =
  { kind: 'codeSent'; email: string; message?: string } | { kind: 'created'; message?: string };

/**
 * POST /auth/register. Sent first without `otp` (the server e-mails the code), then with it (the server creates
 * the account: 201 with the user). A returned user means the account exists. The language the newcomer reads the
 * app in goes with both: the code's e-mail is written in it and the account keeps it.
 */
export async function register(api: ApiClient, body: RegisterRequest): Promise<RegisterOutcome> {
  const { data, message } = await api.post<Partial<RegisterCodeSentData & RegisterCreatedData> | undefined>(
    '/auth/register',
    { ...body, language: body.language ?? currentLanguage() },
    { defaultMessage: ERROR_DEFAULTS.registration },
  );
  if (data?.user) return { kind: 'created', message };
  if (body.otp === undefined) return { kind: 'codeSent', email: data?.email ?? body.email, message };
  throw new ApiError(ERROR_DEFAULTS.registration, 500);
}
