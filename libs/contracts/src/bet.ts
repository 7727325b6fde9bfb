export type GameKey = 'color' | 'bigSmall' | 'number';
export type BetStatus = 'PENDING' | 'COMPLETED' | 'REFUNDED';

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
  color: 'red' | 'green' | 'violet';
  bigSmall: 'big' | 'small';
  digit: number;
  /** The revealed server seed (lowercase hex) and its committed hash: anyone can verify the draw. */
  seed?: string;
  seedHash?: string;
  drawnAt?: string;
}

/** GET /fairness → the committed chain and the revealed seeds so far. */
export interface FairnessInfo {
  commitment: string;
  chainLength: number;
  /** Hash of the seed of the period that opens next (= the last revealed seed). */
  nextSeedHash: string;
  recent: GameResult[];
}
/** GET /fairness/periods/{periodId} */
export interface FairnessPeriodData {
  period: Partial<GameResult> & { periodId: string; seedHash: string; chainIndex: number; status: string; commitment?: string };
}
