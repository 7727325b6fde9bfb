import type { BetStatus, BigSmall, Color, GameKey, PeriodStatus } from '@app/domain';

export type { BetStatus, GameKey, PeriodStatus };

/** A bet as the client sees it (GET /bet → data.bets, current-bet-response, bet-update). Rupee amounts. */
export interface Bet {
  _id: string;
  betType: GameKey;
  betValue: string;
  systemSelectedValue?: string | null;
  amount: number;
  isWin: boolean | null;
  /** Net amount credited (gross − GST); 0 for a loss or a pending bet. */
  winAmount: number;
  status: BetStatus;
  playedFrom: string;
  periodId: string;
  createdAt: string;
  updatedAt: string;
}
export interface BetsData {
  bets: Bet[];
}

/** The result of one period. */
export interface GameResult {
  periodId: string;
  color: Color;
  bigSmall: BigSmall;
  digit: number;
  /** The revealed server seed (lowercase hex) and its committed hash: anyone can verify the draw. */
  seed?: string;
  seedHash?: string;
  drawnAt?: string;
}

/**
 * A period as the fairness pages show it. `seedHash` (its committed hash, = the seed of the period before it in the
 * chain) is present only once public: when the period before it has been drawn or refunded (or it is the chain's
 * first period, whose hash is the commitment). `seed` is present once the period was drawn, or refunded after it
 * was opened. A period the engine never opened (refunded) has no chain index and used no seed.
 */
export interface FairnessPeriod extends Partial<GameResult> {
  periodId: string;
  status: PeriodStatus;
  chainIndex: number | null;
  commitment?: string;
}

/** GET /fairness → the committed chain and the revealed seeds so far. */
export interface FairnessInfo {
  commitment: string;
  chainLength: number;
  /** Committed hash of the period running now ('' until it is public: until the period before it is drawn). */
  nextSeedHash: string;
  /** The latest drawn and refunded periods, newest first. */
  recent: FairnessPeriod[];
}
/** GET /fairness/periods/{periodId} */
export interface FairnessPeriodData {
  period: FairnessPeriod;
}
