import { all, call, spawn } from 'redux-saga/effects';
import type { Watcher } from '../shared/store-types';
import { loadConfigSaga } from '../features/config/config.saga';
import { watchSessionRefresh } from '../features/auth/auth.saga';
import { watchLogin, watchLogout } from '../features/auth/login.saga';
import { watchForgotPassword } from '../features/forgot-password/forgot-password.saga';
import { watchProfile } from '../features/profile/profile.saga';
import { watchRegister } from '../features/register/register.saga';
import { fairnessSaga } from '../features/fairness/fairness.saga';
import { gameSaga } from '../features/game/game.saga';
import { historySaga } from '../features/history/history.saga';
import { watchLiveSocket } from '../features/socket/socket.saga';
import { watchDeposit } from '../features/deposit/deposit.saga';
import { watchWallet } from '../features/wallet/wallet.saga';
import { watchWithdraw } from '../features/withdraw/withdraw.saga';
import { watchPlaySafely } from '../features/play-safely/play-safely.saga';
import { watchPlayBreak } from '../features/play-safely/play-break.saga';
import { watchIdentity } from '../features/identity/identity.saga';
import { watchStatement } from '../features/statement/statement.saga';
import { watchDisputes } from '../features/disputes/disputes.saga';
import { watchPushOffer } from '../pwa/push.saga';
import { watchLanguage } from '../features/language/language.saga';

/** The most times a crashed watcher is restarted; beyond it the watcher stays down (the others keep running). */
export const WATCHER_RESTARTS = 5;

/**
 * Runs a watcher so that an exception in it stops only it: the error is logged and the watcher started again
 * (a watcher that returns is finished and is not restarted).
 */
export function* keepAlive(watcher: Watcher, restarts = WATCHER_RESTARTS) {
  for (let attempt = 0; ; attempt++) {
    try {
      yield call(watcher);
      return;
    } catch (error) {
      console.error(`${watcher.name || 'watcher'} crashed${attempt < restarts ? '; restarting it' : ''}`, error);
      if (attempt >= restarts) return;
    }
  }
}

export const WATCHERS: readonly Watcher[] = [
  loadConfigSaga,
  watchSessionRefresh,
  watchLogin,
  watchLogout,
  watchRegister,
  watchForgotPassword,
  watchProfile,
  watchLiveSocket,
  gameSaga,
  historySaga,
  fairnessSaga,
  watchWallet,
  watchDeposit,
  watchWithdraw,
  watchPlaySafely,
  watchPlayBreak,
  watchIdentity,
  watchStatement,
  watchDisputes,
  watchPushOffer,
  watchLanguage,
] as Watcher[];

/**
 * Every watcher runs detached (spawn) under keepAlive: a crash in one — say the wallet's — neither cancels the
 * others nor stops the live socket.
 */
export function* rootSaga(watchers: readonly Watcher[] = WATCHERS) {
  yield all(watchers.map((watcher) => spawn(keepAlive, watcher)));
}
