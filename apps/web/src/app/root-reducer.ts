import { combineSlices } from '@reduxjs/toolkit';
import { configReducer } from '../features/config/config.slice';
import { authFormsReducer } from '../features/auth/auth-forms.slice';
import { authReducer } from '../features/auth/auth.slice';
import { forgotPasswordReducer } from '../features/forgot-password/forgot-password.slice';
import { profileReducer } from '../features/profile/profile.slice';
import { registerReducer } from '../features/register/register.slice';
import { toastsReducer } from '../features/toasts/toasts.slice';
import { fairnessReducer } from '../features/fairness/fairness.slice';
import { gameReducer } from '../features/game/game.slice';
import { historyReducer } from '../features/history/history.slice';
import { socketReducer } from '../features/socket/socket.slice';
import { depositReducer } from '../features/deposit/deposit.slice';
import { walletReducer } from '../features/wallet/wallet.slice';
import { withdrawReducer } from '../features/withdraw/withdraw.slice';
import type { AdminState } from '../features/admin/admin.slice';

/**
 * Slices that come with a lazily loaded part of the app (see `LazyFeature` in store.ts): the admin console brings
 * its own, so a player's bundle holds none of its code. Their state is absent until the part has loaded.
 */
export interface LazyLoadedSlices {
  admin: AdminState;
}

export const rootReducer = combineSlices({
  config: configReducer,
  auth: authReducer,
  authForms: authFormsReducer,
  register: registerReducer,
  forgotPassword: forgotPasswordReducer,
  profile: profileReducer,
  toasts: toastsReducer,
  socket: socketReducer,
  game: gameReducer,
  history: historyReducer,
  fairness: fairnessReducer,
  wallet: walletReducer,
  deposit: depositReducer,
  withdraw: withdrawReducer,
}).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;
