import { OTP_LENGTH, PASSWORD_MAX_LENGTH } from '@app/domain';
import { OTP_MAX_ATTEMPTS, OTP_TTL_MINUTES, RESET_TICKET_MINUTES } from './otp-policy.js';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What the identity calls answer (the spec's own texts live in @app/domain and are used as they are). */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password.',
  emailTaken: 'This email is already registered. Please log in instead.',
  invalidReferral: 'Invalid referral code.',
  ownReferral: 'You cannot use your own referral code.',
  adminReferral: 'This referral code belongs to an administrator and cannot be used.',
  codeSent: (email: string) =>
    `We have sent a ${OTP_LENGTH}-digit code to ${email}. It is valid for ${OTP_TTL_MINUTES} minutes.`,
  registered: 'Registration successful. Please log in.',
  codeExpired: 'This code has expired or is no longer valid. Please request a new one.',
  codeWrong: (left: number) => `Incorrect code. ${plural(left, 'attempt', 'attempts')} left.`,
  codeLocked: `Too many incorrect attempts (${OTP_MAX_ATTEMPTS}). Please request a new code.`,
  sessionExpired: 'Your session has expired. Please log in again.',
  loggedIn: 'Logged in successfully.',
  refreshed: 'Session refreshed.',
  loggedOut: 'Logged out successfully.',
  accountSuspended: 'This account has been suspended. Please contact support.',
  resetCodeSent: `If an account exists for this email, we have sent a ${OTP_LENGTH}-digit code to it. It is valid for ${OTP_TTL_MINUTES} minutes.`,
  codeVerified: 'Code verified. You can now set a new password.',
  resetNotVerified: `Please verify the code sent to your email first. A verified code can be used once, within ${RESET_TICKET_MINUTES} minutes, in the browser that verified it.`,
  passwordReset: 'Your password has been reset. Please log in with your new password.',
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
  tooManyLogins: (minutes: number) =>
    `Too many login attempts. Please try again in ${plural(minutes, 'minute', 'minutes')}.`,
  tooManyCodes: (minutes: number) =>
    `Too many codes requested. Please try again in ${plural(minutes, 'minute', 'minutes')}.`,
  tooManyResets: (minutes: number) =>
    `Too many password reset attempts. Please try again in ${plural(minutes, 'minute', 'minutes')}.`,
  tooManyCodeChecks: (minutes: number) =>
    `Too many code attempts. Please try again in ${plural(minutes, 'minute', 'minutes')}.`,
  tooManySecretChecks: (minutes: number) =>
    `Too many attempts. Please try again in ${plural(minutes, 'minute', 'minutes')}.`,
} as const;
