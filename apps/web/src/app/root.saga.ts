import { all, fork } from 'redux-saga/effects';
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
import { watchAdmin } from '../features/admin/admin.saga';
import { watchDeposit } from '../features/deposit/deposit.saga';
import { watchWallet } from '../features/wallet/wallet.saga';
import { watchWithdraw } from '../features/withdraw/withdraw.saga';

export function* rootSaga() {
  yield all([
    fork(loadConfigSaga),
    fork(watchSessionRefresh),
    fork(watchLogin),
    fork(watchLogout),
    fork(watchRegister),
    fork(watchForgotPassword),
    fork(watchProfile),
    fork(watchLiveSocket),
    fork(gameSaga),
    fork(historySaga),
    fork(fairnessSaga),
    fork(watchWallet),
    fork(watchDeposit),
    fork(watchWithdraw),
    fork(watchAdmin),
  ]);
}
