/**
 * What a new password (registration, reset) must not be, beyond the spec's lengths: one of the most common
 * passwords, or made from the player's own e-mail address. Login never applies these rules (an older password
 * still signs in). The server always checks both; the web forms check the e-mail rule at once and the common
 * list once it has loaded (it is fetched on demand, not shipped in the main bundle), so form and server agree.
 */
export const PASSWORD_MESSAGES = {
  tooCommon: 'This password is too common. Please choose a less common password.',
  fromEmail: 'Password must not be made from your email address.',
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

/** The error of a new password that is long enough, or null: not common, not made from the e-mail. */
export function newPasswordPolicyError(password: string, context: NewPasswordContext = {}): string | null {
  if (context.commonPasswords?.has(password.toLowerCase())) return PASSWORD_MESSAGES.tooCommon;
  if (isMadeFromEmail(password, context.email)) return PASSWORD_MESSAGES.fromEmail;
  return null;
}
