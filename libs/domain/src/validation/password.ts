import { PASSWORD_MAX_LENGTH } from '../constants/limits.js';

/** An administrator's password is at least this long (players keep the spec's lengths). */
export const ADMIN_PASSWORD_MIN_LENGTH = 12;

/**
 * What a new password (registration, reset, an administrator's change) must not be, beyond the lengths: only
 * spaces, one character repeated ('aaaaaa'), one of the most common passwords, or made from the account's own
 * e-mail address. Login never applies these rules (an older password still signs in). The server always checks
 * them all; the web forms check them at once, the common list once it has loaded (it is fetched on demand, not
 * shipped in the main bundle), so form and server agree.
 */
export const PASSWORD_MESSAGES = {
  blank: 'Password must not be only spaces.',
  oneCharacter: 'Password must not be one character repeated (like "aaaaaa").',
  tooCommon: 'This password is too common. Please choose a less common password.',
  fromEmail: 'Password must not be made from your email address.',
  adminTooShort: `An administrator's password must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters.`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
} as const;

export interface NewPasswordContext {
  /** The player's e-mail address (as typed): the password must not be made from it. */
  readonly email?: string | null;
  /** The common-password list (loadCommonPasswords); without it that rule is not checked. */
  readonly commonPasswords?: ReadonlySet<string> | null;
}

let commonPasswords: Promise<ReadonlySet<string>> | undefined;

/** The common-password list as a set of lower-case entries, loaded once. */
export function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  commonPasswords ??= import('./common-passwords.js').then(
    ({ COMMON_PASSWORDS }) => new Set(COMMON_PASSWORDS.split('\n').filter((entry) => entry !== '')),
  );
  return commonPasswords;
}

/** Letters and digits only, lower-cased: 'Ravi.Kumar_1' → 'ravikumar1'. */
function lettersAndDigits(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * True when the password is the e-mail's local part (its `+tag` dropped) or the whole address, ignoring case and
 * anything but letters and digits, optionally followed by digits: for ravi.kumar@gmail.com that refuses
 * 'ravi.kumar', 'RaviKumar', 'ravikumar123', 'ravi.kumar@2024' and 'ravi.kumar@gmail.com'.
 */
export function isMadeFromEmail(password: string, email: string | null | undefined): boolean {
  const address = typeof email === 'string' ? email.trim() : '';
  const at = address.lastIndexOf('@');
  if (at <= 0) return false;
  const local = address.slice(0, at);
  const tag = local.indexOf('+');
  const name = lettersAndDigits(tag > 0 ? local.slice(0, tag) : local);
  if (name === '') return false;
  const typed = lettersAndDigits(password);
  if (typed === lettersAndDigits(address)) return true;
  return typed.startsWith(name) && /^[0-9]*$/.test(typed.slice(name.length));
}

/** True when the password is nothing but white space (spaces, tabs, line breaks …). */
export function isBlankPassword(password: string): boolean {
  return password.trim() === '';
}

/** True when the password is one character (ignoring case) repeated: 'aaaaaa', 'AaAaAa', '111111', '!!!!!!!'. */
export function isOneCharacterRepeated(password: string): boolean {
  const characters = Array.from(password.toLowerCase());
  return characters.length > 1 && characters.every((c) => c === characters[0]);
}

/**
 * The error of a new password that is long enough, or null: not only white space, not one character repeated, not
 * common, not made from the e-mail.
 */
export function newPasswordPolicyError(password: string, context: NewPasswordContext = {}): string | null {
  if (isBlankPassword(password)) return PASSWORD_MESSAGES.blank;
  if (isOneCharacterRepeated(password)) return PASSWORD_MESSAGES.oneCharacter;
  if (context.commonPasswords?.has(password.toLowerCase())) return PASSWORD_MESSAGES.tooCommon;
  if (isMadeFromEmail(password, context.email)) return PASSWORD_MESSAGES.fromEmail;
  return null;
}

/**
 * An administrator's new password (set in the console, or ADMIN_PASSWORD applied in production): at least 12
 * characters and at most the server's cap, then every rule of a player's new password.
 */
export function validateAdminPassword(
  password: string | null | undefined,
  context: NewPasswordContext = {},
): string | null {
  const value = password ?? '';
  if (value.length < ADMIN_PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.adminTooShort;
  if (value.length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  return newPasswordPolicyError(value, context);
}
