import type { ForgotPasswordResetRequest, ForgotPasswordStepData, ForgotPasswordVerifyRequest } from '@app/contracts';
import { FORGOT_PASSWORD_FALLBACKS } from '@app/domain';
import { ApiError, type ApiClient } from '../../shared/api';

/**
 * What a failed step shows (SPEC 8): an answer that says success:false shows its message, else the step's
 * fallback ('Failed to send OTP.', …); a call that fails on the way (no answer, or an error status) shows the
 * response's message, else 'Network error. Please try again.'.
 */
export function forgotPasswordError(error: unknown, stepFallback: string): string {
  if (!(error instanceof ApiError)) return FORGOT_PASSWORD_FALLBACKS.network;
  const answeredFalse = error.status >= 200 && error.status < 300;
  if (answeredFalse) return error.message || stepFallback;
  // The client puts the step's fallback in when the response has no message: on the way, that is the network text.
  return error.message && error.message !== stepFallback ? error.message : FORGOT_PASSWORD_FALLBACKS.network;
}

async function step(api: ApiClient, path: string, body: object, fallback: string): Promise<string | undefined> {
  const { message } = await api.post<ForgotPasswordStepData>(path, body, { defaultMessage: fallback });
  return message;
}

/** POST /auth/forgot-password/request {email}: the server e-mails a code (when the account exists). */
export const requestResetCode = (api: ApiClient, email: string) =>
  step(api, '/auth/forgot-password/request', { email }, FORGOT_PASSWORD_FALLBACKS.request);

/** POST /auth/forgot-password/verify {email, otp}. */
export const verifyResetCode = (api: ApiClient, body: ForgotPasswordVerifyRequest) =>
  step(api, '/auth/forgot-password/verify', body, FORGOT_PASSWORD_FALLBACKS.verify);

/** POST /auth/forgot-password/reset {email, password}: allowed once the code has been verified. */
export const resetPassword = (api: ApiClient, body: ForgotPasswordResetRequest) =>
  step(api, '/auth/forgot-password/reset', body, FORGOT_PASSWORD_FALLBACKS.reset);
