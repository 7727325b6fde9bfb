import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { DateOfBirthRequest, IdentitySubmitRequest, PlayerIdentity } from '@app/contracts';
import { signedOut } from '../../shared/session';

export interface IdentityState {
  identity: PlayerIdentity | null;
  loading: boolean;
  loadError: string | null;
  /** A submission or a date of birth on its way. */
  saving: boolean;
  error: string | null;
  /** The server's per-field messages of the last refusal. */
  fieldErrors: Record<string, string>;
  /** The server's message of the last success. */
  message: string | null;
}

export const initialIdentityState: IdentityState = {
  identity: null,
  loading: false,
  loadError: null,
  saving: false,
  error: null,
  fieldErrors: {},
  message: null,
};

export const identitySlice = createSlice({
  name: 'identity',
  initialState: initialIdentityState,
  reducers: {
    identityRequested: (state) => {
      state.loading = true;
      state.loadError = null;
    },
    identityLoaded: (state, action: PayloadAction<PlayerIdentity>) => {
      state.identity = action.payload;
      state.loading = false;
    },
    identityLoadFailed: (state, action: PayloadAction<string>) => {
      state.loading = false;
      state.loadError = action.payload;
    },
    identitySubmitted: {
      reducer: (state) => {
        state.saving = true;
        state.error = null;
        state.fieldErrors = {};
        state.message = null;
      },
      prepare: (request: IdentitySubmitRequest) => ({ payload: request }),
    },
    dateOfBirthSubmitted: {
      reducer: (state) => {
        state.saving = true;
        state.error = null;
        state.fieldErrors = {};
        state.message = null;
      },
      prepare: (request: DateOfBirthRequest) => ({ payload: request }),
    },
    identitySaved: (state, action: PayloadAction<{ identity: PlayerIdentity; message?: string }>) => {
      state.identity = action.payload.identity;
      state.saving = false;
      state.message = action.payload.message ?? null;
    },
    identitySaveFailed: (state, action: PayloadAction<{ message: string; errors?: Record<string, string> }>) => {
      state.saving = false;
      state.error = action.payload.message;
      state.fieldErrors = action.payload.errors ?? {};
    },
  },
  extraReducers: (builder) => {
    builder.addCase(signedOut, () => initialIdentityState);
  },
});

export const {
  identityRequested,
  identityLoaded,
  identityLoadFailed,
  identitySubmitted,
  dateOfBirthSubmitted,
  identitySaved,
  identitySaveFailed,
} = identitySlice.actions;
export const identityReducer = identitySlice.reducer;
