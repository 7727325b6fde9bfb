import { combineReducers } from '@reduxjs/toolkit';
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
import { adminReducer } from '../features/admin/admin.slice';
import { depositReducer } from '../features/deposit/deposit.slice';
import { walletReducer } from '../features/wallet/wallet.slice';
import { withdrawReducer } from '../features/withdraw/withdraw.slice';

export const rootReducer = combineReducers({
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
  admin: adminReducer,
});

export type RootState = ReturnType<typeof rootReducer>;
