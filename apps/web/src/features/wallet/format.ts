import { i18n } from '../../shared/i18n/i18n';
import { playerTimeFormat } from '../../shared/india-time';
import { formatPaise } from '../../shared/money';

/** Signed paise the spec's way (en-IN, INR, 2 decimals) with its sign: 100000 → +₹1,000.00, -50000 → -₹500.00. */
export function formatSignedPaise(paise: number): string {
  if (paise > 0) return `+${formatPaise(paise)}`;
  return formatPaise(paise);
}

const dateTime = playerTimeFormat({
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** A server timestamp as the player reads it, in India time: '21 Nov 2026, 10:15 am'. */
export function formatDateTime(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : dateTime.format(ms);
}

const TYPES = new Set(['DEPOSIT', 'WITHDRAWAL', 'BONUS', 'REFUND']);

/** 'DEPOSIT' → 'Deposit' (in the player's language); anything else is shown raw. */
export function transactionTypeLabel(type: string): string {
  return TYPES.has(type) ? i18n.t(`wallet.types.${type}`) : type;
}

const METHODS = new Set(['UPI', 'BANK_TRANSFER', 'CARD', 'WALLET', 'BONUS', 'REFUND']);

/** A method's label in the player's language (the domain's METHOD_LABELS in English); anything else raw. */
export function transactionMethodLabel(method: string): string {
  return METHODS.has(method) ? i18n.t(`wallet.methods.${method}`) : method;
}
