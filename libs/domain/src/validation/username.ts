/**
 * The username rule, at registration and for the profile name. A name is first normalised (normalizeUsername: NFKC,
 * each run of white space made one space, trimmed), then it must be 3–30 characters (code points) of letters (any
 * script, with their marks), digits, spaces, dots, underscores or hyphens; start with a letter or a digit; hold no
 * default-ignorable code point (invisible: combining grapheme joiner, Khmer inherent vowels, variation selectors,
 * Hangul fillers, …) and no mark that does not sit on a letter (at most USERNAME_MAX_MARKS in a row); and not be a
 * staff or brand name (RESERVED_USERNAMES), compared on the confusable skeleton when it is given (the server always
 * gives it; the web form checks the plain spelling and the server the look-alikes).
 *
 * Two accounts never hold names with the same skeleton (usernameSkeleton, loaded with loadUsernameSkeleton: the
 * Unicode confusables mapping of UTS #39, so `bοss` with a Greek omicron is `boss`): the database keeps it unique.
 */
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
export const USERNAME_PATTERN = /^[\p{L}\p{M}\p{N} ._-]+$/u;
export const USERNAME_MESSAGE = `Username must be ${USERNAME_MIN_LENGTH} to ${USERNAME_MAX_LENGTH} characters: letters, digits, spaces, dots, underscores or hyphens.`;
/** Most marks (accents, vowel signs) one letter may carry. */
export const USERNAME_MAX_MARKS = 4;

export const USERNAME_MESSAGES = {
  rule: USERNAME_MESSAGE,
  start: 'Username must start with a letter or digit.',
  hidden: 'Username must not contain invisible characters or loose accent marks.',
  reserved: 'This username is reserved. Please choose another.',
} as const;

/**
 * Staff and brand names no player may take, in any case, spelling with separators or digits ('Ad_min 2'), or look-alike
 * letters. A name is reserved when its letters alone are one of these, or one of its words is, or its letters contain
 * a brand name anywhere ('WinRound fan').
 */
export const RESERVED_USERNAMES = [
  'admin',
  'administrator',
  'superadmin',
  'sysadmin',
  'root',
  'staff',
  'support',
  'helpdesk',
  'customercare',
  'customersupport',
  'moderator',
  'official',
  'system',
  'security',
  'cashier',
  'payments',
  'billing',
  'operator',
  'noreply',
  'winround',
] as const;
/** Reserved wherever they appear in a name's letters. */
export const RESERVED_BRANDS = ['winround'] as const;

const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;
const LETTER = /\p{L}/u;
const MARK = /\p{M}/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** The stored form of a name: NFKC (fullwidth, ligatures and compatibility forms folded), one space per gap, trimmed. */
export function normalizeUsername(value: string): string {
  return value.normalize('NFKC').replace(/\s+/gu, ' ').trim();
}

export interface UsernameOptions {
  /** The confusable skeleton (loadUsernameSkeleton); without it reserved names are compared as spelt, ignoring case. */
  readonly skeleton?: ((name: string) => string) | null;
}

/** True when every mark follows a letter (directly or after other marks on it), at most USERNAME_MAX_MARKS in a row. */
function marksOnLetters(name: string): boolean {
  let marks = 0;
  let onLetter = false;
  for (const char of name) {
    if (MARK.test(char)) {
      if (!onLetter || ++marks > USERNAME_MAX_MARKS) return false;
    } else {
      onLetter = LETTER.test(char);
      marks = 0;
    }
  }
  return true;
}

/** True when the (normalised) name is a staff or brand name, compared through `skeleton` when given. */
export function isReservedUsername(value: string, options: UsernameOptions = {}): boolean {
  const fold = options.skeleton ?? ((text: string) => text.toLowerCase());
  const lower = normalizeUsername(value).toLowerCase();
  const letters = lower.replace(/[^\p{L}\p{M}]/gu, '');
  const words = lower.split(/[^\p{L}\p{M}]+/u).filter((w) => w !== '');
  const reserved = new Set(RESERVED_USERNAMES.map(fold));
  const lettersFolded = fold(letters);
  if (reserved.has(lettersFolded) || words.some((w) => reserved.has(fold(w)))) return true;
  return RESERVED_BRANDS.some((brand) => lettersFolded.includes(fold(brand)));
}

/** The username rule (normalising first): null when the name may be taken, else the message to show. */
export function usernameError(value: string, options: UsernameOptions = {}): string | null {
  const name = normalizeUsername(value);
  const length = Array.from(name).length;
  if (length < USERNAME_MIN_LENGTH || length > USERNAME_MAX_LENGTH || !USERNAME_PATTERN.test(name))
    return USERNAME_MESSAGES.rule;
  if (DEFAULT_IGNORABLE.test(name) || !marksOnLetters(name)) return USERNAME_MESSAGES.hidden;
  if (!LETTER_OR_DIGIT.test(Array.from(name)[0]!)) return USERNAME_MESSAGES.start;
  if (isReservedUsername(name, options)) return USERNAME_MESSAGES.reserved;
  return null;
}

let skeleton: Promise<(name: string) => string> | undefined;

/**
 * The confusable skeleton of a name (username-skeleton.ts), loaded on demand: its table of look-alike characters is a
 * chunk of its own in the web client, fetched only where it is used. The server loads it once.
 */
export function loadUsernameSkeleton(): Promise<(name: string) => string> {
  skeleton ??= import('./username-skeleton.js').then((module) => module.usernameSkeleton);
  return skeleton;
}
