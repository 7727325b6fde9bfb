import {
  DEFAULT_ALLOWED_EMAIL_DOMAINS,
  OTP_LENGTH,
  PASSWORD_MAX_LENGTH,
  RESET_PASSWORD_MIN_LENGTH,
} from '../constants/limits.js';
import { isAllowedEmail, normalizeEmail } from './email.js';
import type { FormResult } from './form-result.js';
import { FieldErrorCollector, trimmed } from './form-result.js';
import type { EmailDomainOptions } from './login.js';
import { isOtp } from './otp.js';
import { newPasswordPolicyError, type NewPasswordContext } from './password.js';

export const FORGOT_PASSWORD_MESSAGES = {
  emailNotAllowed: 'Only Gmail addresses are accepted.',
  otpInvalid: `Please enter the ${OTP_LENGTH}-digit OTP sent to your Gmail.`,
  passwordTooShort: `Password must be at least ${RESET_PASSWORD_MIN_LENGTH} characters.`,
  /**
   * The spec capped a new password at 16 ('less than 16'); registration takes up to 128, so a reset does too
   * (a passphrase set at registration can be set again) with the same words as registration's cap.
   */
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
  passwordsDontMatch: 'Passwords do not match.',
} as const;

/** The four steps of the reset screen. */
export const FORGOT_PASSWORD_STEPS = ['email', 'otp', 'reset', 'done'] as const;
export type ForgotPasswordStep = (typeof FORGOT_PASSWORD_STEPS)[number];

/** Step 'email': an allowed address (also when empty: the spec has one message for this step). */
export function validateForgotPasswordEmail(
  email: string | null | undefined,
  options: EmailDomainOptions = {},
): string | null {
  return isAllowedEmail(email, options.allowedEmailDomains ?? DEFAULT_ALLOWED_EMAIL_DOMAINS)
    ? null
    : FORGOT_PASSWORD_MESSAGES.emailNotAllowed;
}

/** Step 'otp': exactly 6 digits. */
export function validateForgotPasswordOtp(otp: string | null | undefined): string | null {
  return isOtp(trimmed(otp)) ? null : FORGOT_PASSWORD_MESSAGES.otpInvalid;
}

/**
 * Step 'reset', the new password: at least 6 characters and at most 128 (registration's cap: the spec's 16 refused
 * passphrases that registration accepts), then not a common one and not made from the e-mail address (`context`,
 * see password.ts).
 */
export function validateNewPassword(
  password: string | null | undefined,
  context: NewPasswordContext = {},
): string | null {
  const value = password ?? '';
  if (value.length < RESET_PASSWORD_MIN_LENGTH) return FORGOT_PASSWORD_MESSAGES.passwordTooShort;
  if (value.length > PASSWORD_MAX_LENGTH) return FORGOT_PASSWORD_MESSAGES.passwordTooLong;
  return newPasswordPolicyError(value, context);
}

export type ResetPasswordField = 'password' | 'confirmPassword';

/** Step 'reset': the new password's rules (with the address of step 1 in `context`), then the confirmation must equal it. */
export function validateResetPassword(
  input: {
    readonly password?: string | null;
    readonly confirmPassword?: string | null;
  },
  context: NewPasswordContext = {},
): FormResult<ResetPasswordField, { password: string }> {
  const errors = new FieldErrorCollector<ResetPasswordField>();
  const password = input.password ?? '';
  errors.add('password', validateNewPassword(password, context));
  if (password !== (input.confirmPassword ?? ''))
    errors.add('confirmPassword', FORGOT_PASSWORD_MESSAGES.passwordsDontMatch);
  return errors.result(() => ({ password }));
}

export type ForgotPasswordField = 'email' | 'otp' | 'password' | 'confirmPassword';

/**
 * The whole reset as the server's final call sees it (e-mail, code, new password; the confirmation is optional
 * because the spec's reset call carries only {email, password}). Returns the normalised e-mail.
 */
export function validateForgotPassword(
  input: {
    readonly email?: string | null;
    readonly otp?: string | null;
    readonly password?: string | null;
    readonly confirmPassword?: string | null;
  },
  options: EmailDomainOptions & {
    readonly requireOtp?: boolean;
    readonly commonPasswords?: NewPasswordContext['commonPasswords'];
  } = {},
): FormResult<ForgotPasswordField, { email: string; otp?: string; password: string }> {
  const errors = new FieldErrorCollector<ForgotPasswordField>();
  errors.add('email', validateForgotPasswordEmail(input.email, options));
  const otp = trimmed(input.otp);
  if (options.requireOtp || otp !== '') errors.add('otp', validateForgotPasswordOtp(otp));
  const password = input.password ?? '';
  errors.add(
    'password',
    validateNewPassword(password, { email: input.email, commonPasswords: options.commonPasswords }),
  );
  if (input.confirmPassword !== undefined && input.confirmPassword !== null && input.confirmPassword !== password) {
    errors.add('confirmPassword', FORGOT_PASSWORD_MESSAGES.passwordsDontMatch);
  }
  return errors.result(() => ({ email: normalizeEmail(input.email), ...(otp !== '' ? { otp } : {}), password }));
}
