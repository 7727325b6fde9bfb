import { LIMIT_LABELS, type LimitKind } from '../limits/limit-usage.js';
import { formatPaiseShort } from '../money/money.js';
import { IST_OFFSET_MS, istDateKey } from '../period/ist-day.js';

/**
 * Care signals (docs/care-signals.md): patterns of play that may show harm, for the operator to look at, in the
 * manner of UK LCCP SR 3.4.3 (customer interaction). Pure: the caller reads a player's recent history, these say
 * which patterns it shows and in what figures. A signal never leads to a bonus, a promotion or any movement of money;
 * it only puts the player in front of an operator, who may contact them or apply a break.
 */

export const CARE_PATTERNS = [
  'loss-chasing',
  'night-play',
  'deposits-after-losses',
  'limits-reached',
  'limit-loosened',
  'quick-return',
] as const;
export type CarePattern = (typeof CARE_PATTERNS)[number];

export const CARE_PATTERN_LABELS: Readonly<Record<CarePattern, string>> = {
  'loss-chasing': 'Chasing losses',
  'night-play': 'Playing through the night',
  'deposits-after-losses': 'Deposits soon after losses',
  'limits-reached': 'Limits reached repeatedly',
  'limit-loosened': 'Limit loosened soon after setting it',
  'quick-return': 'Quick return from self-exclusion',
};

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** The thresholds (constants: a change is a release, reviewed like any rule). */
export const CARE_THRESHOLDS = {
  /** At least `raises` settled losing rounds in a row, each followed by a round staked ≥ `factor` × it, ≤ `maxGapMs` apart. */
  lossChasing: { raises: 3, factor: 1.5, maxGapMs: 10 * MINUTE_MS, windowMs: 7 * DAY_MS },
  /** Bets between `fromHour` and `toHour` (IST) on at least `days` distinct IST dates of the last `windowMs`. */
  nightPlay: { fromHour: 0, toHour: 6, days: 3, windowMs: 7 * DAY_MS },
  /** A deposit claim within `withinMs` after settled bets that lost on balance, at least `times` times in `windowMs`. */
  depositsAfterLosses: { withinMs: 30 * MINUTE_MS, times: 3, windowMs: 7 * DAY_MS },
  /** Refusals by the player's own limits on at least `times` occasions (refusals `occasionGapMs` apart) in `windowMs`. */
  limitsReached: { times: 3, occasionGapMs: 30 * MINUTE_MS, windowMs: 7 * DAY_MS },
  /** A raise or removal of a limit asked for within `withinMs` of applying it, in the last `windowMs`. */
  limitLoosened: { withinMs: 72 * HOUR_MS, windowMs: 30 * DAY_MS },
  /** A request to return from self-exclusion within `withinMs` of its end (the earliest allowed), in the last `windowMs`. */
  quickReturn: { withinMs: 24 * HOUR_MS, windowMs: 30 * DAY_MS },
} as const;

/** How far back the care job reads a player's history: the longest window. */
export const CARE_HISTORY_MS = Math.max(...Object.values(CARE_THRESHOLDS).map((t) => t.windowMs));

export interface CareBet {
  readonly periodId: string;
  readonly stakePaise: number;
  /** What the bet credited once settled (0 for a loss); null while it is unsettled. */
  readonly winPaise: number | null;
  readonly refunded: boolean;
  readonly placedAtMs: number;
}

export type LimitHitKind = 'deposit' | 'loss' | 'session';

export interface CareHistory {
  readonly bets: readonly CareBet[];
  /** Deposit claims (any outcome: the claim is the player's act). */
  readonly deposits: readonly { readonly amountPaise: number; readonly atMs: number }[];
  readonly limitHits: readonly { readonly kind: LimitHitKind; readonly message: string; readonly atMs: number }[];
  readonly limitChanges: readonly {
    readonly kind: LimitKind;
    readonly change: 'applied' | 'loosening';
    readonly fromValue: number | null;
    readonly toValue: number | null;
    readonly atMs: number;
  }[];
  /** The player's self-exclusions: their end and the request to return (null: not asked). */
  readonly exclusions: readonly { readonly endsAtMs: number; readonly returnRequestedAtMs: number | null }[];
}

export interface CareSignal {
  readonly pattern: CarePattern;
  /** The sentence the console shows: the pattern and its figures. */
  readonly summary: string;
  readonly figures: Readonly<Record<string, unknown>>;
  /** The latest occurrence the figures name. */
  readonly evidenceAtMs: number;
}

export interface CareDetectOptions {
  readonly nowMs: number;
  /**
   * Per pattern, when an operator last reviewed it (contacted the player or dismissed it): only what happened after
   * counts toward raising it again.
   */
  readonly reviewedAtMs?: Partial<Record<CarePattern, number>>;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '29 Nov' (IST). */
export function istDayMonth(ms: number): string {
  const t = new Date(ms + IST_OFFSET_MS);
  return `${t.getUTCDate()} ${MONTHS[t.getUTCMonth()]}`;
}

/** '01:10' (IST). */
export function istClock(ms: number): string {
  const t = new Date(ms + IST_OFFSET_MS);
  return `${String(t.getUTCHours()).padStart(2, '0')}:${String(t.getUTCMinutes()).padStart(2, '0')}`;
}

/** '29 Nov, 01:10–01:13 IST', or across midnight '28 Nov, 23:58 – 29 Nov, 00:02 IST'. */
export function istSpan(fromMs: number, toMs: number): string {
  if (istDateKey(fromMs) === istDateKey(toMs)) {
    return fromMs === toMs || istClock(fromMs) === istClock(toMs)
      ? `${istDayMonth(fromMs)}, ${istClock(fromMs)} IST`
      : `${istDayMonth(fromMs)}, ${istClock(fromMs)}–${istClock(toMs)} IST`;
  }
  return `${istDayMonth(fromMs)}, ${istClock(fromMs)} – ${istDayMonth(toMs)}, ${istClock(toMs)} IST`;
}

const at = (ms: number) => istSpan(ms, ms);

/** '5 minutes', '3 hours', '2 days' (rounded down, at least 1 of the unit). */
export function roughDuration(ms: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (ms < HOUR_MS) return unit(Math.max(1, Math.floor(ms / MINUTE_MS)), 'minute');
  if (ms < 2 * DAY_MS) return unit(Math.floor(ms / HOUR_MS), 'hour');
  return unit(Math.floor(ms / DAY_MS), 'day');
}

const times = (n: number) => (n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`);

interface Round {
  periodId: string;
  stakePaise: number;
  /** Null while any bet of the round is unsettled. */
  winPaise: number | null;
  atMs: number;
}

/** A player's bets by round (period), oldest first; refunded bets are left out (they neither lost nor won). */
function roundsOf(bets: readonly CareBet[]): Round[] {
  const byPeriod = new Map<string, Round>();
  for (const bet of bets) {
    if (bet.refunded) continue;
    const round = byPeriod.get(bet.periodId);
    if (!round) {
      byPeriod.set(bet.periodId, {
        periodId: bet.periodId,
        stakePaise: bet.stakePaise,
        winPaise: bet.winPaise,
        atMs: bet.placedAtMs,
      });
      continue;
    }
    round.stakePaise += bet.stakePaise;
    round.winPaise = round.winPaise === null || bet.winPaise === null ? null : round.winPaise + bet.winPaise;
    round.atMs = Math.min(round.atMs, bet.placedAtMs);
  }
  return [...byPeriod.values()].sort((a, b) => a.atMs - b.atMs || a.periodId.localeCompare(b.periodId));
}

const lost = (round: Round) => round.winPaise !== null && round.winPaise < round.stakePaise;

/**
 * Loss-chasing (the martingale pattern): rounds in a row where each settled round lost and the next was staked at
 * least 1.5 times as much, within 10 minutes. A round is a period the player bet on (all their bets of it together).
 * Flags a run of at least 3 such raises; the figures are the longest run (the latest of equals) and how many runs.
 */
export function detectLossChasing(history: CareHistory, options: CareDetectOptions): CareSignal | null {
  const { raises, factor, maxGapMs, windowMs } = CARE_THRESHOLDS.lossChasing;
  const from = Math.max(options.nowMs - windowMs, options.reviewedAtMs?.['loss-chasing'] ?? -Infinity);
  const rounds = roundsOf(history.bets.filter((b) => b.placedAtMs > from && b.placedAtMs <= options.nowMs));
  const runs: Round[][] = [];
  let run: Round[] = [];
  for (const round of rounds) {
    const prev = run[run.length - 1];
    if (prev && lost(prev) && round.stakePaise >= factor * prev.stakePaise && round.atMs - prev.atMs <= maxGapMs) {
      run.push(round);
      continue;
    }
    if (run.length - 1 >= raises) runs.push(run);
    run = [round];
  }
  if (run.length - 1 >= raises) runs.push(run);
  if (runs.length === 0) return null;
  const longest = runs.reduce((best, r) => (r.length >= best.length ? r : best));
  const first = longest[0]!;
  const last = longest[longest.length - 1]!;
  const stakes = longest.map((r) => r.stakePaise);
  const losses = longest.length - 1;
  const more = runs.length > 1 ? ` — ${runs.length} such runs in the last 7 days` : '';
  return {
    pattern: 'loss-chasing',
    summary: `Stakes rose after ${losses} losses in a row: ${stakes.map((s) => formatPaiseShort(s)).join(' → ')} (${istSpan(first.atMs, last.atMs)})${more}.`,
    figures: {
      lossesInARow: losses,
      stakesPaise: stakes,
      periods: longest.map((r) => r.periodId),
      from: new Date(first.atMs).toISOString(),
      to: new Date(last.atMs).toISOString(),
      runs: runs.length,
    },
    evidenceAtMs: last.atMs,
  };
}

/** Bets placed between 00:00 and 06:00 IST on at least 3 distinct days of the last 7. */
export function detectNightPlay(history: CareHistory, options: CareDetectOptions): CareSignal | null {
  const { fromHour, toHour, days, windowMs } = CARE_THRESHOLDS.nightPlay;
  const from = Math.max(options.nowMs - windowMs, options.reviewedAtMs?.['night-play'] ?? -Infinity);
  const nights = new Map<string, { bets: number; fromMs: number; toMs: number }>();
  for (const bet of history.bets) {
    if (bet.placedAtMs <= from || bet.placedAtMs > options.nowMs) continue;
    const hour = new Date(bet.placedAtMs + IST_OFFSET_MS).getUTCHours();
    if (hour < fromHour || hour >= toHour) continue;
    const key = istDateKey(bet.placedAtMs);
    const night = nights.get(key);
    if (!night) nights.set(key, { bets: 1, fromMs: bet.placedAtMs, toMs: bet.placedAtMs });
    else {
      night.bets += 1;
      night.fromMs = Math.min(night.fromMs, bet.placedAtMs);
      night.toMs = Math.max(night.toMs, bet.placedAtMs);
    }
  }
  if (nights.size < days) return null;
  const list = [...nights.entries()].sort(([a], [b]) => a.localeCompare(b));
  const clock = (n: { fromMs: number; toMs: number }) =>
    istClock(n.fromMs) === istClock(n.toMs) ? istClock(n.fromMs) : `${istClock(n.fromMs)}–${istClock(n.toMs)}`;
  return {
    pattern: 'night-play',
    summary: `Played between 00:00 and 06:00 IST on ${nights.size} of the last 7 days: ${list.map(([, n]) => `${istDayMonth(n.fromMs)} (${clock(n)})`).join(', ')}.`,
    figures: {
      days: nights.size,
      nights: list.map(([date, n]) => ({
        date,
        bets: n.bets,
        from: new Date(n.fromMs).toISOString(),
        to: new Date(n.toMs).toISOString(),
      })),
    },
    evidenceAtMs: Math.max(...list.map(([, n]) => n.toMs)),
  };
}

/**
 * A deposit claim within 30 minutes after settled bets that lost on balance (their stakes less what they credited),
 * at least 3 times in the last 7 days.
 */
export function detectDepositsAfterLosses(history: CareHistory, options: CareDetectOptions): CareSignal | null {
  const { withinMs, times: needed, windowMs } = CARE_THRESHOLDS.depositsAfterLosses;
  const from = Math.max(options.nowMs - windowMs, options.reviewedAtMs?.['deposits-after-losses'] ?? -Infinity);
  const hits: { atMs: number; amountPaise: number; lostPaise: number }[] = [];
  for (const deposit of [...history.deposits].sort((a, b) => a.atMs - b.atMs)) {
    if (deposit.atMs <= from || deposit.atMs > options.nowMs) continue;
    let net = 0;
    for (const bet of history.bets) {
      if (
        bet.refunded ||
        bet.winPaise === null ||
        bet.placedAtMs > deposit.atMs ||
        bet.placedAtMs <= deposit.atMs - withinMs
      )
        continue;
      net += bet.winPaise - bet.stakePaise;
    }
    if (net < 0) hits.push({ atMs: deposit.atMs, amountPaise: deposit.amountPaise, lostPaise: -net });
  }
  if (hits.length < needed) return null;
  return {
    pattern: 'deposits-after-losses',
    summary: `Deposited within 30 minutes of losing, ${times(hits.length)} in 7 days: ${hits.map((h) => `${formatPaiseShort(h.amountPaise)} after losing ${formatPaiseShort(h.lostPaise)} (${at(h.atMs)})`).join('; ')}.`,
    figures: {
      times: hits.length,
      deposits: hits.map((h) => ({
        at: new Date(h.atMs).toISOString(),
        amountPaise: h.amountPaise,
        lostPaise: h.lostPaise,
      })),
    },
    evidenceAtMs: hits[hits.length - 1]!.atMs,
  };
}

const HIT_LABELS: Readonly<Record<LimitHitKind, string>> = {
  deposit: 'deposit limit',
  loss: 'loss limit',
  session: 'session time limit',
};

/**
 * Refusals by the player's own limits (deposit, loss, session) on at least 3 occasions in the last 7 days. Refusals
 * less than 30 minutes after the previous occasion belong to it (a player tapping Confirm Bet five times is stopped
 * once).
 */
export function detectLimitsReached(history: CareHistory, options: CareDetectOptions): CareSignal | null {
  const { times: needed, occasionGapMs, windowMs } = CARE_THRESHOLDS.limitsReached;
  const from = Math.max(options.nowMs - windowMs, options.reviewedAtMs?.['limits-reached'] ?? -Infinity);
  const occasions: { atMs: number; kind: LimitHitKind; message: string; refusals: number }[] = [];
  for (const hit of [...history.limitHits].sort((a, b) => a.atMs - b.atMs)) {
    if (hit.atMs <= from || hit.atMs > options.nowMs) continue;
    const last = occasions[occasions.length - 1];
    if (last && hit.atMs - last.atMs < occasionGapMs) last.refusals += 1;
    else occasions.push({ atMs: hit.atMs, kind: hit.kind, message: hit.message, refusals: 1 });
  }
  if (occasions.length < needed) return null;
  return {
    pattern: 'limits-reached',
    summary: `Stopped by their own limits on ${occasions.length} occasions in 7 days: ${occasions.map((o) => `${HIT_LABELS[o.kind]} (${at(o.atMs)})`).join(', ')}.`,
    figures: {
      occasions: occasions.map((o) => ({
        at: new Date(o.atMs).toISOString(),
        kind: o.kind,
        message: o.message,
        refusals: o.refusals,
      })),
    },
    evidenceAtMs: occasions[occasions.length - 1]!.atMs,
  };
}

const limitValue = (kind: LimitKind, value: number) =>
  kind === 'sessionMinutes' ? `${value} minutes` : formatPaiseShort(value);

/**
 * A limit raised or removed soon after it was set: a loosening asked for within 72 hours of applying that limit (a
 * new or stricter value), in the last 30 days. (A pending loosening the player cancels is not a signal: they kept the
 * stricter limit.)
 */
export function detectLimitLoosened(history: CareHistory, options: CareDetectOptions): CareSignal | null {
  const { withinMs, windowMs } = CARE_THRESHOLDS.limitLoosened;
  const from = Math.max(options.nowMs - windowMs, options.reviewedAtMs?.['limit-loosened'] ?? -Infinity);
  const changes = [...history.limitChanges].sort((a, b) => a.atMs - b.atMs);
  const found: { kind: LimitKind; setAtMs: number; setValue: number; askedAtMs: number; toValue: number | null }[] = [];
  for (const [i, change] of changes.entries()) {
    if (change.change !== 'loosening' || change.atMs <= from || change.atMs > options.nowMs) continue;
    const applied = changes
      .slice(0, i)
      .reverse()
      .find((c) => c.kind === change.kind && c.change === 'applied');
    if (!applied || applied.toValue === null || change.atMs - applied.atMs > withinMs) continue;
    found.push({
      kind: change.kind,
      setAtMs: applied.atMs,
      setValue: applied.toValue,
      askedAtMs: change.atMs,
      toValue: change.toValue,
    });
  }
  if (found.length === 0) return null;
  const sentence = (f: (typeof found)[number]) =>
    `${f.toValue === null ? `asked to remove their ${LIMIT_LABELS[f.kind]} of ${limitValue(f.kind, f.setValue)}` : `asked to raise their ${LIMIT_LABELS[f.kind]} from ${limitValue(f.kind, f.setValue)} to ${limitValue(f.kind, f.toValue)}`} ${roughDuration(f.askedAtMs - f.setAtMs)} after setting it (${at(f.askedAtMs)})`;
  const text = found.map(sentence).join('; ');
  return {
    pattern: 'limit-loosened',
    summary: `${text.charAt(0).toUpperCase()}${text.slice(1)}.`,
    figures: {
      changes: found.map((f) => ({
        kind: f.kind,
        setAt: new Date(f.setAtMs).toISOString(),
        setValue: f.setValue,
        askedAt: new Date(f.askedAtMs).toISOString(),
        toValue: f.toValue,
      })),
    },
    evidenceAtMs: found[found.length - 1]!.askedAtMs,
  };
}

/**
 * A return from self-exclusion asked for as soon as it was allowed: within 24 hours of the self-exclusion's end, in the
 * last 30 days. (Breaks cannot be cancelled or shortened in this product, so this is the one way back that can be
 * hurried.)
 */
export function detectQuickReturn(history: CareHistory, options: CareDetectOptions): CareSignal | null {
  const { withinMs, windowMs } = CARE_THRESHOLDS.quickReturn;
  const from = Math.max(options.nowMs - windowMs, options.reviewedAtMs?.['quick-return'] ?? -Infinity);
  const quick = history.exclusions
    .filter(
      (e) =>
        e.returnRequestedAtMs !== null &&
        e.returnRequestedAtMs > from &&
        e.returnRequestedAtMs <= options.nowMs &&
        e.returnRequestedAtMs - e.endsAtMs <= withinMs,
    )
    .sort((a, b) => a.returnRequestedAtMs! - b.returnRequestedAtMs!);
  const latest = quick[quick.length - 1];
  if (!latest) return null;
  const askedAtMs = latest.returnRequestedAtMs!;
  return {
    pattern: 'quick-return',
    summary: `Asked to return from self-exclusion ${roughDuration(askedAtMs - latest.endsAtMs)} after it ended (${at(askedAtMs)}).`,
    figures: { endedAt: new Date(latest.endsAtMs).toISOString(), askedAt: new Date(askedAtMs).toISOString() },
    evidenceAtMs: askedAtMs,
  };
}

/** Every pattern a player's history shows now. */
export function detectCareSignals(history: CareHistory, options: CareDetectOptions): CareSignal[] {
  return [
    detectLossChasing,
    detectNightPlay,
    detectDepositsAfterLosses,
    detectLimitsReached,
    detectLimitLoosened,
    detectQuickReturn,
  ]
    .map((detect) => detect(history, options))
    .filter((signal): signal is CareSignal => signal !== null);
}

/** The console's note when an operator records contact or dismisses a flag: 3 to 1000 characters. */
export const CARE_NOTE_MIN = 3;
export const CARE_NOTE_MAX = 1000;

export const CARE_MESSAGES = {
  noteRequired: `Please write what was done (${CARE_NOTE_MIN} to ${CARE_NOTE_MAX} characters).`,
  flagNotFound: 'No such care flag.',
  contacted: 'Contact recorded.',
  dismissed: 'Flag dismissed.',
  breakOptions: 'Please choose how long: 24 hours, 7 days, 30 days or 6 weeks.',
  breakApplied: (endsAtMs: number) => `Break applied until ${istDayMonth(endsAtMs)}, ${istClock(endsAtMs)} IST.`,
} as const;

/** A review note as sent, or the message that refuses it. */
export function validateCareNote(body: {
  note?: unknown;
}): { ok: true; note: string } | { ok: false; message: string; errors: Record<string, string> } {
  const note = typeof body.note === 'string' ? body.note.trim() : '';
  if (note.length < CARE_NOTE_MIN || note.length > CARE_NOTE_MAX)
    return { ok: false, message: CARE_MESSAGES.noteRequired, errors: { note: CARE_MESSAGES.noteRequired } };
  return { ok: true, note };
}
