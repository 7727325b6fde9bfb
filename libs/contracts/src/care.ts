import type { BreakOption, CarePattern } from '@app/domain';
import type { PlayBreakView } from './play-break.js';

export type CareFlagStatus = 'open' | 'contacted' | 'dismissed';

/** A pattern the care job found in a player's play, as the console shows it (times ISO-8601). */
export interface CareFlag {
  id: string;
  pattern: CarePattern;
  /** The pattern and its figures in a sentence, e.g. "Stakes rose after 3 losses in a row: ₹10 → ₹20 → ₹50 → ₹100 (29 Nov, 01:10–01:13 IST)." */
  summary: string;
  /** The figures behind the sentence (amounts in paise, times ISO-8601). */
  figures: Record<string, unknown>;
  firstSeenAt: string;
  lastSeenAt: string;
  status: CareFlagStatus;
  /** The operator's last review: what they wrote, who and when (kept when a flag opens again). */
  note: string | null;
  reviewedBy: string | null;
  reviewedAt: string | null;
}

/** A flagged player and their flags. */
export interface CarePlayer {
  userId: string;
  username: string;
  email: string;
  /** A break or self-exclusion in force (the player's own or an operator's), or null. */
  playBreak: PlayBreakView | null;
  flags: CareFlag[];
}

/** GET /admin/care?status=open|contacted|dismissed|all → players with a flag of that status, latest first. */
export interface CareData {
  players: CarePlayer[];
}

/** PUT /admin/care/:id/contacted and /dismissed */
export interface CareReviewRequest {
  note: string;
}
export interface CareFlagData {
  flag: CareFlag;
}

/** POST /admin/players/:userId/break: a break the operator applies (24 hours to 6 weeks), with why. */
export interface ApplyBreakRequest {
  option: BreakOption;
  reason: string;
}
export interface AppliedBreakData {
  playBreak: PlayBreakView;
}
