import { refusal, type Decider, type Refusal } from '../decider.js';
import { formatPaiseShort, rupeesToPaise } from '../money/money.js';
import { formatIstDateTime, LIMIT_KINDS, LIMIT_LABELS, type LimitKind } from './limit-usage.js';

/**
 * Setting one's own limits (PUT /player/limits; docs/play-safely.md). A stricter limit — lower, or one where there
 * was none — applies at once (and replaces a pending change of the same limit). A looser one — higher, or a removal
 * — waits LIMIT_LOOSEN_DELAY_MS (24 hours): it is pending with its effective time until then, and the player may
 * cancel it. Asking for the value in force cancels a pending change. The reality-check interval (15, 30 or 60
 * minutes) is a preference, not a limit: it changes at once.
 *
 * Values: money limits in paise (whole rupees on the wire), the session limit in minutes. Pure: time is the
 * command's `nowMs`; a pending change whose time has come counts as in force (`limitsInForce`).
 */

export const LIMIT_LOOSEN_DELAY_MS = 24 * 3_600_000;
export const REALITY_CHECK_MINUTES = [15, 30, 60] as const;
export type RealityCheckMinutes = (typeof REALITY_CHECK_MINUTES)[number];
export const DEFAULT_REALITY_CHECK_MINUTES: RealityCheckMinutes = 60;
/** Money limits are whole rupees from ₹1 to ₹10,00,000. */
export const MONEY_LIMIT_MIN_RUPEES = 1;
export const MONEY_LIMIT_MAX_RUPEES = 1_000_000;
/** A session lasts at least 5 minutes and at most 24 hours under a session limit. */
export const SESSION_LIMIT_MIN_MINUTES = 5;
export const SESSION_LIMIT_MAX_MINUTES = 1440;
/** After a session ends at its limit, the player cannot play (or sign in) again for this long: the session window resets. */
export const SESSION_LIMIT_BREAK_MS = 60 * 60_000;

export const PLAY_SAFELY_MESSAGES = {
  invalid: 'Please check your limits.',
  moneyLimit: `Enter whole rupees from ₹${MONEY_LIMIT_MIN_RUPEES} to ${formatPaiseShort(rupeesToPaise(MONEY_LIMIT_MAX_RUPEES))}, or leave it empty for no limit.`,
  sessionLimit: `Enter whole minutes from ${SESSION_LIMIT_MIN_MINUTES} to ${SESSION_LIMIT_MAX_MINUTES}, or leave it empty for no limit.`,
  realityCheck: 'Choose a reminder every 15, 30 or 60 minutes.',
  unknownLimit: 'There is no such limit.',
  nothingPending: 'This limit has no change waiting.',
  saved: 'Your limits are saved.',
  cancelled: 'The change is cancelled; your current limit stays.',
  playersOnly: 'Only players set limits.',
  /** The database refused a claim past a deposit limit (the decider's own refusal names the limit). */
  depositLimit: 'This deposit would pass one of your deposit limits.',
} as const;

/** 'You have reached your session limit of 60 minutes. You can play again from 29 Nov 2026, 15:05 IST.' */
export function sessionLimitMessage(minutes: number, pausedUntilMs: number): string {
  return `You have reached your session limit of ${minutes} minutes. You can play again from ${formatIstDateTime(pausedUntilMs)}.`;
}

/** A limit's value in force (null: none) and a change waiting for its time (value null: a removal). */
export interface LimitSetting {
  readonly value: number | null;
  readonly pending: { readonly value: number | null; readonly effectiveAtMs: number } | null;
}

export interface PlayerLimitsState {
  readonly limits: Readonly<Record<LimitKind, LimitSetting>>;
  readonly realityCheckMinutes: RealityCheckMinutes;
}

export function initialPlayerLimits(): PlayerLimitsState {
  const none: LimitSetting = { value: null, pending: null };
  return {
    limits: Object.fromEntries(LIMIT_KINDS.map((k) => [k, none])) as Record<LimitKind, LimitSetting>,
    realityCheckMinutes: DEFAULT_REALITY_CHECK_MINUTES,
  };
}

/** The state with every pending change whose time has come put in force. */
export function limitsInForce(state: PlayerLimitsState, nowMs: number): PlayerLimitsState {
  const limits = { ...state.limits };
  for (const kind of LIMIT_KINDS) {
    const setting = limits[kind];
    if (setting.pending && setting.pending.effectiveAtMs <= nowMs)
      limits[kind] = { value: setting.pending.value, pending: null };
  }
  return { ...state, limits };
}

/** Limits as sent: money in whole rupees, the session in minutes; null removes a limit; a limit left out is unchanged. */
export interface SetLimits {
  readonly type: 'SetLimits';
  readonly nowMs: number;
  readonly limits?: unknown;
  readonly realityCheckMinutes?: unknown;
}
export interface CancelPendingLimit {
  readonly type: 'CancelPendingLimit';
  readonly nowMs: number;
  readonly kind: unknown;
}
export type PlayerLimitsCommand = SetLimits | CancelPendingLimit;

export interface LimitApplied {
  readonly type: 'LimitApplied';
  readonly data: { readonly kind: LimitKind; readonly value: number; readonly atMs: number };
}
export interface LimitChangeScheduled {
  readonly type: 'LimitChangeScheduled';
  readonly data: { readonly kind: LimitKind; readonly value: number | null; readonly effectiveAtMs: number };
}
export interface PendingLimitCancelled {
  readonly type: 'PendingLimitCancelled';
  readonly data: { readonly kind: LimitKind };
}
export interface RealityCheckSet {
  readonly type: 'RealityCheckSet';
  readonly data: { readonly minutes: RealityCheckMinutes };
}
/** INVALID_REQUEST 400 (per-field errors), NOTHING_PENDING 409. */
export type PlayerLimitsRefusalCode = 'INVALID_REQUEST' | 'NOTHING_PENDING';
export type PlayerLimitsRefused = Refusal<'PlayerLimitsRefused', PlayerLimitsRefusalCode>;
export type PlayerLimitsEvent =
  LimitApplied | LimitChangeScheduled | PendingLimitCancelled | RealityCheckSet | PlayerLimitsRefused;

const isKind = (value: unknown): value is LimitKind =>
  typeof value === 'string' && (LIMIT_KINDS as readonly string[]).includes(value);

/** A sent value in the stored unit, or an error message. */
function storedValue(kind: LimitKind, value: unknown): { value: number | null } | { error: string } {
  if (value === null) return { value: null };
  if (kind === 'sessionMinutes') {
    return Number.isInteger(value) &&
      (value as number) >= SESSION_LIMIT_MIN_MINUTES &&
      (value as number) <= SESSION_LIMIT_MAX_MINUTES
      ? { value: value as number }
      : { error: PLAY_SAFELY_MESSAGES.sessionLimit };
  }
  return Number.isInteger(value) &&
    (value as number) >= MONEY_LIMIT_MIN_RUPEES &&
    (value as number) <= MONEY_LIMIT_MAX_RUPEES
    ? { value: rupeesToPaise(value as number) }
    : { error: PLAY_SAFELY_MESSAGES.moneyLimit };
}

/** Whether `next` binds at least as tightly as `current` (null: no limit). */
function isStricter(next: number | null, current: number | null): boolean {
  if (next === null) return false;
  return current === null || next < current;
}

/**
 * Checks every sent limit (a known limit, null or whole rupees / minutes in bounds) and the reminder interval, then
 * decides each limit against the one in force: stricter → LimitApplied now; looser → LimitChangeScheduled in 24
 * hours; the same as in force → its pending change (if any) is cancelled.
 */
export function decidePlayerLimits(command: PlayerLimitsCommand, stored: PlayerLimitsState): PlayerLimitsEvent[] {
  const state = limitsInForce(stored, command.nowMs);
  if (command.type === 'CancelPendingLimit') {
    if (!isKind(command.kind))
      return [
        refusal('PlayerLimitsRefused', 'INVALID_REQUEST', PLAY_SAFELY_MESSAGES.unknownLimit, {
          kind: PLAY_SAFELY_MESSAGES.unknownLimit,
        }),
      ];
    if (!state.limits[command.kind].pending)
      return [refusal('PlayerLimitsRefused', 'NOTHING_PENDING', PLAY_SAFELY_MESSAGES.nothingPending)];
    return [{ type: 'PendingLimitCancelled', data: { kind: command.kind } }];
  }

  const errors: Record<string, string> = {};
  const sent = command.limits ?? {};
  const wanted: Array<[LimitKind, number | null]> = [];
  if (typeof sent !== 'object' || sent === null || Array.isArray(sent)) {
    errors.limits = PLAY_SAFELY_MESSAGES.invalid;
  } else {
    for (const [key, raw] of Object.entries(sent)) {
      if (!isKind(key)) {
        errors[`limits.${key}`] = PLAY_SAFELY_MESSAGES.unknownLimit;
        continue;
      }
      const checked = storedValue(key, raw);
      if ('error' in checked) errors[`limits.${key}`] = checked.error;
      else wanted.push([key, checked.value]);
    }
  }
  const reminder = command.realityCheckMinutes;
  if (reminder !== undefined && !(REALITY_CHECK_MINUTES as readonly unknown[]).includes(reminder))
    errors.realityCheckMinutes = PLAY_SAFELY_MESSAGES.realityCheck;
  if (Object.keys(errors).length > 0)
    return [refusal('PlayerLimitsRefused', 'INVALID_REQUEST', Object.values(errors)[0]!, errors)];

  const events: PlayerLimitsEvent[] = [];
  for (const [kind, value] of wanted) {
    const setting = state.limits[kind];
    if (value === setting.value) {
      if (setting.pending) events.push({ type: 'PendingLimitCancelled', data: { kind } });
    } else if (isStricter(value, setting.value)) {
      events.push({ type: 'LimitApplied', data: { kind, value: value!, atMs: command.nowMs } });
    } else if (!setting.pending || setting.pending.value !== value) {
      // A looser limit (or a removal) waits a day; asking again for the same pending change keeps its time.
      events.push({
        type: 'LimitChangeScheduled',
        data: { kind, value, effectiveAtMs: command.nowMs + LIMIT_LOOSEN_DELAY_MS },
      });
    }
  }
  if (reminder !== undefined && reminder !== state.realityCheckMinutes)
    events.push({ type: 'RealityCheckSet', data: { minutes: reminder as RealityCheckMinutes } });
  return events;
}

export function evolvePlayerLimits(state: PlayerLimitsState, event: PlayerLimitsEvent): PlayerLimitsState {
  switch (event.type) {
    case 'LimitApplied':
      return { ...state, limits: { ...state.limits, [event.data.kind]: { value: event.data.value, pending: null } } };
    case 'LimitChangeScheduled': {
      const current = state.limits[event.data.kind];
      return {
        ...state,
        limits: {
          ...state.limits,
          [event.data.kind]: {
            value: current.value,
            pending: { value: event.data.value, effectiveAtMs: event.data.effectiveAtMs },
          },
        },
      };
    }
    case 'PendingLimitCancelled':
      return {
        ...state,
        limits: { ...state.limits, [event.data.kind]: { value: state.limits[event.data.kind].value, pending: null } },
      };
    case 'RealityCheckSet':
      return { ...state, realityCheckMinutes: event.data.minutes };
    default:
      return state;
  }
}

/**
 * The decider. Its evolve works on the state in force at the command's time: a service folds the events over
 * `limitsInForce(stored, nowMs)` and stores the result (so a change whose time came is written as in force).
 */
export const playerLimitsDecider: Decider<PlayerLimitsCommand, PlayerLimitsState, PlayerLimitsEvent> = {
  decide: decidePlayerLimits,
  evolve: evolvePlayerLimits,
};

/** A limit's words for the form: '24-hour deposit limit'. */
export function limitLabel(kind: LimitKind): string {
  return LIMIT_LABELS[kind];
}
