import { DEFAULT_ALLOWED_EMAIL_DOMAINS, EMAIL_MAX_LENGTH } from '../constants/limits.js';

const LOCAL_PART = /^[a-z0-9_%+-]+(\.[a-z0-9_%+-]+)*$/;

/** An e-mail address as stored and compared: trimmed and lower-cased. */
export function normalizeEmail(email: string | null | undefined): string {
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

/** Domains whose mailboxes ignore case, dots and a `+tag` in the local part; googlemail.com is gmail.com. */
export const GMAIL_DOMAINS: readonly string[] = ['gmail.com', 'googlemail.com'];

/**
 * The person an address stands for, used to keep one account per person: lower-cased, a `+tag` dropped from the
 * local part (sub-addressing delivers to the same mailbox, RFC 5233), and for Gmail the dots dropped and
 * googlemail.com read as gmail.com. 'Ravi.Kumar+win@GoogleMail.com' → 'ravikumar@gmail.com';
 * 'ravi+2@corp.in' → 'ravi@corp.in'. A local part that starts with '+' keeps it (there is nothing before the tag).
 *
 * The database computes the same key (function email_identity_key, migration 0005) into users.email_key; a test
 * holds the two to the same answers.
 */
export function emailIdentityKey(email: string | null | undefined): string {
  const address = normalizeEmail(email);
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const tag = local.indexOf('+');
  if (tag > 0) local = local.slice(0, tag);
  if (GMAIL_DOMAINS.includes(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

/**
 * True when the address is well formed and its domain is one of `allowedDomains` (server config
 * ALLOWED_EMAIL_DOMAINS, default gmail.com). Case and surrounding spaces do not matter.
 */
export function isAllowedEmail(
  email: string | null | undefined,
  allowedDomains: readonly string[] = DEFAULT_ALLOWED_EMAIL_DOMAINS,
): boolean {
  const normalized = normalizeEmail(email);
  if (normalized.length > EMAIL_MAX_LENGTH) return false;
  const at = normalized.lastIndexOf('@');
  if (at <= 0) return false;
  const local = normalized.slice(0, at);
  const domain = normalized.slice(at + 1);
  if (local.length > 64 || !LOCAL_PART.test(local)) return false;
  return allowedDomains.some((allowed) => allowed.trim().toLowerCase() === domain);
}
