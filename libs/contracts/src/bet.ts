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
