import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Dispute } from '@app/contracts';

/** What the dispute form is about: one of the player's bets or transactions. */
export interface DisputeSubjectRef {
  type: 'bet' | 'transaction';
  /** The bet's id, or the transaction's `_id`. */
  id: string;
  /** The period (bet) or the public transaction id, shown in the form. */
  label: string;
}

export interface DisputeFormState {
  subject: DisputeSubjectRef;
  pending: boolean;
  error: string | null;
  errors: Record<string, string>;
}

export interface DisputesState {
  disputes: Dispute[];
  loading: boolean;
  loaded: boolean;
  error: string | null;
  form: DisputeFormState | null;
  closing: string | null;
}

export const initialDisputesState: DisputesState = {
  disputes: [],
  loading: false,
  loaded: false,
  error: null,
  form: null,
  closing: null,
};

export const disputesSlice = createSlice({
  name: 'disputes',
  initialState: initialDisputesState,
  reducers: {
    disputesRequested(state) {
      state.loading = true;
      state.error = null;
    },
    disputesLoaded(state, action: PayloadAction<Dispute[]>) {
      state.disputes = action.payload;
      state.loading = false;
      state.loaded = true;
    },
    disputesFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.error = action.payload;
    },
    disputeFormOpened(state, action: PayloadAction<DisputeSubjectRef>) {
      state.form = { subject: action.payload, pending: false, error: null, errors: {} };
    },
    disputeFormClosed(state) {
      state.form = null;
    },
    disputeOpenRequested(state, _action: PayloadAction<{ message: string }>) {
      if (!state.form) return;
      state.form.pending = true;
      state.form.error = null;
      state.form.errors = {};
    },
    disputeOpened(state, action: PayloadAction<Dispute>) {
      state.form = null;
      state.disputes = [action.payload, ...state.disputes.filter((d) => d.id !== action.payload.id)];
    },
    disputeOpenFailed(state, action: PayloadAction<{ message: string; errors?: Record<string, string> }>) {
      if (!state.form) return;
      state.form.pending = false;
      state.form.error = action.payload.message;
      state.form.errors = action.payload.errors ?? {};
    },
    disputeCloseRequested(state, action: PayloadAction<string>) {
      state.closing = action.payload;
    },
    disputeClosed(state, action: PayloadAction<Dispute>) {
      state.closing = null;
      state.disputes = state.disputes.map((d) => (d.id === action.payload.id ? action.payload : d));
    },
    disputeCloseFailed(state) {
      state.closing = null;
    },
  },
});

export const {
  disputesRequested,
  disputesLoaded,
  disputesFailed,
  disputeFormOpened,
  disputeFormClosed,
  disputeOpenRequested,
  disputeOpened,
  disputeOpenFailed,
  disputeCloseRequested,
  disputeClosed,
  disputeCloseFailed,
} = disputesSlice.actions;
export const disputesReducer = disputesSlice.reducer;
