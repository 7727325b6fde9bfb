import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { signedOut } from '../../shared/session';
import { betsFetched } from '../bets/bets.slice';

/**
 * The history's load (GET /bet). The bets themselves are in the bets slice (features/bets), where the fetched ones
 * and the live updates meet under one merge rule; the history list is derived from it (see selectors).
 */
export interface HistoryState {
  isLoading: boolean;
  /** The load error, shown in red (SPEC 8: 'Failed to fetch bets' unless the server says more). */
  error: string | null;
}

export const initialHistoryState: HistoryState = { isLoading: false, error: null };

export const historySlice = createSlice({
  name: 'history',
  initialState: initialHistoryState,
  reducers: {
    historyRequested: (state) => {
      state.isLoading = true;
      state.error = null;
    },
    historyFailed: (state, action: PayloadAction<string>) => {
      state.isLoading = false;
      state.error = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(betsFetched, (state) => {
        state.isLoading = false;
      })
      .addCase(signedOut, () => initialHistoryState);
  },
});

export const { historyRequested, historyFailed } = historySlice.actions;
export const historyReducer = historySlice.reducer;
