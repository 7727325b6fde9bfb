import { createSelector } from '@reduxjs/toolkit';
import type { PlayerBet } from '../../shared/records';
import type { RootState } from '../../shared/store-types';
import { isProvisional } from '../bets/bets.slice';
import { selectAllBets } from '../bets/selectors';

/** The history's load: `isLoading` and `error`. */
export const selectHistory = (state: RootState) => state.history;

/**
 * The bet history: every bet of the player the store holds (fetched, or live since), newest first, each in the state
 * the game's current bets show too; an entry the game made from a sent bet, awaiting the server's copy, is not one.
 */
export const selectHistoryBets = createSelector([selectAllBets], (bets): PlayerBet[] =>
  bets.filter((bet) => !isProvisional(bet)),
);
