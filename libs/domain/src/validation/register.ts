import { dateOfBirthError } from '../identity/date-of-birth.js';
import { istDateKey } from '../period/ist-day.js';
import { DEFAULT_ALLOWED_EMAIL_DOMAINS, OTP_LENGTH, REGISTER_PASSWORD_MIN_LENGTH } from '../constants/limits.js';
import { isAllowedEmail, normalizeEmail } from './email.js';
import type { FormResult } from './form-result.js';
import { FieldErrorCollector, trimmed } from './form-result.js';
import type { EmailDomainOptions } from './login.js';
import { LOGIN_MESSAGES } from './login.js';
import { isOtp } from './otp.js';
import { newPasswordPolicyError, type NewPasswordContext } from './password.js';
import { normalizeUsername } from './username.js';

export const REGISTER_MESSAGES = {
  allFieldsRequired: 'All fields are required',
  /** The spec gives no registration message for a bad address; the login one is used. */
  emailInvalid: LOGIN_MESSAGES.emailInvalid,
  passwordTooShort: `Password must be at least ${REGISTER_PASSWORD_MIN_LENGTH} characters`,
  passwordsDontMatch: "Passwords don't match!",
  termsRequired: 'You must agree to the terms and conditions',
  /** The spec gives no message for the registration code; this mirrors the forgot-password one. */
  codeInvalid: `Please enter the ${OTP_LENGTH}-digit code sent to your Gmail.`,
} as const;

export interface RegisterInput {
  readonly username?: string | null;
  readonly email?: string | null;
  readonly password?: string | null;
  readonly confirmPassword?: string | null;
  readonly referralCode?: string | null;
  readonly terms?: boolean | null;
  /** The 6-digit code of step 2. Absent or empty in step 1 (the call that sends the code). */
  readonly otp?: string | null;
  /** 'YYYY-MM-DD'; the player must be 18 on the IST date. The form requires it; an API client older than it may omit it. */
  readonly dateOfBirth?: string | null;
}

export interface RegisterOptions extends EmailDomainOptions {
  /** Step 2: the code must be present. Without this flag a non-empty code is still checked. */
  readonly requireOtp?: boolean;
  /** The common-password list (loadCommonPasswords); the server always passes it. */
  readonly commonPasswords?: NewPasswordContext['commonPasswords'];
  /**
   * The date of birth must be given (the web form). Without this flag an absent one is accepted (an API client older
   * than the field: the account is asked for it before its first deposit), a given one is always checked.
   */
  readonly requireDateOfBirth?: boolean;
  /** Today's IST date 'YYYY-MM-DD' (ages are counted on it); the current one when absent. */
  readonly today?: string;
}

export type RegisterField = 'username' | 'email' | 'password' | 'confirmPassword' | 'dateOfBirth' | 'terms' | 'otp';

export interface RegisterValue {
  readonly username: string;
  readonly email: string;
  readonly password: string;
  /** Trimmed; absent when empty (the field is optional). */
  readonly referralCode?: string;
  /** Present in step 2. */
  readonly otp?: string;
  /** 'YYYY-MM-DD' of someone 18 or older; absent when an API client did not send it. */
  readonly dateOfBirth?: string;
}

/**
 * Registration, checked in the spec's order: all of username, e-mail, password and confirmation present; e-mail
 * allowed; password at least 6 characters, not a common one and not made from the e-mail (password.ts);
 * passwords equal; the date of birth (a real date, 18 or older on the IST date: "You must be 18 or older to play.");
 * terms accepted; then (step 2) a 6-digit code.
 */
export function validateRegister(
  input: RegisterInput,
  options: RegisterOptions = {},
): FormResult<RegisterField, RegisterValue> {
  const errors = new FieldErrorCollector<RegisterField>();
  // Stored as normalised (NFKC, one space per gap): the name checked is the name kept.
  const username = typeof input.username === 'string' ? normalizeUsername(input.username) : '';
  const email = normalizeEmail(input.email);
  const password = input.password ?? '';
  const confirmPassword = input.confirmPassword ?? '';
  const otp = trimmed(input.otp);

  if (username === '') errors.add('username', REGISTER_MESSAGES.allFieldsRequired);
  if (email === '') errors.add('email', REGISTER_MESSAGES.allFieldsRequired);
  if (password === '') errors.add('password', REGISTER_MESSAGES.allFieldsRequired);
  if (confirmPassword === '') errors.add('confirmPassword', REGISTER_MESSAGES.allFieldsRequired);

  if (!errors.has('email') && !isAllowedEmail(email, options.allowedEmailDomains ?? DEFAULT_ALLOWED_EMAIL_DOMAINS)) {
    errors.add('email', REGISTER_MESSAGES.emailInvalid);
  }
  if (!errors.has('password') && password.length < REGISTER_PASSWORD_MIN_LENGTH) {
    errors.add('password', REGISTER_MESSAGES.passwordTooShort);
  }
  if (!errors.has('password')) {
    errors.add('password', newPasswordPolicyError(password, { email, commonPasswords: options.commonPasswords }));
  }
  if (!errors.has('password') && !errors.has('confirmPassword') && password !== confirmPassword) {
    errors.add('confirmPassword', REGISTER_MESSAGES.passwordsDontMatch);
  }
  const dateOfBirth = trimmed(input.dateOfBirth);
  if (dateOfBirth === '' && options.requireDateOfBirth) errors.add('dateOfBirth', REGISTER_MESSAGES.allFieldsRequired);
  else if (dateOfBirth !== '')
    errors.add('dateOfBirth', dateOfBirthError(dateOfBirth, options.today ?? istDateKey(Date.now())));
  if (input.terms !== true) errors.add('terms', REGISTER_MESSAGES.termsRequired);
  if ((options.requireOtp || otp !== '') && !isOtp(otp)) errors.add('otp', REGISTER_MESSAGES.codeInvalid);

  const referralCode = trimmed(input.referralCode);
  return errors.result(() => ({
    username,
    email,
    password,
    ...(referralCode !== '' ? { referralCode } : {}),
    ...(otp !== '' ? { otp } : {}),
    ...(dateOfBirth !== '' ? { dateOfBirth } : {}),
  }));
}
