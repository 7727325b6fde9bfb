import type { WalletSummary } from '@app/contracts';
import type { PlayerTransaction } from '../../shared/records';
import { ERROR_DEFAULTS } from '@app/domain';
import { all, call, delay, getContext, put, select, takeLatest } from 'redux-saga/effects';
import { errorMessage, type ApiClient } from '../../shared/api';
import { sessionRefreshed, signedIn } from '../auth/auth.slice';
import { fetchTransactions, fetchWalletSummary } from './api';
import { selectIsWalletWatched, selectWallet } from './selectors';
import {
  balanceUpdated,
  summaryFailed,
  summaryLoaded,
  transactionsFailed,
  transactionsLoaded,
  walletRequested,
  type WalletState,
} from './wallet.slice';

/** A burst of live balance changes (a settled round, an approval) makes one reload. */
export const BALANCE_RELOAD_DEBOUNCE_MS = 250;

function* loadSummary(api: ApiClient) {
  try {
    const summary: WalletSummary = yield call(fetchWalletSummary, api);
    yield put(summaryLoaded(summary));
  } catch (error) {
    yield put(summaryFailed(errorMessage(error, ERROR_DEFAULTS.walletSummary)));
  }
}

function* loadTransactions(api: ApiClient) {
  try {
    const transactions: PlayerTransaction[] = yield call(fetchTransactions, api);
    yield put(transactionsLoaded(transactions));
  } catch (error) {
    yield put(transactionsFailed(errorMessage(error, ERROR_DEFAULTS.transactions)));
  }
}

/** GET /wallet/summary and GET /wallet/transactions side by side; each reports its own error. */
export function* loadWallet() {
  const api: ApiClient = yield getContext('api');
  yield all([call(loadSummary, api), call(loadTransactions, api)]);
}

/**
 * A live balance change usually means a transaction moved (a deposit approved, a withdrawal rejected): while a
 * wallet screen is open, reload the summary and the list so the flags and status chips follow.
 */
function* reloadAfterBalanceChange() {
  const watched: boolean = yield select(selectIsWalletWatched);
  if (!watched) return;
  yield delay(BALANCE_RELOAD_DEBOUNCE_MS);
  yield put(walletRequested());
}

/** The wallet is one of the data sets loaded once a player is signed in (SPEC 2); not for the super-admin. */
function* loadOnSignIn(action: ReturnType<typeof sessionRefreshed> | ReturnType<typeof signedIn>) {
  if (action.payload.role !== 'user') return;
  const wallet: WalletState = yield select(selectWallet);
  if (wallet.flags || wallet.summaryLoading) return;
  yield put(walletRequested());
}

export function* watchWallet() {
  yield all([
    takeLatest(walletRequested.type, loadWallet),
    takeLatest(balanceUpdated.type, reloadAfterBalanceChange),
    takeLatest([sessionRefreshed.type, signedIn.type], loadOnSignIn),
  ]);
}
