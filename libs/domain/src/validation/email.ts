import { DEFAULT_ALLOWED_EMAIL_DOMAINS } from '../constants/limits.js';

const LOCAL_PART = /^[a-z0-9_%+-]+(\.[a-z0-9_%+-]+)*$/;

/** An e-mail address as stored and compared: trimmed and lower-cased. */
export function normalizeEmail(email: string | null | undefined): string {
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
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
  if (normalized.length > 254) return false;
  const at = normalized.lastIndexOf('@');
  if (at <= 0) return false;
  const local = normalized.slice(0, at);
  const domain = normalized.slice(at + 1);
  if (local.length > 64 || !LOCAL_PART.test(local)) return false;
  return allowedDomains.some((allowed) => allowed.trim().toLowerCase() === domain);
}
