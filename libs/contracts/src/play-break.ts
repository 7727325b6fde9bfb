import type { PlayBreakKind, PlayBreakOption, PlayBreakPhase } from '@app/domain';

/** A break or self-exclusion in force, as the player and the console see it (times ISO-8601). */
export interface PlayBreakView {
  kind: PlayBreakKind;
  option: PlayBreakOption;
  phase: PlayBreakPhase;
  startedAt: string;
  /** A break's end; a self-exclusion's earliest end. */
  endsAt: string;
  /** When the account opens again; null while a self-exclusion waits for the player's request to return. */
  until: string | null;
}

/** GET /play-safely/break */
export interface PlayBreakData {
  /** The break or self-exclusion in force, or null. */
  playBreak: PlayBreakView | null;
}

/** POST /play-safely/break and POST /play-safely/away/break */
export interface TakePlayBreakRequest {
  option: PlayBreakOption;
}

/** The answer of POST /play-safely/break: the one now in force (every session of the player has ended). */
export interface PlayBreakTakenData {
  playBreak: PlayBreakView;
}

/**
 * Beside the message of a sign-in refused by a break or self-exclusion (403): what runs, and a short-lived
 * withdraw-only token for the /play-safely/away routes (withdraw the main balance, ask to return). It is not a
 * session: no other route, no socket and no refresh accepts it.
 */
export interface PlayBreakRefusal extends PlayBreakView {
  withdrawToken: string;
  withdrawTokenExpiresAt: string;
}

/** GET /play-safely/away */
export interface AwaySummaryData {
  playBreak: PlayBreakView;
  /** Main (withdrawable) balance, rupees. */
  balance: number;
  /** Bonus balance, rupees (not withdrawable). */
  bonusBalance: number;
  /** Whether the wallet is active (a deposit was approved): a withdrawal needs it. */
  isActive: boolean;
  /** A self-exclusion past its end: the player may ask to return. */
  canAskToReturn: boolean;
}

/** POST /play-safely/away/return */
export interface ReturnRequestedData {
  playBreak: PlayBreakView;
}
