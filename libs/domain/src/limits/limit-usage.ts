import { formatPaiseShort } from '../money/money.js';
import { IST_OFFSET_MS } from '../period/ist-day.js';

/**
 * Limits a player sets for themself (docs/play-safely.md): what each one counts, over which rolling window, and the
 * words of a refusal. Pure: the usage figures are read by the caller (under the lock its decision needs).
 */

/** Deposit limits per 24 hours, 7 days and 30 days; loss limits per the same windows; minutes of play per session. */
export const LIMIT_KINDS = [
  'deposit24h',
  'deposit7d',
  'deposit30d',
  'loss24h',
  'loss7d',
  'loss30d',
  'sessionMinutes',
] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
export type MoneyLimitKind = Exclude<LimitKind, 'sessionMinutes'>;
export const DEPOSIT_LIMIT_KINDS = [
  'deposit24h',
  'deposit7d',
  'deposit30d',
] as const satisfies readonly MoneyLimitKind[];
export const LOSS_LIMIT_KINDS = ['loss24h', 'loss7d', 'loss30d'] as const satisfies readonly MoneyLimitKind[];

const HOUR_MS = 3_600_000;
/** Each money limit counts over a rolling window ending now: (now − window, now]. */
export const LIMIT_WINDOW_MS: Readonly<Record<MoneyLimitKind, number>> = {
  deposit24h: 24 * HOUR_MS,
  deposit7d: 7 * 24 * HOUR_MS,
  deposit30d: 30 * 24 * HOUR_MS,
  loss24h: 24 * HOUR_MS,
  loss7d: 7 * 24 * HOUR_MS,
  loss30d: 30 * 24 * HOUR_MS,
};

/** How the player reads each limit, in a sentence ("Your 24-hour deposit limit …") and as a form label. */
export const LIMIT_LABELS: Readonly<Record<LimitKind, string>> = {
  deposit24h: '24-hour deposit limit',
  deposit7d: '7-day deposit limit',
  deposit30d: '30-day deposit limit',
  loss24h: '24-hour loss limit',
  loss7d: '7-day loss limit',
  loss30d: '30-day loss limit',
  sessionMinutes: 'session time limit',
};

/**
 * One money limit and what counts against it now, in paise: deposit claims (pending and approved) of the window, or
 * the window's losses (settled stakes less what they paid back, plus every unsettled stake as a potential loss).
 * `oldestAtMs` is when the oldest counted item was made (null when nothing counts): the window drops it at
 * `oldestAtMs + window`, the next moment the figure changes on its own.
 */
export interface LimitUsage {
  readonly kind: MoneyLimitKind;
  readonly limitPaise: number;
  readonly usedPaise: number;
  readonly oldestAtMs: number | null;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** An instant the way limits name it, in India time: '29 Nov 2026, 14:05 IST'. */
export function formatIstDateTime(ms: number): string {
  const t = new Date(ms + IST_OFFSET_MS);
  const hh = String(t.getUTCHours()).padStart(2, '0');
  const mm = String(t.getUTCMinutes()).padStart(2, '0');
  return `${t.getUTCDate()} ${MONTHS[t.getUTCMonth()]} ${t.getUTCFullYear()}, ${hh}:${mm} IST`;
}

/** What the limit leaves to deposit or to lose now (never below zero). */
export function limitLeftPaise(usage: LimitUsage): number {
  return Math.max(0, usage.limitPaise - usage.usedPaise);
}

/** When the window next drops what it counts (the oldest counted item leaves it); null when it counts nothing. */
export function limitResetsAtMs(usage: LimitUsage): number | null {
  return usage.oldestAtMs === null ? null : usage.oldestAtMs + LIMIT_WINDOW_MS[usage.kind];
}

/** 'Your 24-hour deposit limit of ₹2,000 leaves ₹500 until 29 Nov 2026, 14:05 IST.' */
export function limitMessage(usage: LimitUsage): string {
  const resetsAt = limitResetsAtMs(usage);
  const head = `Your ${LIMIT_LABELS[usage.kind]} of ${formatPaiseShort(usage.limitPaise)} leaves ${formatPaiseShort(limitLeftPaise(usage))}`;
  return resetsAt === null ? `${head}.` : `${head} until ${formatIstDateTime(resetsAt)}.`;
}

/**
 * The limit an amount would pass (deposited or staked on top of what counts already), or null when every limit
 * leaves room for it. Of several, the one that leaves the least.
 */
export function limitPassedBy(usages: readonly LimitUsage[], amountPaise: number): LimitUsage | null {
  let passed: LimitUsage | null = null;
  for (const usage of usages) {
    if (usage.usedPaise + amountPaise <= usage.limitPaise) continue;
    if (!passed || limitLeftPaise(usage) < limitLeftPaise(passed)) passed = usage;
  }
  return passed;
}

/** The usages after `amountPaise` more counts against each (a placed stake, a stored claim). */
export function countAgainstLimits(usages: readonly LimitUsage[], amountPaise: number, atMs: number): LimitUsage[] {
  return usages.map((u) => ({ ...u, usedPaise: u.usedPaise + amountPaise, oldestAtMs: u.oldestAtMs ?? atMs }));
}
