import type { BetProof, FairnessInfo, FairnessPeriodData, FairnessStats } from '@app/contracts';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { signedOut } from '../../shared/session';

export interface FairnessState {
  info: FairnessInfo | null;
  isLoading: boolean;
  error: string | null;
  /** The period looked up (?period=), with its chain and the beacon chain of its round. */
  lookup: { periodId: string | null; data: FairnessPeriodData | null; isLoading: boolean; error: string | null };
  stats: { data: FairnessStats | null; isLoading: boolean; error: string | null };
  /** The proof of the signed-in player's bet (?bet=); `status` is the HTTP status of a failure (0: no answer). */
  proof: {
    betId: string | null;
    data: BetProof | null;
    isLoading: boolean;
    error: string | null;
    status: number | null;
  };
}

const NO_PROOF: FairnessState['proof'] = { betId: null, data: null, isLoading: false, error: null, status: null };

export const initialFairnessState: FairnessState = {
  info: null,
  isLoading: false,
  error: null,
  lookup: { periodId: null, data: null, isLoading: false, error: null },
  stats: { data: null, isLoading: false, error: null },
  proof: NO_PROOF,
};

/** Public data: kept across sign-in and sign-out (all but a player's bet proof). */
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
      state.lookup = { periodId: action.payload, data: null, isLoading: true, error: null };
    },
    periodLookupLoaded: (state, action: PayloadAction<FairnessPeriodData>) => {
      state.lookup.data = action.payload;
      state.lookup.isLoading = false;
    },
    periodLookupFailed: (state, action: PayloadAction<string>) => {
      state.lookup.isLoading = false;
      state.lookup.error = action.payload;
    },
    fairnessStatsRequested: (state) => {
      state.stats.isLoading = true;
      state.stats.error = null;
    },
    fairnessStatsLoaded: (state, action: PayloadAction<FairnessStats>) => {
      state.stats = { data: action.payload, isLoading: false, error: null };
    },
    fairnessStatsFailed: (state, action: PayloadAction<string>) => {
      state.stats.isLoading = false;
      state.stats.error = action.payload;
    },
    betProofRequested: (state, action: PayloadAction<string>) => {
      state.proof = { ...NO_PROOF, betId: action.payload, isLoading: true };
    },
    betProofLoaded: (state, action: PayloadAction<{ betId: string; proof: BetProof }>) => {
      if (state.proof.betId !== action.payload.betId) return;
      state.proof = { ...NO_PROOF, betId: action.payload.betId, data: action.payload.proof };
    },
    betProofFailed: (state, action: PayloadAction<{ betId: string; error: string; status: number }>) => {
      if (state.proof.betId !== action.payload.betId) return;
      state.proof = {
        ...NO_PROOF,
        betId: action.payload.betId,
        error: action.payload.error,
        status: action.payload.status,
      };
    },
  },
  extraReducers: (builder) => {
    builder.addCase(signedOut, (state) => {
      state.proof = NO_PROOF;
    });
  },
});

export const {
  fairnessRequested,
  fairnessLoaded,
  fairnessFailed,
  periodLookupRequested,
  periodLookupLoaded,
  periodLookupFailed,
  fairnessStatsRequested,
  fairnessStatsLoaded,
  fairnessStatsFailed,
  betProofRequested,
  betProofLoaded,
  betProofFailed,
} = fairnessSlice.actions;
export const fairnessReducer = fairnessSlice.reducer;
