import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CareFlag, CarePlayer, PlayBreakView } from '@app/contracts';
import type { CareFilter } from './care-api';

/** The open dialog: a contact note or a dismissal of one flag, or a break for one player. */
export type CareAction =
  { kind: 'contacted' | 'dismissed'; userId: string; flagId: string } | { kind: 'break'; userId: string };

export interface CareActionState {
  action: CareAction;
  pending: boolean;
  error: string | null;
  errors: Record<string, string>;
}

export interface AdminCareState {
  filter: CareFilter;
  players: CarePlayer[];
  loading: boolean;
  loaded: boolean;
  error: string | null;
  acting: CareActionState | null;
}

export const initialAdminCareState: AdminCareState = {
  filter: 'open',
  players: [],
  loading: false,
  loaded: false,
  error: null,
  acting: null,
};

export const adminCareSlice = createSlice({
  name: 'adminCare',
  initialState: initialAdminCareState,
  reducers: {
    careRequested(state, action: PayloadAction<CareFilter>) {
      state.filter = action.payload;
      state.loading = true;
      state.error = null;
    },
    careLoaded(state, action: PayloadAction<CarePlayer[]>) {
      state.players = action.payload;
      state.loading = false;
      state.loaded = true;
    },
    careFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.error = action.payload;
    },
    careActionOpened(state, action: PayloadAction<CareAction>) {
      state.acting = { action: action.payload, pending: false, error: null, errors: {} };
    },
    careActionClosed(state) {
      state.acting = null;
    },
    /** `note` for a review; `option` and `reason` for a break. */
    careActionRequested(state, _action: PayloadAction<{ note?: string; option?: string; reason?: string }>) {
      if (!state.acting) return;
      state.acting.pending = true;
      state.acting.error = null;
      state.acting.errors = {};
    },
    careFlagReviewed(state, action: PayloadAction<CareFlag>) {
      state.acting = null;
      const flag = action.payload;
      for (const player of state.players) player.flags = player.flags.map((f) => (f.id === flag.id ? flag : f));
    },
    careBreakApplied(state, action: PayloadAction<{ userId: string; playBreak: PlayBreakView }>) {
      state.acting = null;
      for (const player of state.players)
        if (player.userId === action.payload.userId) player.playBreak = action.payload.playBreak;
    },
    careActionFailed(state, action: PayloadAction<{ message: string; errors?: Record<string, string> }>) {
      if (!state.acting) return;
      state.acting.pending = false;
      state.acting.error = action.payload.message;
      state.acting.errors = action.payload.errors ?? {};
    },
  },
});

export const {
  careRequested,
  careLoaded,
  careFailed,
  careActionOpened,
  careActionClosed,
  careActionRequested,
  careFlagReviewed,
  careBreakApplied,
  careActionFailed,
} = adminCareSlice.actions;
export const adminCareReducer = adminCareSlice.reducer;
