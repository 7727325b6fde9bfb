import type { FairnessInfo, FairnessPeriodData } from '@app/contracts';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type LookedUpPeriod = FairnessPeriodData['period'];

export interface FairnessState {
  info: FairnessInfo | null;
  isLoading: boolean;
  error: string | null;
  lookup: { periodId: string | null; period: LookedUpPeriod | null; isLoading: boolean; error: string | null };
}

export const initialFairnessState: FairnessState = {
  info: null,
  isLoading: false,
  error: null,
  lookup: { periodId: null, period: null, isLoading: false, error: null },
};

/** Public data: kept across sign-in and sign-out. */
export const fairnessSlice = createSlice({
  name: 'fairness',
  initialState: initialFairnessState,
  reducers: {
    fairnessRequested: (state) => {
      state.isLoading = true;
      state.error = null;
    },
    fairnessLoaded: (state, action: PayloadAction<FairnessInfo>) => {
      state.info = action.payload;
      state.isLoading = false;
    },
    fairnessFailed: (state, action: PayloadAction<string>) => {
      state.isLoading = false;
      state.error = action.payload;
    },
    periodLookupRequested: (state, action: PayloadAction<string>) => {
      state.lookup = { periodId: action.payload, period: null, isLoading: true, error: null };
    },
    periodLookupLoaded: (state, action: PayloadAction<LookedUpPeriod>) => {
      state.lookup.period = action.payload;
      state.lookup.isLoading = false;
    },
    periodLookupFailed: (state, action: PayloadAction<string>) => {
      state.lookup.isLoading = false;
      state.lookup.error = action.payload;
    },
  },
});

export const {
  fairnessRequested,
  fairnessLoaded,
  fairnessFailed,
  periodLookupRequested,
  periodLookupLoaded,
  periodLookupFailed,
} = fairnessSlice.actions;
export const fairnessReducer = fairnessSlice.reducer;
