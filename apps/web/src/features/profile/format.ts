import { formatPaise } from '@app/domain';
import { indiaTimeFormat } from '../../shared/india-time';

const dateFormat = indiaTimeFormat({ day: 'numeric', month: 'short', year: 'numeric' });
const dateTimeFormat = indiaTimeFormat({
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

function parse(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '21 Nov 2026' (India time); '—' when unknown. */
export function formatDate(value: string | null | undefined): string {
  const date = parse(value);
  return date ? dateFormat.format(date) : '—';
}

/** '21 Nov 2026, 3:05 pm' (India time); 'Never' when there is none. */
export function formatDateTime(value: string | null | undefined): string {
  const date = parse(value);
  return date ? dateTimeFormat.format(date) : 'Never';
}

/** Paise as rupees in en-IN with 2 decimals; a missing figure counts as 0. */
export function formatMoney(paise: number | null | undefined): string {
  return formatPaise(typeof paise === 'number' && Number.isSafeInteger(paise) ? paise : 0);
}

/** The share link: `origin#/profile/{id}` (SPEC 2); the app turns the hash into the path on start. */
export function profileShareLink(userId: string, origin: string = window.location.origin): string {
  return `${origin}#/profile/${encodeURIComponent(userId)}`;
}
