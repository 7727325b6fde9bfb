import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LoginRequest } from '@app/contracts';
import { signedOut } from '../../shared/session';
import { signedIn } from './auth.slice';

/**
 * The login and logout requests as the screens see them: in flight, and the message to show. Kept apart from
 * the auth state, whose `error` is the session check's (a visitor's first refresh fails by design, and that is
 * nothing a login form should show).
 */
export interface AuthFormsState {
  login: { pending: boolean; error: string | null };
  /** `completed`: the last logout went through; a screen that stays mounted (an open route) then goes to /login. */
  logout: { pending: boolean; error: string | null; completed: boolean };
}

export const initialAuthFormsState: AuthFormsState = {
  login: { pending: false, error: null },
  logout: { pending: false, error: null, completed: false },
};

export const authFormsSlice = createSlice({
  name: 'authForms',
  initialState: initialAuthFormsState,
  reducers: {
    loginRequested: {
      reducer: (state) => {
        state.login = { pending: true, error: null };
      },
      prepare: (credentials: LoginRequest) => ({ payload: credentials }),
    },
    loginFailed: (state, action: PayloadAction<string>) => {
      state.login = { pending: false, error: action.payload };
    },
    loginErrorCleared: (state) => {
      state.login.error = null;
    },
    logoutRequested: (state) => {
      state.logout = { pending: true, error: null, completed: false };
    },
    logoutFailed: (state, action: PayloadAction<string>) => {
      state.logout = { pending: false, error: action.payload, completed: false };
    },
    /** The screen has gone to /login after the logout. */
    logoutCompletionHandled: (state) => {
      state.logout.completed = false;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(signedIn, () => initialAuthFormsState)
      // A logout in flight ends here (its saga signs out only on success): remember that it went through.
      .addCase(signedOut, (state) => ({
        ...initialAuthFormsState,
        logout: { ...initialAuthFormsState.logout, completed: state.logout.pending },
      }));
  },
});

export const { loginRequested, loginFailed, loginErrorCleared, logoutRequested, logoutFailed, logoutCompletionHandled } =
  authFormsSlice.actions;
export const authFormsReducer = authFormsSlice.reducer;
