import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AdminDispute, DisputeStatus } from '@app/contracts';

export interface AdminDisputesState {
  status: DisputeStatus;
  disputes: AdminDispute[];
  loading: boolean;
  loaded: boolean;
  error: string | null;
  /** The dispute being answered or closed, and what went wrong with it. */
  acting: { id: string; pending: boolean; error: string | null; errors: Record<string, string> } | null;
}

export const initialAdminDisputesState: AdminDisputesState = {
  status: 'open',
  disputes: [],
  loading: false,
  loaded: false,
  error: null,
  acting: null,
};

export const adminDisputesSlice = createSlice({
  name: 'adminDisputes',
  initialState: initialAdminDisputesState,
  reducers: {
    adminDisputesRequested(state, action: PayloadAction<DisputeStatus>) {
      state.status = action.payload;
      state.loading = true;
      state.error = null;
    },
    adminDisputesLoaded(state, action: PayloadAction<AdminDispute[]>) {
      state.disputes = action.payload;
      state.loading = false;
      state.loaded = true;
    },
    adminDisputesFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.error = action.payload;
    },
    adminDisputeActionRequested(state, action: PayloadAction<{ id: string; action: { answer: string } | 'close' }>) {
      state.acting = { id: action.payload.id, pending: true, error: null, errors: {} };
    },
    adminDisputeActionDone(state, action: PayloadAction<AdminDispute>) {
      state.acting = null;
      const dispute = action.payload;
      // It leaves the list of its former status.
      state.disputes =
        dispute.status === state.status
          ? state.disputes.map((d) => (d.id === dispute.id ? dispute : d))
          : state.disputes.filter((d) => d.id !== dispute.id);
    },
    adminDisputeActionFailed(state, action: PayloadAction<{ message: string; errors?: Record<string, string> }>) {
      if (!state.acting) return;
      state.acting.pending = false;
      state.acting.error = action.payload.message;
      state.acting.errors = action.payload.errors ?? {};
    },
  },
});

export const {
  adminDisputesRequested,
  adminDisputesLoaded,
  adminDisputesFailed,
  adminDisputeActionRequested,
  adminDisputeActionDone,
  adminDisputeActionFailed,
} = adminDisputesSlice.actions;
export const adminDisputesReducer = adminDisputesSlice.reducer;
