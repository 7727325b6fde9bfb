import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PlaySafelyView, PlaySession, UpdatePlayerLimitsRequest } from '@app/contracts';
import { signedOut } from '../../shared/session';

export interface PlaySafelyState {
  /** The player's limits as the server last said them; null until loaded. */
  view: PlaySafelyView | null;
  loading: boolean;
  loadError: string | null;
  saving: boolean;
  saveError: string | null;
  /** The server's per-field messages of the last refused save. */
  fieldErrors: Record<string, string>;
  /** This session's figures (GET /player/session); null until the game screen asked for them. */
  session: PlaySession | null;
  /** Reality checks already shown (or skipped on load) this session: the next one is due after one more interval. */
  checksDone: number;
  /** A reality check is showing: the bet panel is paused until the player answers. */
  realityCheckDue: boolean;
}

export const initialPlaySafelyState: PlaySafelyState = {
  view: null,
  loading: false,
  loadError: null,
  saving: false,
  saveError: null,
  fieldErrors: {},
  session: null,
  checksDone: 0,
  realityCheckDue: false,
};

export const playSafelySlice = createSlice({
  name: 'playSafely',
  initialState: initialPlaySafelyState,
  reducers: {
    limitsRequested: (state) => {
      state.loading = true;
      state.loadError = null;
    },
    limitsLoaded: (state, action: PayloadAction<PlaySafelyView>) => {
      state.view = action.payload;
      state.loading = false;
    },
    limitsFailed: (state, action: PayloadAction<string>) => {
      state.loading = false;
      state.loadError = action.payload;
    },
    limitsSaveRequested: (state, _action: PayloadAction<UpdatePlayerLimitsRequest>) => {
      state.saving = true;
      state.saveError = null;
      state.fieldErrors = {};
    },
    limitsSaved: (state, action: PayloadAction<PlaySafelyView>) => {
      state.view = action.payload;
      state.saving = false;
    },
    limitsSaveFailed: (state, action: PayloadAction<{ message: string; errors?: Record<string, string> }>) => {
      state.saving = false;
      state.saveError = action.payload.message;
      state.fieldErrors = action.payload.errors ?? {};
    },
    playSessionRequested: () => {},
    playSessionLoaded: (state, action: PayloadAction<{ session: PlaySession; nowMs: number }>) => {
      const first = state.session === null || state.session.startedAt !== action.payload.session.startedAt;
      state.session = action.payload.session;
      // Intervals already over when the figures first arrive (a reload) are not shown late.
      if (first) {
        const elapsed = action.payload.nowMs - new Date(action.payload.session.startedAt).getTime();
        state.checksDone = Math.max(0, Math.floor(elapsed / (action.payload.session.realityCheckMinutes * 60_000)));
      }
    },
    realityCheckDue: (state) => {
      state.realityCheckDue = true;
      state.checksDone += 1;
    },
    realityCheckAnswered: (state) => {
      state.realityCheckDue = false;
    },
    /** The server ended the session at the player's session time limit (the socket's session-limit). */
    sessionLimitReached: (_state, _action: PayloadAction<{ message: string; pausedUntil: string }>) => {},
  },
  extraReducers: (builder) => {
    builder.addCase(signedOut, () => initialPlaySafelyState);
  },
});

export const {
  limitsRequested,
  limitsLoaded,
  limitsFailed,
  limitsSaveRequested,
  limitsSaved,
  limitsSaveFailed,
  playSessionRequested,
  playSessionLoaded,
  realityCheckDue,
  realityCheckAnswered,
  sessionLimitReached,
} = playSafelySlice.actions;
export const playSafelyReducer = playSafelySlice.reducer;
