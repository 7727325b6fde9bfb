import type { RootState } from '../../shared/store-types';
import { betsAdapter } from './bets.slice';

/** The one store of the player's bets (bets.slice.ts): every list of bets the app shows is read from here. */
export const {
  /** Every bet known, newest first. */
  selectAll: selectAllBets,
  selectById: selectBetById,
  selectIds: selectBetIds,
} = betsAdapter.getSelectors((state: RootState) => state.bets);
