import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AdminPlayer, AdminPlayerOverview, PlaySafelyView } from '@app/contracts';
import type { PlayersQuery } from './players-api';

export interface PlayerActionState {
  userId: string;
  action: 'suspend' | 'reinstate';
  pending: boolean;
  error: string | null;
  errors: Record<string, string>;
}

export interface AdminPlayersState {
  query: PlayersQuery;
  players: AdminPlayer[];
  loading: boolean;
  loaded: boolean;
  error: string | null;
  /** Players' own limits, read-only, by player id, once asked for. */
  limits: Record<string, { loading: boolean; view: PlaySafelyView | null; error: string | null }>;
  /** The suspend / reinstate dialog, when open. */
  acting: PlayerActionState | null;
  /** The player view, when open (from a claim on the Payment tab or a player's card). */
  overview: {
    userId: string;
    username: string;
    loading: boolean;
    data: AdminPlayerOverview | null;
    error: string | null;
  } | null;
}

export const initialAdminPlayersState: AdminPlayersState = {
  query: { q: '', suspendedOnly: false },
  players: [],
  loading: false,
  loaded: false,
  error: null,
  limits: {},
  acting: null,
  overview: null,
};

export const adminPlayersSlice = createSlice({
  name: 'adminPlayers',
  initialState: initialAdminPlayersState,
  reducers: {
    playersRequested(state, action: PayloadAction<PlayersQuery>) {
      state.query = action.payload;
      state.loading = true;
      state.error = null;
    },
    playersLoaded(state, action: PayloadAction<AdminPlayer[]>) {
      state.players = action.payload;
      state.loading = false;
      state.loaded = true;
    },
    playersFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.error = action.payload;
    },
    playerLimitsRequested(state, action: PayloadAction<string>) {
      state.limits[action.payload] = { loading: true, view: state.limits[action.payload]?.view ?? null, error: null };
    },
    playerLimitsLoaded(state, action: PayloadAction<{ userId: string; view: PlaySafelyView }>) {
      state.limits[action.payload.userId] = { loading: false, view: action.payload.view, error: null };
    },
    playerLimitsFailed(state, action: PayloadAction<{ userId: string; message: string }>) {
      state.limits[action.payload.userId] = { loading: false, view: null, error: action.payload.message };
    },
    playerOverviewOpened(state, action: PayloadAction<{ userId: string; username: string }>) {
      state.overview = { ...action.payload, loading: true, data: null, error: null };
    },
    playerOverviewLoaded(state, action: PayloadAction<AdminPlayerOverview>) {
      if (state.overview?.userId !== action.payload.player.id) return;
      state.overview = { ...state.overview, loading: false, data: action.payload, error: null };
    },
    playerOverviewFailed(state, action: PayloadAction<{ userId: string; message: string }>) {
      if (state.overview?.userId !== action.payload.userId) return;
      state.overview = { ...state.overview, loading: false, error: action.payload.message };
    },
    playerOverviewClosed(state) {
      state.overview = null;
    },
    playerActionOpened(state, action: PayloadAction<{ userId: string; action: 'suspend' | 'reinstate' }>) {
      state.acting = { ...action.payload, pending: false, error: null, errors: {} };
    },
    playerActionClosed(state) {
      state.acting = null;
    },
    playerActionRequested(state, _action: PayloadAction<{ reason: string }>) {
      if (!state.acting) return;
      state.acting.pending = true;
      state.acting.error = null;
      state.acting.errors = {};
    },
    playerActionDone(state, action: PayloadAction<AdminPlayer>) {
      state.acting = null;
      const player = action.payload;
      state.players = state.players.map((p) => (p.id === player.id ? player : p));
    },
    playerActionFailed(state, action: PayloadAction<{ message: string; errors?: Record<string, string> }>) {
      if (!state.acting) return;
      state.acting.pending = false;
      state.acting.error = action.payload.message;
      state.acting.errors = action.payload.errors ?? {};
    },
  },
});

export const {
  playersRequested,
  playersLoaded,
  playersFailed,
  playerLimitsRequested,
  playerLimitsLoaded,
  playerLimitsFailed,
  playerOverviewOpened,
  playerOverviewLoaded,
  playerOverviewFailed,
  playerOverviewClosed,
  playerActionOpened,
  playerActionClosed,
  playerActionRequested,
  playerActionDone,
  playerActionFailed,
} = adminPlayersSlice.actions;
export const adminPlayersReducer = adminPlayersSlice.reducer;
