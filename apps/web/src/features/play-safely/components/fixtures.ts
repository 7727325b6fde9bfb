import type { PlaySafelyView, PlaySession } from '@app/contracts';
import { LIMIT_KINDS } from '@app/domain';

/** A Play safely view as the server sends it: no limit unless given. */
export function viewOf(
  overrides: Partial<PlaySafelyView> & {
    set?: Partial<Record<string, Partial<PlaySafelyView['limits'][number]>>>;
  } = {},
): PlaySafelyView {
  const { set = {}, ...rest } = overrides;
  return {
    limits: LIMIT_KINDS.map((kind) => ({
      kind,
      value: null,
      pending: null,
      used: null,
      left: null,
      resetsAt: null,
      ...set[kind],
    })),
    realityCheckMinutes: 60,
    limitsOffered: true,
    pausedUntil: null,
    ...rest,
  };
}

export function sessionOf(overrides: Partial<PlaySession> = {}): PlaySession {
  return {
    startedAt: new Date().toISOString(),
    staked: 0,
    won: 0,
    net: 0,
    realityCheckMinutes: 60,
    endsAt: null,
    ...overrides,
  };
}
