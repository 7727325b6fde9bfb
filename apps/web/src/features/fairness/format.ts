import { i18n } from '../../shared/i18n/i18n';
import { playerTimeFormat } from '../../shared/india-time';
import { formatNumber, formatRupees } from '../../shared/money';

/** Small formatters the fairness texts share (India time, Indian digit grouping), in the player's language. */

const instant = playerTimeFormat({
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** 1000000 → '10,00,000'. */
export const count = (n: number) => formatNumber(n);

/** Epoch ms → '21 Nov 2026, 00:00:25 IST' ('unknown time' when not a time). */
export function istTime(ms: number): string {
  return Number.isFinite(ms) ? `${instant.format(ms)} IST` : i18n.t('fairness.unknownTime');
}

/** An ISO time as istTime, or '—' when absent. */
export const isoTime = (iso: string | null | undefined) => (iso ? istTime(Date.parse(iso)) : '—');

/** A length of time: '1.9 s', '4 min 5 s', '3 h 12 min', '2 d 4 h'. */
export function duration(ms: number): string {
  const abs = Math.abs(ms);
  const s = Math.floor(abs / 1000);
  if (abs < 60_000)
    return i18n.t('fairness.duration.seconds', { s: (Math.round(abs / 100) / 10).toLocaleString('en-IN') });
  if (abs < 3_600_000) return i18n.t('fairness.duration.minutes', { m: Math.floor(s / 60), s: s % 60 });
  if (abs < 86_400_000)
    return i18n.t('fairness.duration.hours', { h: Math.floor(s / 3600), m: Math.floor((s % 3600) / 60) });
  return i18n.t('fairness.duration.days', { d: Math.floor(s / 86_400), h: Math.floor((s % 86_400) / 3600) });
}

/** 0.0981 → '9.8%'. */
export const percent = (x: number) => `${(Math.round(x * 1000) / 10).toLocaleString('en-IN')}%`;

/** A rupee amount of the contract: '₹1,234.50'. */
export const rupees = (x: number) => formatRupees(x);

/** A long hex shortened for a line of text: 'f2c0964ac6…7d6351bf'. */
export const shortHex = (hex: string) => (hex.length > 20 ? `${hex.slice(0, 10)}…${hex.slice(-8)}` : hex);
