import { DEFAULT_ALLOWED_EMAIL_DOMAINS, LOGIN_PASSWORD_MIN_LENGTH } from '../constants/limits.js';
import { isAllowedEmail, normalizeEmail } from './email.js';
import type { FormResult } from './form-result.js';
import { FieldErrorCollector } from './form-result.js';

export const LOGIN_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid Gmail address',
  passwordTooShort: `Password must be at least ${LOGIN_PASSWORD_MIN_LENGTH} characters long`,
} as const;

export interface LoginInput {
  readonly email?: string | null;
  readonly password?: string | null;
}

export interface EmailDomainOptions {
  /** Server config ALLOWED_EMAIL_DOMAINS; default ['gmail.com']. The messages still say Gmail, as the spec does. */
  readonly allowedEmailDomains?: readonly string[];
}

export type LoginField = 'email' | 'password';

/** The login e-mail's error, or null. */
export function validateLoginEmail(email: string | null | undefined, options: EmailDomainOptions = {}): string | null {
  if (normalizeEmail(email) === '') return LOGIN_MESSAGES.emailRequired;
  if (!isAllowedEmail(email, options.allowedEmailDomains ?? DEFAULT_ALLOWED_EMAIL_DOMAINS))
    return LOGIN_MESSAGES.emailInvalid;
  return null;
}

/**
 * The login password's error, or null: required and at least 6 characters. The input's 10-character limit
 * (LOGIN_PASSWORD_INPUT_MAX_LENGTH) is an input attribute, not a rule: registration and a reset allow up to 128.
 */
export function validateLoginPassword(password: string | null | undefined): string | null {
  return typeof password === 'string' && password.length >= LOGIN_PASSWORD_MIN_LENGTH
    ? null
    : LOGIN_MESSAGES.passwordTooShort;
}

/** Login form: per-field errors (shown live while typing), the first error, and the normalised credentials. */
export function validateLogin(
  input: LoginInput,
  options: EmailDomainOptions = {},
): FormResult<LoginField, { email: string; password: string }> {
  const errors = new FieldErrorCollector<LoginField>();
  errors.add('email', validateLoginEmail(input.email, options));
  errors.add('password', validateLoginPassword(input.password));
  return errors.result(() => ({ email: normalizeEmail(input.email), password: input.password ?? '' }));
}
