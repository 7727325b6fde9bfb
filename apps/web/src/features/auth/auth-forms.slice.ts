import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LoginRequest } from '@app/contracts';
import type { LoginFactorField } from '@app/domain';
import { signedOut } from '../../shared/session';
import { signedIn } from './auth.slice';

/**
 * The login and logout requests as the screens see them: in flight, and the message to show. Kept apart from
 * the auth state, whose `error` is the session check's (a visitor's first refresh fails by design, and that is
 * nothing a login form should show).
 */
/**
 * What the server asked for beyond the password (a 401 whose `errors` named them): `code`, the code e-mailed to the
 * account (after repeated failed sign-ins); `totp`, the authenticator's code or a recovery code. `note` is the
 * server's explanation, shown while the form asks for them.
 */
export interface LoginChallenge {
  fields: LoginFactorField[];
  note: string | null;
}

export interface AuthFormsState {
  login: { pending: boolean; error: string | null; challenge: LoginChallenge | null };
  /** `completed`: the last logout went through; a screen that stays mounted (an open route) then goes to /login. */
  logout: { pending: boolean; error: string | null; completed: boolean };
}

export const initialAuthFormsState: AuthFormsState = {
  login: { pending: false, error: null, challenge: null },
  logout: { pending: false, error: null, completed: false },
};

export const authFormsSlice = createSlice({
  name: 'authForms',
  initialState: initialAuthFormsState,
  reducers: {
    loginRequested: {
      reducer: (state) => {
        state.login = { pending: true, error: null, challenge: state.login.challenge };
      },
      prepare: (credentials: LoginRequest) => ({ payload: credentials }),
    },
    loginFailed: (state, action: PayloadAction<string>) => {
      state.login = { pending: false, error: action.payload, challenge: state.login.challenge };
    },
    /**
     * The server asks for `fields`. `refused`: the attempt had sent them and something was wrong (the message is an
     * error); otherwise the message explains what to enter.
     */
    loginChallenged: (
      state,
      action: PayloadAction<{ fields: LoginFactorField[]; message: string; refused: boolean }>,
    ) => {
      const { fields, message, refused } = action.payload;
      state.login = {
        pending: false,
        error: refused ? message : null,
        challenge: { fields, note: refused ? (state.login.challenge?.note ?? null) : message },
      };
    },
    loginErrorCleared: (state) => {
      state.login.error = null;
    },
    /** Another address was typed: what the last one was asked for no longer applies. */
    loginChallengeCleared: (state) => {
      state.login.challenge = null;
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

export const {
  loginRequested,
  loginFailed,
  loginChallenged,
  loginErrorCleared,
  loginChallengeCleared,
  logoutRequested,
  logoutFailed,
  logoutCompletionHandled,
} = authFormsSlice.actions;
export const authFormsReducer = authFormsSlice.reducer;
