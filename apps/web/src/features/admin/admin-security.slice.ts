import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AdminPasswordChangeRequest, AdminSecurity, TwoFactorEnrolmentData } from '@app/contracts';
import { signedOut } from '../../shared/session';

/**
 * The super-admin's own sign-in security in the console: the second factor (GET /admin/security, enrolment,
 * recovery codes) and the password change. Keys and recovery codes are kept only while they are shown (once).
 */
export interface AdminSecurityState {
  status: AdminSecurity | null;
  loading: boolean;
  error: string | null;
  /** The key being enrolled, shown once, until it is confirmed or the enrolment is cancelled. */
  enrolment: TwoFactorEnrolmentData | null;
  /** The two-factor request in flight (start, confirm, renew) and its error. */
  pending: 'start' | 'confirm' | 'renew' | null;
  twoFactorError: string | null;
  /** Recovery codes just issued: shown once, until the admin says they are saved. */
  recoveryCodes: string[] | null;
  password: { pending: boolean; error: string | null; errors: Record<string, string>; done: string | null };
}

export const initialAdminSecurityState: AdminSecurityState = {
  status: null,
  loading: false,
  error: null,
  enrolment: null,
  pending: null,
  twoFactorError: null,
  recoveryCodes: null,
  password: { pending: false, error: null, errors: {}, done: null },
};

export const adminSecuritySlice = createSlice({
  name: 'adminSecurity',
  initialState: initialAdminSecurityState,
  reducers: {
    securityRequested: (state) => {
      state.loading = true;
      state.error = null;
    },
    securityLoaded: (state, action: PayloadAction<AdminSecurity>) => {
      state.loading = false;
      state.status = action.payload;
    },
    /** null: a server without the call (404), said nowhere (the cards then offer nothing). */
    securityFailed: (state, action: PayloadAction<string | null>) => {
      state.loading = false;
      state.error = action.payload;
    },
    /** Starts (or, with the current code, restarts to replace) an enrolment. */
    enrolmentRequested: {
      reducer: (state) => {
        state.pending = 'start';
        state.twoFactorError = null;
      },
      prepare: (code?: string) => ({ payload: code }),
    },
    enrolmentStarted: (state, action: PayloadAction<TwoFactorEnrolmentData>) => {
      state.pending = null;
      state.enrolment = action.payload;
    },
    enrolmentCancelled: (state) => {
      state.enrolment = null;
      state.twoFactorError = null;
    },
    confirmRequested: (state, _action: PayloadAction<string>) => {
      state.pending = 'confirm';
      state.twoFactorError = null;
    },
    renewRequested: (state, _action: PayloadAction<string>) => {
      state.pending = 'renew';
      state.twoFactorError = null;
    },
    /** Confirmed or renewed: the key is no longer shown, the codes are (once). */
    recoveryCodesIssued: (state, action: PayloadAction<string[]>) => {
      state.pending = null;
      state.enrolment = null;
      state.recoveryCodes = action.payload;
    },
    recoveryCodesSaved: (state) => {
      state.recoveryCodes = null;
    },
    twoFactorFailed: (state, action: PayloadAction<string>) => {
      state.pending = null;
      state.twoFactorError = action.payload;
    },
    passwordChangeRequested: (state, _action: PayloadAction<AdminPasswordChangeRequest>) => {
      state.password = { pending: true, error: null, errors: {}, done: null };
    },
    passwordChanged: (state, action: PayloadAction<string>) => {
      state.password = { pending: false, error: null, errors: {}, done: action.payload };
    },
    passwordChangeFailed: (state, action: PayloadAction<{ message: string; errors?: Record<string, string> }>) => {
      state.password = {
        pending: false,
        error: action.payload.message,
        errors: action.payload.errors ?? {},
        done: null,
      };
    },
    passwordMessagesCleared: (state) => {
      state.password = { ...state.password, error: null, errors: {}, done: null };
    },
  },
  extraReducers: (builder) => {
    builder.addCase(signedOut, () => initialAdminSecurityState);
  },
});

export const {
  securityRequested,
  securityLoaded,
  securityFailed,
  enrolmentRequested,
  enrolmentStarted,
  enrolmentCancelled,
  confirmRequested,
  renewRequested,
  recoveryCodesIssued,
  recoveryCodesSaved,
  twoFactorFailed,
  passwordChangeRequested,
  passwordChanged,
  passwordChangeFailed,
  passwordMessagesCleared,
} = adminSecuritySlice.actions;
export const adminSecurityReducer = adminSecuritySlice.reducer;
