import type { Role } from '../constants/roles.js';
import { refusal, type Decider, type Refusal } from '../decider.js';
import { formatIstDateTime } from '../limits/limit-usage.js';
import { IST_OFFSET_MS } from '../period/ist-day.js';

/**
 * Breaks and self-exclusion (player protection, in the manner of UK LCCP SR 3.5.3). A player can take a break of
 * 24 hours, 7 days, 30 days or 6 weeks, or exclude themself for 6 months, 1 year or 5 years. While one runs the
 * player cannot sign in, bet or deposit, and gets no e-mail but transactional ones; they can still withdraw their
 * main balance. Neither can be shortened: a new one may only end later than the one running (the database refuses
 * anything else). A break ends by itself at its end. A self-exclusion does not: once its end has passed, the player
 * asks to return, and the account opens 24 hours after the request (the cooling-off).
 */

export const BREAK_OPTIONS = ['24h', '7d', '30d', '6w'] as const;
export const EXCLUSION_OPTIONS = ['6m', '1y', '5y'] as const;
export const PLAY_BREAK_OPTIONS = [...BREAK_OPTIONS, ...EXCLUSION_OPTIONS] as const;
/** The breaks an operator may apply (24 hours to 6 weeks): a self-exclusion is the player's own decision. */
export type BreakOption = (typeof BREAK_OPTIONS)[number];
export type PlayBreakOption = (typeof PLAY_BREAK_OPTIONS)[number];
export type PlayBreakKind = 'break' | 'exclusion';

/** Hours between a request to return from an ended self-exclusion and the account opening again. */
export const RETURN_COOLING_OFF_HOURS = 24;

export const PLAY_BREAK_OPTION_LABELS: Record<PlayBreakOption, string> = {
  '24h': '24 hours',
  '7d': '7 days',
  '30d': '30 days',
  '6w': '6 weeks',
  '6m': '6 months',
  '1y': '1 year',
  '5y': '5 years',
};

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
/** Fixed lengths; months and years are calendar lengths (see playBreakEnd). */
const FIXED_MS: Partial<Record<PlayBreakOption, number>> = {
  '24h': 24 * HOUR_MS,
  '7d': 7 * 24 * HOUR_MS,
  '30d': 30 * 24 * HOUR_MS,
  '6w': 42 * 24 * HOUR_MS,
};
const CALENDAR_MONTHS: Partial<Record<PlayBreakOption, number>> = { '6m': 6, '1y': 12, '5y': 60 };

export function isPlayBreakOption(value: unknown): value is PlayBreakOption {
  return typeof value === 'string' && (PLAY_BREAK_OPTIONS as readonly string[]).includes(value);
}

export function playBreakKind(option: PlayBreakOption): PlayBreakKind {
  return (EXCLUSION_OPTIONS as readonly string[]).includes(option) ? 'exclusion' : 'break';
}

/** Rounded up to the whole minute, so the time the player is shown is never before the real end. */
function ceilMinute(ms: number): number {
  return Math.ceil(ms / MINUTE_MS) * MINUTE_MS;
}

/**
 * When a break or exclusion taken at `startMs` ends: hours and days exactly; months and years on the IST calendar
 * (same day and time, the day kept within the month: 31 Aug + 6 months = 28 or 29 Feb), rounded up to the minute.
 */
export function playBreakEnd(option: PlayBreakOption, startMs: number): number {
  const fixed = FIXED_MS[option];
  if (fixed !== undefined) return ceilMinute(startMs + fixed);
  const months = CALENDAR_MONTHS[option]!;
  const ist = new Date(startMs + IST_OFFSET_MS);
  const targetMonth = ist.getUTCMonth() + months;
  const year = ist.getUTCFullYear() + Math.floor(targetMonth / 12);
  const month = targetMonth % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(ist.getUTCDate(), lastDay);
  const shifted = Date.UTC(
    year,
    month,
    day,
    ist.getUTCHours(),
    ist.getUTCMinutes(),
    ist.getUTCSeconds(),
    ist.getUTCMilliseconds(),
  );
  return ceilMinute(shifted - IST_OFFSET_MS);
}

/** When an ended self-exclusion opens again after a request to return at `requestedAtMs`. */
export function returnOpensAt(requestedAtMs: number): number {
  return ceilMinute(requestedAtMs + RETURN_COOLING_OFF_HOURS * HOUR_MS);
}

/** A player's break or exclusion as stored (the latest one decides). Times are epoch ms. */
export interface PlayBreak {
  readonly kind: PlayBreakKind;
  readonly option: PlayBreakOption;
  readonly startedAtMs: number;
  /** A break's end; a self-exclusion's earliest end. */
  readonly endsAtMs: number;
  /** A self-exclusion's request to return (after its end), and when the account opens again. */
  readonly returnRequestedAtMs: number | null;
  readonly returnsAtMs: number | null;
}

/**
 * What keeps a player away now:
 * - `break`: a break, until `untilMs`;
 * - `exclusion`: a self-exclusion before its end (`untilMs`);
 * - `exclusion-ended`: a self-exclusion past its end, still in force until the player asks to return (`untilMs` null,
 *   `endsAtMs` when it ended);
 * - `returning`: the player asked to return; the account opens at `untilMs` (the cooling-off).
 */
export type PlayBreakPhase = 'break' | 'exclusion' | 'exclusion-ended' | 'returning';

export interface RunningPlayBreak {
  readonly kind: PlayBreakKind;
  readonly phase: PlayBreakPhase;
  /** When the account opens again; null while a self-exclusion waits for a request to return. */
  readonly untilMs: number | null;
  readonly endsAtMs: number;
  readonly startedAtMs: number;
}

/** The break or exclusion in force at `nowMs` (null when the player is free to play). */
export function runningPlayBreak(latest: PlayBreak | null, nowMs: number): RunningPlayBreak | null {
  if (!latest) return null;
  const base = { kind: latest.kind, endsAtMs: latest.endsAtMs, startedAtMs: latest.startedAtMs };
  if (latest.kind === 'break')
    return latest.endsAtMs > nowMs ? { ...base, phase: 'break', untilMs: latest.endsAtMs } : null;
  if (latest.returnsAtMs !== null)
    return latest.returnsAtMs > nowMs ? { ...base, phase: 'returning', untilMs: latest.returnsAtMs } : null;
  if (latest.endsAtMs > nowMs) return { ...base, phase: 'exclusion', untilMs: latest.endsAtMs };
  return { ...base, phase: 'exclusion-ended', untilMs: null };
}

export const PLAY_BREAK_MESSAGES = {
  invalidOption: 'Please choose how long: 24 hours, 7 days, 30 days or 6 weeks, or 6 months, 1 year or 5 years.',
  /** An operator's break (the console): breaks only. */
  invalidBreakOption: 'Please choose how long: 24 hours, 7 days, 30 days or 6 weeks.',
  /** What refuses a bet, a deposit or a sign-in while one runs. */
  notice(running: RunningPlayBreak): string {
    switch (running.phase) {
      case 'break':
        return `You are taking a break until ${formatIstDateTime(running.untilMs!)}.`;
      case 'exclusion':
        return `You have excluded yourself until ${formatIstDateTime(running.untilMs!)}.`;
      case 'exclusion-ended':
        return `Your self-exclusion ended on ${formatIstDateTime(running.endsAtMs)}. To play again, ask to return: your account opens ${RETURN_COOLING_OFF_HOURS} hours after you ask.`;
      case 'returning':
        return `You asked to return from self-exclusion. Your account opens on ${formatIstDateTime(running.untilMs!)}.`;
    }
  },
  /** The sign-in refusal: the notice and whom to write to. */
  signInRefused: (running: RunningPlayBreak, supportEmail: string) =>
    `${PLAY_BREAK_MESSAGES.notice(running)} For help, write to ${supportEmail}.`,
  shorterBreak: (running: RunningPlayBreak) =>
    running.untilMs === null
      ? 'Your self-exclusion stays until you ask to return: only a new self-exclusion can make it longer.'
      : `You can only make it longer: yours runs until ${formatIstDateTime(running.untilMs)}.`,
  shorterThanExclusion: (running: RunningPlayBreak) =>
    `A break cannot replace your self-exclusion, which runs until ${formatIstDateTime(running.untilMs ?? running.endsAtMs)}: choose a longer self-exclusion to make it longer.`,
  onlyLonger: 'A break or self-exclusion can only be made longer.',
  notExcluded: 'You have no self-exclusion to return from.',
  exclusionRunning: (running: RunningPlayBreak) =>
    `Your self-exclusion runs until ${formatIstDateTime(running.untilMs!)}: you can ask to return after that.`,
  returnRequested: (running: RunningPlayBreak) =>
    `You have already asked to return. Your account opens on ${formatIstDateTime(running.untilMs!)}.`,
  taken: (kind: PlayBreakKind, endsAtMs: number) =>
    kind === 'break'
      ? `Your break has started. It ends on ${formatIstDateTime(endsAtMs)}.`
      : `You have excluded yourself until ${formatIstDateTime(endsAtMs)}.`,
  returnAccepted: (opensAtMs: number) =>
    `Your request to return is noted. Your account opens on ${formatIstDateTime(opensAtMs)}.`,
} as const;

export interface PlayBreakState {
  /** The account's role (null: no such account). Administrators take no breaks: they hold no money and do not play. */
  readonly role: Role | null;
  /** The player's latest break or exclusion (null: never took one). */
  readonly latest: PlayBreak | null;
}

export type PlayBreakCommand =
  /** `byOperator`: a break an operator applies from the console (care signals): breaks only, 24 hours to 6 weeks. */
  | {
      readonly type: 'TakePlayBreak';
      readonly userId: string;
      readonly option: unknown;
      readonly nowMs: number;
      readonly byOperator?: boolean;
    }
  | { readonly type: 'RequestReturn'; readonly userId: string; readonly nowMs: number }
  /** Signing in (and the withdraw-only routes): refused while a break or exclusion runs. */
  | { readonly type: 'EnterAccount'; readonly userId: string; readonly nowMs: number; readonly supportEmail: string };

export interface PlayBreakTaken {
  readonly type: 'PlayBreakTaken';
  readonly data: {
    readonly userId: string;
    readonly kind: PlayBreakKind;
    readonly option: PlayBreakOption;
    readonly startedAtMs: number;
    readonly endsAtMs: number;
    /** What it lengthens: the break or exclusion that was running, or null. */
    readonly lengthens: RunningPlayBreak | null;
  };
}

export interface ReturnRequested {
  readonly type: 'ReturnRequested';
  readonly data: { readonly userId: string; readonly requestedAtMs: number; readonly returnsAtMs: number };
}

export interface AccessRefused {
  readonly type: 'AccessRefused';
  readonly data: { readonly code: 'PLAY_BREAK'; readonly message: string; readonly running: RunningPlayBreak };
}

/**
 * PLAYERS_ONLY 403, INVALID_OPTION 400, SHORTER 409 (it would end before the one running), NOT_EXCLUDED 409,
 * EXCLUSION_RUNNING 409 (asked to return before the end), RETURN_REQUESTED 409 (asked twice).
 */
export type PlayBreakRefusalCode =
  'PLAYERS_ONLY' | 'INVALID_OPTION' | 'SHORTER' | 'NOT_EXCLUDED' | 'EXCLUSION_RUNNING' | 'RETURN_REQUESTED';
export type PlayBreakRefused = Refusal<'PlayBreakRefused', PlayBreakRefusalCode>;
export type PlayBreakEvent = PlayBreakTaken | ReturnRequested | AccessRefused | PlayBreakRefused;

const refuse = (code: PlayBreakRefusalCode, message: string, errors?: Record<string, string>): PlayBreakRefused =>
  refusal('PlayBreakRefused', code, message, errors);

/**
 * Whether a new break or exclusion ending at `endsAtMs` is at least as protective as the one running: a self-
 * exclusion (which waits for a request to return) is replaced only by a self-exclusion ending later; anything else by
 * one ending later than the account would open.
 */
function lengthens(running: RunningPlayBreak, kind: PlayBreakKind, endsAtMs: number): boolean {
  if (running.phase === 'exclusion' || running.phase === 'exclusion-ended')
    return kind === 'exclusion' && endsAtMs > running.endsAtMs;
  return endsAtMs > running.untilMs!;
}

export function decidePlayBreak(command: PlayBreakCommand, state: PlayBreakState): PlayBreakEvent[] {
  const running = runningPlayBreak(state.latest, command.nowMs);
  switch (command.type) {
    case 'EnterAccount':
      return running
        ? [
            {
              type: 'AccessRefused',
              data: {
                code: 'PLAY_BREAK',
                message: PLAY_BREAK_MESSAGES.signInRefused(running, command.supportEmail),
                running,
              },
            },
          ]
        : [];
    case 'TakePlayBreak': {
      if (state.role !== 'user') return [refuse('PLAYERS_ONLY', 'Breaks and self-exclusion are for players only.')];
      if (command.byOperator && !(BREAK_OPTIONS as readonly unknown[]).includes(command.option)) {
        return [
          refuse('INVALID_OPTION', PLAY_BREAK_MESSAGES.invalidBreakOption, {
            option: PLAY_BREAK_MESSAGES.invalidBreakOption,
          }),
        ];
      }
      if (!isPlayBreakOption(command.option))
        return [
          refuse('INVALID_OPTION', PLAY_BREAK_MESSAGES.invalidOption, { option: PLAY_BREAK_MESSAGES.invalidOption }),
        ];
      const kind = playBreakKind(command.option);
      const endsAtMs = playBreakEnd(command.option, command.nowMs);
      if (running && !lengthens(running, kind, endsAtMs)) {
        const message =
          kind === 'break' && running.kind === 'exclusion' && running.phase !== 'returning'
            ? PLAY_BREAK_MESSAGES.shorterThanExclusion(running)
            : PLAY_BREAK_MESSAGES.shorterBreak(running);
        return [refuse('SHORTER', message)];
      }
      return [
        {
          type: 'PlayBreakTaken',
          data: {
            userId: command.userId,
            kind,
            option: command.option,
            startedAtMs: command.nowMs,
            endsAtMs,
            lengthens: running,
          },
        },
      ];
    }
    case 'RequestReturn': {
      if (!running || running.kind !== 'exclusion') return [refuse('NOT_EXCLUDED', PLAY_BREAK_MESSAGES.notExcluded)];
      if (running.phase === 'exclusion')
        return [refuse('EXCLUSION_RUNNING', PLAY_BREAK_MESSAGES.exclusionRunning(running))];
      if (running.phase === 'returning')
        return [refuse('RETURN_REQUESTED', PLAY_BREAK_MESSAGES.returnRequested(running))];
      return [
        {
          type: 'ReturnRequested',
          data: { userId: command.userId, requestedAtMs: command.nowMs, returnsAtMs: returnOpensAt(command.nowMs) },
        },
      ];
    }
  }
}

export function evolvePlayBreak(state: PlayBreakState, event: PlayBreakEvent): PlayBreakState {
  if (event.type === 'PlayBreakTaken') {
    const { kind, option, startedAtMs, endsAtMs } = event.data;
    return { ...state, latest: { kind, option, startedAtMs, endsAtMs, returnRequestedAtMs: null, returnsAtMs: null } };
  }
  if (event.type === 'ReturnRequested' && state.latest) {
    return {
      ...state,
      latest: { ...state.latest, returnRequestedAtMs: event.data.requestedAtMs, returnsAtMs: event.data.returnsAtMs },
    };
  }
  return state;
}

export const playBreakDecider: Decider<PlayBreakCommand, PlayBreakState, PlayBreakEvent> = {
  decide: decidePlayBreak,
  evolve: evolvePlayBreak,
};

/**
 * What e-mail a player under a break or exclusion still gets: transactional only (codes, payment receipts). The same
 * for a player with an open care flag (docs/care-signals.md): a harm marker never leads to a promotion.
 */
export type MailCategory = 'transactional' | 'promotional';

export function mayReceiveMail(
  category: MailCategory,
  running: RunningPlayBreak | null,
  careFlagged: boolean,
): boolean {
  return category === 'transactional' || (running === null && !careFlagged);
}
