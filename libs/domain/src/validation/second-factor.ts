import { OTP_LENGTH } from '../constants/limits.js';
import type { FormResult } from './form-result.js';
import { FieldErrorCollector } from './form-result.js';
import { isOtp } from './otp.js';
import { validateAdminPassword, type NewPasswordContext } from './password.js';

/**
 * What a sign-in needs beyond the password, and its texts (the web client and the server say the same thing):
 *
 * - an e-mailed code, once an account has had too many failed sign-ins (from anywhere): random, 6 digits, valid
 *   10 minutes, single use, e-mailed to the account's own address at most every 2 minutes;
 * - the code of an authenticator app (TOTP, RFC 6238: 6 digits every 30 s), or one of the account's recovery codes,
 *   once a second factor is enrolled (super-admins).
 *
 * A sign-in that lacks a factor it needs is answered with the same challenge whether or not its password was right,
 * so the answer tells a guesser nothing; the missing fields are named in the error's `errors` (LOGIN_FACTOR_FIELDS).
 */

/** The login request's fields for the factors beyond the password (and the keys of a challenge's `errors`). */
export const LOGIN_FACTOR_FIELDS = ['code', 'totp'] as const;
export type LoginFactorField = (typeof LOGIN_FACTOR_FIELDS)[number];

/** How long an e-mailed sign-in code stays valid, and how often at most a new one is e-mailed. */
export const SIGN_IN_CODE_VALID_MINUTES = 10;
export const SIGN_IN_CODE_RESEND_MINUTES = 2;

/** Authenticator codes: 6 digits for a 30-second step (what every authenticator app shows by default). */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** The issuer an authenticator app shows beside the account. */
export const TOTP_ISSUER = 'WinRound';

/** Recovery codes: how many are issued at once, and their shape (10 characters shown as 'abcde-fghij'). */
export const RECOVERY_CODE_COUNT = 10;
export const RECOVERY_CODE_LENGTH = 10;
/** Lower-case letters and digits that cannot be mistaken for one another (no 0/o, 1/l/i). */
export const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export const SECOND_FACTOR_MESSAGES = {
  /** The challenge of an account that needs an e-mailed code (said whether or not the password was right). */
  codeRequired:
    `For your security this sign-in needs a code as well. If the password is right, we have e-mailed a ${OTP_LENGTH}-digit ` +
    `code to the account's address (valid for ${SIGN_IN_CODE_VALID_MINUTES} minutes): enter it with your password.`,
  /** The field message of that challenge. */
  codeField: `Enter the ${OTP_LENGTH}-digit code we e-mailed to you.`,
  codeInvalid: `Please enter the ${OTP_LENGTH}-digit code from the e-mail.`,
  /** The challenge of an account with an authenticator. */
  totpRequired: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  totpField: 'Enter the code from your authenticator app, or a recovery code.',
  totpInvalid: 'Please enter the 6-digit code from your authenticator app, or a recovery code (like abcde-fghjk).',
  /** Any refusal of a sign-in that presented its codes: the password, a code or both were wrong (never which). */
  signInRefused: 'The password or a code is not right. Please check them and try again.',
  /** Added to a refusal that needed an e-mailed code. */
  newCodeHint: `No e-mail, or the code has expired? Sign in without a code after ${SIGN_IN_CODE_RESEND_MINUTES} minutes and we will e-mail a new one.`,
  /** Enrolment and the console. */
  enrolmentStarted: 'Scan the QR code with your authenticator app (or type the key), then enter the code it shows.',
  enrolmentNotStarted: 'Start the enrolment again: no authenticator is waiting for confirmation.',
  enrolled: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe: they are shown only once.',
  alreadyEnrolled: 'An authenticator is already enrolled. Enter its code (or a recovery code) to replace it.',
  notEnrolled: 'No authenticator is enrolled yet.',
  codeWrong: 'This code is not right. Check the time on your phone and try the newest code.',
  recoveryCodesRenewed: 'New recovery codes: the old ones no longer work. They are shown only once.',
  /** The admin console's banners. */
  waivedBanner:
    'Two-factor sign-in is waived (ADMIN_2FA_WAIVED): this account signs in with its password alone. Enrol an authenticator in Setting, then remove the waiver.',
  notEnrolledBanner:
    'This account signs in with its password alone. Enrol an authenticator in Setting (production requires it).',
} as const;

/** An authenticator code as typed: its digits once spaces are dropped ('123 456' → '123456'). */
export function totpDigits(text: string | null | undefined): string {
  return typeof text === 'string' ? text.replace(/\s+/g, '') : '';
}

/** True for exactly 6 ASCII digits (spaces ignored). */
export function isTotpCode(text: string | null | undefined): boolean {
  return new RegExp(`^[0-9]{${TOTP_DIGITS}}$`).test(totpDigits(text));
}

/** A recovery code as stored and compared: lower case, without spaces and dashes ('ABCDE-FGHJK' → 'abcdefghjk'). */
export function normalizeRecoveryCode(text: string | null | undefined): string {
  return typeof text === 'string' ? text.toLowerCase().replace(/[\s-]+/g, '') : '';
}

const RECOVERY_CODE = new RegExp(`^[${RECOVERY_CODE_ALPHABET}]{${RECOVERY_CODE_LENGTH}}$`);

/** True for a well-formed recovery code (case, spaces and dashes ignored). */
export function isRecoveryCode(text: string | null | undefined): boolean {
  return RECOVERY_CODE.test(normalizeRecoveryCode(text));
}

/** A recovery code as shown: 'abcdefghjk' → 'abcde-fghjk'. */
export function formatRecoveryCode(code: string): string {
  const normalized = normalizeRecoveryCode(code);
  const half = Math.ceil(normalized.length / 2);
  return `${normalized.slice(0, half)}-${normalized.slice(half)}`;
}

/** The error of an authenticator field (a TOTP code or a recovery code), or null. */
export function secondFactorCodeError(text: string | null | undefined): string | null {
  return isTotpCode(text) || isRecoveryCode(text) ? null : SECOND_FACTOR_MESSAGES.totpInvalid;
}

/** The error of an e-mailed sign-in code, or null. */
export function signInCodeError(text: string | null | undefined): string | null {
  return isOtp(typeof text === 'string' ? text.trim() : text) ? null : SECOND_FACTOR_MESSAGES.codeInvalid;
}

export const ADMIN_PASSWORD_MESSAGES = {
  currentRequired: 'Please enter your current password.',
  currentWrong: 'Your current password is not right.',
  sameAsCurrent: 'The new password must be different from the current one.',
  passwordsDontMatch: 'Passwords do not match.',
  changed: 'Your password has been changed. Every other session of this account has been signed out.',
} as const;

export type AdminPasswordChangeField = 'currentPassword' | 'newPassword' | 'confirmPassword' | 'code';

export interface AdminPasswordChangeInput {
  readonly currentPassword?: string | null;
  readonly newPassword?: string | null;
  readonly confirmPassword?: string | null;
  /** The authenticator's code or a recovery code (needed once an authenticator is enrolled). */
  readonly code?: string | null;
}

/**
 * The administrator's password change, as the console's form and the server check it: the current password; the new
 * one by the administrator's rule (at least 12 characters, not only spaces, not one character repeated, not common,
 * not made from the e-mail), different from the current one; the confirmation equal to it; and, when `requireCode`
 * (an authenticator is enrolled), its code or a recovery code.
 */
export function validateAdminPasswordChange(
  input: AdminPasswordChangeInput,
  context: NewPasswordContext & { readonly requireCode?: boolean } = {},
): FormResult<AdminPasswordChangeField, { currentPassword: string; newPassword: string; code?: string }> {
  const errors = new FieldErrorCollector<AdminPasswordChangeField>();
  const currentPassword = input.currentPassword ?? '';
  const newPassword = input.newPassword ?? '';
  const code = typeof input.code === 'string' ? input.code.trim() : '';
  if (currentPassword === '') errors.add('currentPassword', ADMIN_PASSWORD_MESSAGES.currentRequired);
  errors.add('newPassword', validateAdminPassword(newPassword, context));
  if (!errors.has('newPassword') && currentPassword !== '' && newPassword === currentPassword)
    errors.add('newPassword', ADMIN_PASSWORD_MESSAGES.sameAsCurrent);
  if (newPassword !== (input.confirmPassword ?? ''))
    errors.add('confirmPassword', ADMIN_PASSWORD_MESSAGES.passwordsDontMatch);
  if (context.requireCode || code !== '') errors.add('code', secondFactorCodeError(code));
  return errors.result(() => ({ currentPassword, newPassword, ...(code !== '' ? { code } : {}) }));
}
