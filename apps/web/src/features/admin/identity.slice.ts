import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AdminIdentitySubmission } from '@app/contracts';
import type { IdentityFilter } from './identity-api';

export interface AdminIdentityState {
  filter: IdentityFilter;
  submissions: AdminIdentitySubmission[];
  loading: boolean;
  loaded: boolean;
  error: string | null;
  /** The decision on its way or refused: which submission, verify or reject (the reject dialog is open). */
  deciding: {
    submissionId: string;
    action: 'verify' | 'reject';
    pending: boolean;
    error: string | null;
    errors: Record<string, string>;
  } | null;
}

export const initialAdminIdentityState: AdminIdentityState = {
  filter: 'pending',
  submissions: [],
  loading: false,
  loaded: false,
  error: null,
  deciding: null,
};

export const adminIdentitySlice = createSlice({
  name: 'adminIdentity',
  initialState: initialAdminIdentityState,
  reducers: {
    identitySubmissionsRequested(state, action: PayloadAction<IdentityFilter>) {
      state.filter = action.payload;
      state.loading = true;
      state.error = null;
    },
    identitySubmissionsLoaded(state, action: PayloadAction<AdminIdentitySubmission[]>) {
      state.submissions = action.payload;
      state.loading = false;
      state.loaded = true;
    },
    identitySubmissionsFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.error = action.payload;
    },
    identityRejectOpened(state, action: PayloadAction<string>) {
      state.deciding = { submissionId: action.payload, action: 'reject', pending: false, error: null, errors: {} };
    },
    identityDecisionClosed(state) {
      state.deciding = null;
    },
    identityDecisionRequested(
      state,
      action: PayloadAction<{ submissionId: string; action: 'verify' | 'reject'; reason?: string }>,
    ) {
      state.deciding = {
        submissionId: action.payload.submissionId,
        action: action.payload.action,
        pending: true,
        error: null,
        errors: {},
      };
    },
    identityDecided(state, action: PayloadAction<AdminIdentitySubmission>) {
      state.deciding = null;
      const decided = action.payload;
      // A decided submission leaves the pending list; other lists show it as it is now.
      state.submissions =
        state.filter === 'pending'
          ? state.submissions.filter((s) => s.submissionId !== decided.submissionId)
          : state.submissions.map((s) => (s.submissionId === decided.submissionId ? decided : s));
    },
    identityDecisionFailed(state, action: PayloadAction<{ message: string; errors?: Record<string, string> }>) {
      if (!state.deciding) return;
      state.deciding.pending = false;
      state.deciding.error = action.payload.message;
      state.deciding.errors = action.payload.errors ?? {};
    },
  },
});

export const {
  identitySubmissionsRequested,
  identitySubmissionsLoaded,
  identitySubmissionsFailed,
  identityRejectOpened,
  identityDecisionClosed,
  identityDecisionRequested,
  identityDecided,
  identityDecisionFailed,
} = adminIdentitySlice.actions;
export const adminIdentityReducer = adminIdentitySlice.reducer;
