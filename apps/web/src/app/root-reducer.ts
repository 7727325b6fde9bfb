import { combineSlices } from '@reduxjs/toolkit';
import { configReducer } from '../features/config/config.slice';
import { authFormsReducer } from '../features/auth/auth-forms.slice';
import { authReducer } from '../features/auth/auth.slice';
import { forgotPasswordReducer } from '../features/forgot-password/forgot-password.slice';
import { profileReducer } from '../features/profile/profile.slice';
import { registerReducer } from '../features/register/register.slice';
import { toastsReducer } from '../features/toasts/toasts.slice';
import { fairnessReducer } from '../features/fairness/fairness.slice';
import { betsReducer } from '../features/bets/bets.slice';
import { gameReducer } from '../features/game/game.slice';
import { historyReducer } from '../features/history/history.slice';
import { socketReducer } from '../features/socket/socket.slice';
import { depositReducer } from '../features/deposit/deposit.slice';
import { walletReducer } from '../features/wallet/wallet.slice';
import { withdrawReducer } from '../features/withdraw/withdraw.slice';
import { playSafelyReducer } from '../features/play-safely/play-safely.slice';
import { playBreakReducer } from '../features/play-safely/play-break.slice';
import { identityReducer } from '../features/identity/identity.slice';
import type { AdminState } from '../features/admin/admin.slice';
import type { AdminSecurityState } from '../features/admin/admin-security.slice';
import type { AdminPlayersState } from '../features/admin/players.slice';
import type { AdminIdentityState } from '../features/admin/identity.slice';
import { statementReducer } from '../features/statement/statement.slice';
import { disputesReducer } from '../features/disputes/disputes.slice';
import { pushReducer } from '../pwa/push.slice';
import type { AdminDisputesState } from '../features/admin/admin-disputes.slice';
import type { AdminCareState } from '../features/admin/care.slice';

/**
 * Slices that come with a lazily loaded part of the app (see `LazyFeature` in shared/store-types.ts): the admin
 * console brings its own, so a player's bundle holds none of its code. Their state is absent until the part has loaded.
 */
interface AppLazyLoadedSlices {
  admin: AdminState;
  adminSecurity: AdminSecurityState;
  adminPlayers: AdminPlayersState;
  adminIdentity: AdminIdentityState;
  adminDisputes: AdminDisputesState;
  adminCare: AdminCareState;
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
  bets: betsReducer,
  game: gameReducer,
  history: historyReducer,
  fairness: fairnessReducer,
  wallet: walletReducer,
  deposit: depositReducer,
  withdraw: withdrawReducer,
  playSafely: playSafelyReducer,
  playBreak: playBreakReducer,
  identity: identityReducer,
  push: pushReducer,
  statement: statementReducer,
  disputes: disputesReducer,
}).withLazyLoadedSlices<AppLazyLoadedSlices>();

type AppRootState = ReturnType<typeof rootReducer>;

/** Fills in the store's types that features and shared/ name (they never import app/). */
declare module '../shared/store-types' {
  /* eslint-disable @typescript-eslint/no-empty-object-type -- merging fills in the shared declarations */
  interface RootState extends AppRootState {}
  interface LazyLoadedSlices extends AppLazyLoadedSlices {}
}
