import { formatPaise } from '@app/domain';
import { indiaTimeFormat } from '../../shared/india-time';

/** Signed paise the spec's way (en-IN, INR, 2 decimals) with its sign: 100000 → +₹1,000.00, -50000 → -₹500.00. */
export function formatSignedPaise(paise: number): string {
  if (paise > 0) return `+${formatPaise(paise)}`;
  return formatPaise(paise);
}

const dateTime = indiaTimeFormat({
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

const TYPE_LABELS: Record<string, string> = {
  DEPOSIT: 'Deposit',
  WITHDRAWAL: 'Withdrawal',
  BONUS: 'Bonus',
  REFUND: 'Refund',
};

/** 'DEPOSIT' → 'Deposit'; anything else is shown raw. */
export function transactionTypeLabel(type: string): string {
  return TYPE_LABELS[type] ?? type;
}
