import type { LimitKind, RealityCheckMinutes } from '@app/domain';

// The vocabulary is the domain's (libs/domain/src/limits).
export type { LimitKind, RealityCheckMinutes };

/**
 * One limit the player set for themself. Money limits are whole rupees, the session limit minutes. `pending` is a
 * looser change (higher, or a removal when its value is null) waiting until `effectiveAt` (ISO); it can be cancelled.
 */
export interface PlayerLimit {
  kind: LimitKind;
  /** In force now; null: no limit. */
  value: number | null;
  pending: { value: number | null; effectiveAt: string } | null;
  /** Money limits in force: rupees counted now in the rolling window (for a loss limit, unsettled stakes count as lost); else null. */
  used: number | null;
  /** Rupees the limit leaves now (never below 0); null without a money limit in force. */
  left: number | null;
  /** When the oldest counted item leaves the window (ISO); null when nothing counts. */
  resetsAt: string | null;
}

/** GET and PUT /player/limits → data.playSafely */
export interface PlaySafelyView {
  /** Every limit kind, in the order of LIMIT_KINDS. */
  limits: PlayerLimit[];
  /** The reality-check reminder's interval, in minutes (15, 30 or 60; 60 until the player chooses). */
  realityCheckMinutes: RealityCheckMinutes;
  /** Whether the player has seen the limits step offered after sign-up (set by any PUT, a skip included). */
  limitsOffered: boolean;
  /** Play is paused until then (ISO) because a session reached its time limit; null otherwise. */
  pausedUntil: string | null;
}
export interface PlaySafelyData {
  playSafely: PlaySafelyView;
}

/**
 * PUT /player/limits. `limits`: the limits to change (rupees or minutes; null removes); a limit left out is
 * unchanged. `cancelPending`: limits whose pending change to cancel. `{}` only records that the limits were offered
 * (the sign-up step skipped).
 */
export interface UpdatePlayerLimitsRequest {
  limits?: Partial<Record<LimitKind, number | null>>;
  realityCheckMinutes?: RealityCheckMinutes;
  cancelPending?: LimitKind[];
}

/**
 * GET /player/session → data.session: this session's play (a session is the sign-in: the refresh-token session,
 * from the login until it ends). Rupees. `net` is what settled bets paid back less their stakes.
 */
export interface PlaySession {
  startedAt: string;
  /** Stakes placed this session (refunded ones excluded), settled or not. */
  staked: number;
  /** What settled bets of this session paid (net of GST). */
  won: number;
  net: number;
  realityCheckMinutes: RealityCheckMinutes;
  /** When the session time limit ends this session (ISO); null without one. */
  endsAt: string | null;
}
export interface PlaySessionData {
  session: PlaySession;
}
