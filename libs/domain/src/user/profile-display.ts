/**
 * How a player is named and shown. The name falls back to the part of the e-mail before '@' (SPEC §3), and the
 * public profile never shows another player's full address (DESIGN §4).
 */

/** The name to show: the trimmed name, else the e-mail's local part, else ''. */
export function displayName(name: string | null | undefined, email: string | null | undefined): string {
  const trimmedName = typeof name === 'string' ? name.trim() : '';
  if (trimmedName !== '') return trimmedName;
  const address = typeof email === 'string' ? email.trim() : '';
  const at = address.indexOf('@');
  return at >= 0 ? address.slice(0, at) : address;
}

/** The avatar initial: the first character of the display name, upper-cased ('' when there is none). */
export function firstLetter(name: string | null | undefined, email?: string | null): string {
  const shown = displayName(name, email);
  const first = Array.from(shown)[0];
  return first === undefined ? '' : first.toUpperCase();
}

/**
 * An address masked for public view: the first two characters of the local part (one if it is that short), four
 * asterisks, and the domain — 'rahul.k@gmail.com' → 'ra****@gmail.com'. Anything without '@' becomes '****'.
 */
export function maskEmail(email: string | null | undefined): string {
  const address = typeof email === 'string' ? email.trim() : '';
  const at = address.lastIndexOf('@');
  if (at <= 0) return '****';
  const local = Array.from(address.slice(0, at));
  const keep = local.length > 2 ? 2 : 1;
  return `${local.slice(0, keep).join('')}****${address.slice(at)}`;
}
