import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AwaySummaryData, PlayBreakRefusal, WithdrawRequest } from '@app/contracts';
import type { PlayBreakOption } from '@app/domain';
import { signedIn } from '../auth/auth.slice';

type Status = 'idle' | 'loading' | 'success' | 'failure';

/**
 * Breaks and self-exclusion as the screens see them. `refusal`: the last sign-in refused by one (its message and the
 * withdraw-only token, kept in memory only: a reload asks the player to log in again). `notice`: what the login page
 * says after the player took one (they were logged out).
 */
export interface PlayBreakState {
  take: { status: Status; error: string | null };
  notice: string | null;
  refusal: { message: string; playBreak: PlayBreakRefusal } | null;
  away: { status: Status; error: string | null; summary: AwaySummaryData | null };
  withdraw: { status: Status; error: string | null; message: string | null };
  returning: { status: Status; error: string | null; message: string | null };
}

export const initialPlayBreakState: PlayBreakState = {
  take: { status: 'idle', error: null },
  notice: null,
  refusal: null,
  away: { status: 'idle', error: null, summary: null },
  withdraw: { status: 'idle', error: null, message: null },
  returning: { status: 'idle', error: null, message: null },
};

export const playBreakSlice = createSlice({
  name: 'playBreak',
  initialState: initialPlayBreakState,
  reducers: {
    playBreakRequested: {
      reducer: (state) => {
        state.take = { status: 'loading', error: null };
      },
      prepare: (option: PlayBreakOption) => ({ payload: option }),
    },
    playBreakStarted: (state, action: PayloadAction<string>) => {
      state.take = { status: 'success', error: null };
      state.notice = action.payload;
    },
    playBreakFailed: (state, action: PayloadAction<string>) => {
      state.take = { status: 'failure', error: action.payload };
    },
    playBreakTakeReset: (state) => {
      state.take = initialPlayBreakState.take;
    },
    /** A sign-in was refused by a break or self-exclusion. */
    playBreakRefused: (state, action: PayloadAction<{ message: string; playBreak: PlayBreakRefusal }>) => {
      state.refusal = action.payload;
      state.notice = null;
    },
    noticeCleared: (state) => {
      state.notice = null;
    },
    awayRequested: (state) => {
      state.away = { ...state.away, status: 'loading', error: null };
    },
    awayLoaded: (state, action: PayloadAction<AwaySummaryData>) => {
      state.away = { status: 'success', error: null, summary: action.payload };
    },
    awayFailed: (state, action: PayloadAction<string>) => {
      state.away = { ...state.away, status: 'failure', error: action.payload };
    },
    awayWithdrawRequested: {
      reducer: (state) => {
        state.withdraw = { status: 'loading', error: null, message: null };
      },
      prepare: (request: WithdrawRequest) => ({ payload: request }),
    },
    awayWithdrawDone: (state, action: PayloadAction<string>) => {
      state.withdraw = { status: 'success', error: null, message: action.payload };
    },
    awayWithdrawFailed: (state, action: PayloadAction<string>) => {
      state.withdraw = { status: 'failure', error: action.payload, message: null };
    },
    returnRequested: (state) => {
      state.returning = { status: 'loading', error: null, message: null };
    },
    returnDone: (state, action: PayloadAction<string>) => {
      state.returning = { status: 'success', error: null, message: action.payload };
    },
    returnFailed: (state, action: PayloadAction<string>) => {
      state.returning = { status: 'failure', error: action.payload, message: null };
    },
  },
  extraReducers: (builder) => {
    // Signed in: nothing of an earlier refusal (and its token) stays.
    builder.addCase(signedIn, () => initialPlayBreakState);
  },
});

export const {
  playBreakRequested,
  playBreakStarted,
  playBreakFailed,
  playBreakTakeReset,
  playBreakRefused,
  noticeCleared,
  awayRequested,
  awayLoaded,
  awayFailed,
  awayWithdrawRequested,
  awayWithdrawDone,
  awayWithdrawFailed,
  returnRequested,
  returnDone,
  returnFailed,
} = playBreakSlice.actions;
export const playBreakReducer = playBreakSlice.reducer;
