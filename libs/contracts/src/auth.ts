import type { PlayerLanguage } from './user.js';
import type { Role } from '@app/domain';

export type { Role };

export interface AuthUser {
  _id: string;
  name: string;
  email: string;
  role: Role;
}

/**
 * POST /auth/login. `code` and `totp` are sent once the server has asked for them: a refused login (401) whose
 * `errors` has a `code` key needs the code e-mailed to the account (after too many failed sign-ins), a `totp` key
 * the account's authenticator code or a recovery code (LoginChallengeErrors).
 */
export interface LoginRequest {
  email: string;
  password: string;
  /** The 6-digit code e-mailed to the account (step-up after repeated failures). */
  code?: string;
  /** The authenticator app's 6-digit code, or one of the account's recovery codes. */
  totp?: string;
}
/** `errors` of a 401 login answer that asks for more than the password: the fields to add, each with its message. */
export interface LoginChallengeErrors {
  code?: string;
  totp?: string;
}
export interface LoginData {
  user: AuthUser;
  accessToken: string;
}

/** GET /auth/refresh-token → the refreshed session. */
export type RefreshSessionData = LoginData;

/** POST /refresh-token → a new access token (used by the 401 retry rule). */
export interface RefreshTokenData {
  accessToken: string;
}

/** GET /auth/logout → data is empty; the refresh cookie is cleared. Always succeeds (idempotent). */
export type LogoutData = Record<string, never>;

/** Optional acknowledgement of the socket's `new-token` event (when the client passes a callback). */
export interface NewTokenAck {
  success: boolean;
  message?: string;
}

/** POST /auth/register: sent first without `otp` (e-mails the code), then with it (creates the user). */
export interface RegisterRequest {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  referralCode?: string;
  otp?: string;
  terms: boolean;
  /**
   * 'YYYY-MM-DD'; players are 18 or older on the IST date. The web form always sends it; an API client older than the
   * field may omit it, and the account is then asked for it before its first deposit.
   */
  dateOfBirth?: string;
  /**
   * The language the newcomer reads the app in: the code's e-mail is written in it and the account keeps it
   * (default 'en-IN').
   */
  language?: PlayerLanguage;
}
export interface RegisterCodeSentData {
  otpSent: true;
  email: string;
}
export interface RegisterCreatedData {
  user: AuthUser;
}

/** POST /auth/forgot-password and /auth/forgot-password/request */
export interface ForgotPasswordRequest {
  email: string;
}
/** POST /auth/forgot-password/verify */
export interface ForgotPasswordVerifyRequest {
  email: string;
  otp: string;
}
/** POST /auth/forgot-password/reset */
export interface ForgotPasswordResetRequest {
  email: string;
  password: string;
  /** Optional (the spec's call carries only the password); when sent, it must equal the password. */
  confirmPassword?: string;
}
/** The forgot-password steps answer `{ success, message }` (data is empty). */
export type ForgotPasswordStepData = Record<string, never>;

/** The username rule (registration and the profile name) is the domain's; re-exported for the forms that import it here. */
export {
  USERNAME_MAX_LENGTH,
  USERNAME_MESSAGE,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
  usernameError,
} from '@app/domain';
