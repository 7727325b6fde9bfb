import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PlayerBet } from '../../shared/records';
import { signedOut } from '../../shared/session';
import { betUpdated } from '../socket/live-events';
import { mergeBetUpdate, mergeFetchedBets } from './merge-bet';

export interface HistoryState {
  /** The player's bets, newest first; stake and win in paise. */
  bets: PlayerBet[];
  isLoading: boolean;
  /** The load error, shown in red (SPEC 8: 'Failed to fetch bets' unless the server says more). */
  error: string | null;
  /** Live updates received while a load was in flight, applied over its answer. */
  liveDuringLoad: PlayerBet[];
}

export const initialHistoryState: HistoryState = { bets: [], isLoading: false, error: null, liveDuringLoad: [] };

export const historySlice = createSlice({
  name: 'history',
  initialState: initialHistoryState,
  reducers: {
    historyRequested: (state) => {
      state.isLoading = true;
      state.error = null;
      state.liveDuringLoad = [];
    },
    historyLoaded: (state, action: PayloadAction<PlayerBet[]>) => {
      state.bets = mergeFetchedBets(action.payload, state.liveDuringLoad);
      state.isLoading = false;
      state.liveDuringLoad = [];
    },
    historyFailed: (state, action: PayloadAction<string>) => {
      state.isLoading = false;
      state.error = action.payload;
      state.liveDuringLoad = [];
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(betUpdated, (state, { payload }) => {
        state.bets = mergeBetUpdate(state.bets, payload);
        if (state.isLoading) state.liveDuringLoad.push(payload);
      })
      .addCase(signedOut, () => initialHistoryState);
  },
});

export const { historyRequested, historyLoaded, historyFailed } = historySlice.actions;
export const historyReducer = historySlice.reducer;
