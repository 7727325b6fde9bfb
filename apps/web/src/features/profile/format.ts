import { i18n } from '../../shared/i18n/i18n';
import { playerTimeFormat } from '../../shared/india-time';
import { formatNumber, formatPaise, formatPaiseShort } from '../../shared/money';

const dateFormat = playerTimeFormat({ day: 'numeric', month: 'short', year: 'numeric' });
const dateTimeFormat = playerTimeFormat({
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
  return date ? dateTimeFormat.format(date) : i18n.t('profile.never');
}

/** Paise as rupees in en-IN with 2 decimals; a missing figure counts as 0. */
export function formatMoney(paise: number | null | undefined): string {
  return formatPaise(typeof paise === 'number' && Number.isSafeInteger(paise) ? paise : 0);
}

/** The share link: `origin#/profile/{id}` (SPEC 2); the app turns the hash into the path on start. */
export function profileShareLink(
  userId: string,
  origin: string = window.location.origin,
  referralCode?: string | null,
): string {
  const ref = referralCode ? `?ref=${encodeURIComponent(referralCode)}` : '';
  return `${origin}#/profile/${encodeURIComponent(userId)}${ref}`;
}

/** The invite link a player shares: registration with their code filled in (`origin/register?ref=CODE`). */
export function inviteLink(referralCode: string, origin: string = window.location.origin): string {
  return `${origin}/register?ref=${encodeURIComponent(referralCode)}`;
}

/**
 * What an invite earns, in the deployment's own terms: 'When a friend joins with your link and their first deposit is
 * approved, you get 10% of it as bonus, up to ₹500. Bonus is for playing: it becomes withdrawable once your settled
 * bets reach 5× it.'
 */
export function inviteTermsText(
  terms: { shareBps: number; capPaise: number },
  bonusWageringMultiplier: number,
): string {
  const share = `${formatNumber(terms.shareBps / 100)}%`;
  const wagering =
    bonusWageringMultiplier > 0 ? i18n.t('profile.inviteWagering', { times: bonusWageringMultiplier }) : '';
  return i18n.t('profile.inviteTerms', { share, cap: formatPaiseShort(terms.capPaise) }) + wagering;
}
