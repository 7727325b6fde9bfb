import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { signedOut } from '../../shared/session';
import type { PlayerProfile } from '../../shared/records';

/** Whose profile: the signed-in player's own, or another player's id. */
export const OWN_PROFILE = 'own';

export interface ProfileState {
  profile: PlayerProfile | null;
  /** OWN_PROFILE or the user id the loaded (or loading) profile belongs to. */
  subject: string | null;
  status: 'idle' | 'loading' | 'succeeded' | 'failed';
  error: string | null;
  update: { pending: boolean; error: string | null };
}

export const initialProfileState: ProfileState = {
  profile: null,
  subject: null,
  status: 'idle',
  error: null,
  update: { pending: false, error: null },
};

export const profileSlice = createSlice({
  name: 'profile',
  initialState: initialProfileState,
  reducers: {
    /** Load a profile: no userId → the own one (GET /user/profile), else the public view of that player. */
    profileRequested: {
      reducer: (state, action: PayloadAction<{ subject: string }>) => {
        if (state.subject !== action.payload.subject) state.profile = null;
        state.subject = action.payload.subject;
        state.status = 'loading';
        state.error = null;
      },
      prepare: (userId?: string | null) => ({ payload: { subject: userId || OWN_PROFILE } }),
    },
    profileLoaded: (state, action: PayloadAction<{ subject: string; profile: PlayerProfile }>) => {
      if (action.payload.subject !== state.subject) return;
      state.profile = action.payload.profile;
      state.status = 'succeeded';
    },
    profileFailed: (state, action: PayloadAction<{ subject: string; error: string }>) => {
      if (action.payload.subject !== state.subject) return;
      state.status = 'failed';
      state.error = action.payload.error;
    },
    profileUpdateRequested: (state, _action: PayloadAction<{ name: string }>) => {
      state.update = { pending: true, error: null };
    },
    profileUpdated: (state, action: PayloadAction<Partial<PlayerProfile>>) => {
      state.update = { pending: false, error: null };
      if (state.profile && state.subject === OWN_PROFILE) state.profile = { ...state.profile, ...action.payload };
    },
    profileUpdateFailed: (state, action: PayloadAction<string>) => {
      state.update = { pending: false, error: action.payload };
    },
    profileUpdateErrorCleared: (state) => {
      state.update.error = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(signedOut, () => initialProfileState);
  },
});

export const {
  profileRequested,
  profileLoaded,
  profileFailed,
  profileUpdateRequested,
  profileUpdated,
  profileUpdateFailed,
  profileUpdateErrorCleared,
} = profileSlice.actions;
export const profileReducer = profileSlice.reducer;
