import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ForgotPasswordResetRequest, ForgotPasswordVerifyRequest } from '@app/contracts';
import type { ForgotPasswordStep } from '@app/domain';
import { signedOut } from '../../shared/session';

export interface ForgotPasswordState {
  step: ForgotPasswordStep;
  /** The address the code went to (normalised). */
  email: string | null;
  codeSentAt: number | null;
  pending: boolean;
  error: string | null;
  /** The server's message about the last step that worked (code sent, code verified, password reset). */
  notice: string | null;
}

export const initialForgotPasswordState: ForgotPasswordState = {
  step: 'email',
  email: null,
  codeSentAt: null,
  pending: false,
  error: null,
  notice: null,
};

const PREVIOUS: Record<ForgotPasswordStep, ForgotPasswordStep> = {
  email: 'email',
  otp: 'email',
  reset: 'otp',
  done: 'done',
};

const start = (state: ForgotPasswordState) => {
  state.pending = true;
  state.error = null;
};

export const forgotPasswordSlice = createSlice({
  name: 'forgotPassword',
  initialState: initialForgotPasswordState,
  reducers: {
    resetCodeRequested: (state, _action: PayloadAction<string>) => start(state),
    resetCodeSent: {
      reducer: (state, action: PayloadAction<{ email: string; notice: string | null; sentAt: number }>) => {
        state.step = 'otp';
        state.email = action.payload.email;
        state.codeSentAt = action.payload.sentAt;
        state.notice = action.payload.notice;
        state.pending = false;
      },
      prepare: (email: string, notice?: string | null) => ({
        payload: { email, notice: notice ?? null, sentAt: Date.now() },
      }),
    },
    resetCodeSubmitted: (state, _action: PayloadAction<ForgotPasswordVerifyRequest>) => start(state),
    resetCodeVerified: (state, action: PayloadAction<string | null>) => {
      state.step = 'reset';
      state.notice = action.payload;
      state.pending = false;
    },
    newPasswordSubmitted: (state, _action: PayloadAction<ForgotPasswordResetRequest>) => start(state),
    passwordResetDone: (state, action: PayloadAction<string | null>) => {
      state.step = 'done';
      state.notice = action.payload;
      state.pending = false;
    },
    forgotPasswordFailed: (state, action: PayloadAction<string>) => {
      state.pending = false;
      state.error = action.payload;
    },
    /** Back: otp → email, reset → otp (email and done leave the screen, see the page). */
    forgotPasswordStepBack: (state) => {
      state.step = PREVIOUS[state.step];
      state.error = null;
      state.notice = null;
      state.pending = false;
    },
    forgotPasswordErrorCleared: (state) => {
      state.error = null;
    },
    forgotPasswordReset: () => initialForgotPasswordState,
  },
  extraReducers: (builder) => {
    builder.addCase(signedOut, () => initialForgotPasswordState);
  },
});

export const {
  resetCodeRequested,
  resetCodeSent,
  resetCodeSubmitted,
  resetCodeVerified,
  newPasswordSubmitted,
  passwordResetDone,
  forgotPasswordFailed,
  forgotPasswordStepBack,
  forgotPasswordErrorCleared,
  forgotPasswordReset,
} = forgotPasswordSlice.actions;
export const forgotPasswordReducer = forgotPasswordSlice.reducer;
