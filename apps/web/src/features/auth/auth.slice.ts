import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { signedOut } from '../../shared/session';
import type { Role, Session, SessionUser } from './types';

export interface AuthState {
  user: SessionUser | null;
  role: Role | null;
  isAuthenticated: boolean;
  /** True until the first session check has answered; guards show a spinner meanwhile. */
  isLoading: boolean;
  error: string | null;
  socketId: string | null;
}

export const initialAuthState: AuthState = {
  user: null,
  role: null,
  isAuthenticated: false,
  isLoading: true,
  error: null,
  socketId: null,
};

function authenticate(state: AuthState, { user, role }: Session) {
  state.user = user;
  state.role = role;
  state.isAuthenticated = true;
  state.isLoading = false;
  state.error = null;
}

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    /** A refresh succeeded (on start or on a route change). */
    sessionRefreshed: (state, action: PayloadAction<Session>) => authenticate(state, action.payload),
    /** Login succeeded (POST /auth/login). */
    signedIn: (state, action: PayloadAction<Session>) => authenticate(state, action.payload),
    /** The refresh was rejected: the visitor is not signed in. */
    sessionRejected: (state, action: PayloadAction<string>) => {
      state.user = null;
      state.role = null;
      state.isAuthenticated = false;
      state.isLoading = false;
      state.error = action.payload;
    },
    /** A refresh could not reach the server while signed in: keep the session, remember why. */
    sessionRefreshUnavailable: (state, action: PayloadAction<string>) => {
      state.isLoading = false;
      state.error = action.payload;
    },
    /** The signed-in player changed their name on the profile screen. */
    userRenamed: (state, action: PayloadAction<string>) => {
      if (state.user) state.user.name = action.payload;
    },
    socketIdChanged: (state, action: PayloadAction<string | null>) => {
      state.socketId = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(signedOut, (state) => ({ ...initialAuthState, isLoading: false, error: state.error }));
  },
});

export const { sessionRefreshed, signedIn, sessionRejected, sessionRefreshUnavailable, userRenamed, socketIdChanged } =
  authSlice.actions;
export const authReducer = authSlice.reducer;
