import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RegisterRequest } from '@app/contracts';
import { signedOut } from '../../shared/session';

/** Details, then code entry (SPEC 4, Registration). */
export type RegisterStep = 'details' | 'code';

export interface RegisterState {
  step: RegisterStep;
  /** Where the code went. */
  email: string | null;
  /** When the last code was sent (ms since epoch): resending waits for the cooldown. */
  codeSentAt: number | null;
  /** 'sending' a code (step 1 or resend), or 'verifying' it (step 2). */
  pending: 'sending' | 'verifying' | null;
  error: string | null;
  /** The server's note about a code sent again from step 2 (the first one is said by the step itself). */
  notice: string | null;
  /** The account exists: the screen goes to /login. */
  completed: boolean;
}

export const initialRegisterState: RegisterState = {
  step: 'details',
  email: null,
  codeSentAt: null,
  pending: null,
  error: null,
  notice: null,
  completed: false,
};

/** The details of step 1 as sent (no code). Passwords travel in the action only; the store never keeps them. */
export type RegisterDetails = Omit<RegisterRequest, 'otp'>;

export const registerSlice = createSlice({
  name: 'register',
  initialState: initialRegisterState,
  reducers: {
    registerCodeRequested: {
      reducer: (state) => {
        state.pending = 'sending';
        state.error = null;
      },
      prepare: (details: RegisterDetails) => ({ payload: details }),
    },
    registerCodeSent: {
      reducer: (state, action: PayloadAction<{ email: string; sentAt: number; notice: string | null }>) => {
        state.notice = state.step === 'code' ? action.payload.notice : null;
        state.step = 'code';
        state.email = action.payload.email;
        state.codeSentAt = action.payload.sentAt;
        state.pending = null;
        state.error = null;
      },
      prepare: (email: string, notice?: string | null) => ({
        payload: { email, sentAt: Date.now(), notice: notice ?? null },
      }),
    },
    registerCodeSubmitted: {
      reducer: (state) => {
        state.pending = 'verifying';
        state.error = null;
      },
      prepare: (request: RegisterDetails & { otp: string }) => ({ payload: request }),
    },
    registerFailed: (state, action: PayloadAction<string>) => {
      state.pending = null;
      state.error = action.payload;
    },
    registered: (state) => {
      state.pending = null;
      state.error = null;
      state.completed = true;
    },
    /** Back to the details: the code is cleared by the screen, the error here. */
    registerDetailsEdited: (state) => {
      state.step = 'details';
      state.error = null;
      state.notice = null;
    },
    registerReset: () => initialRegisterState,
  },
  extraReducers: (builder) => {
    builder.addCase(signedOut, () => initialRegisterState);
  },
});

export const {
  registerCodeRequested,
  registerCodeSent,
  registerCodeSubmitted,
  registerFailed,
  registered,
  registerDetailsEdited,
  registerReset,
} = registerSlice.actions;
export const registerReducer = registerSlice.reducer;
