import type { PaymentConfig } from '@app/contracts';
import { FORM_FALLBACKS } from '@app/domain';
import { all, call, getContext, put, takeLatest, takeLeading } from 'redux-saga/effects';
import { errorMessage, type ApiClient } from '../../shared/api';
import { wirePaise } from '../../shared/money';
import type { PlayerTransaction } from '../../shared/records';
import { toastShown } from '../toasts/toasts.slice';
import { transactionAdded } from '../wallet/wallet.slice';
import { fetchPaymentConfig, PAYMENT_CONFIG_ERROR, submitDeposit, type DepositSubmitted } from './api';
import {
  depositFailed,
  depositSubmitted,
  depositSucceeded,
  paymentConfigFailed,
  paymentConfigLoaded,
  paymentConfigRequested,
} from './deposit.slice';

/** The pending deposit as the wallet will list it (amount in paise), shown at the front until the list reloads. */
function pendingDepositTransaction(
  request: ReturnType<typeof depositSubmitted>['payload'],
  submitted: DepositSubmitted,
): PlayerTransaction {
  const now = new Date().toISOString();
  const transactionId =
    submitted.result?.transactionId || `pending-${submitted.result?.utrNumber ?? request.utrNumber}`;
  return {
    _id: transactionId,
    type: 'DEPOSIT',
    method: 'UPI',
    status: 'PENDING',
    createdAt: now,
    updatedAt: now,
    transactionId,
    description: 'Deposit via UPI',
    amountPaise: wirePaise(request.amount),
    metadata: { utrNumber: submitted.result?.utrNumber ?? request.utrNumber, upiApp: request.upiApp ?? null },
  };
}

/** POST /payment/deposit; one at a time (a second tap while it runs is ignored). */
export function* submitDepositSaga(action: ReturnType<typeof depositSubmitted>) {
  const api: ApiClient = yield getContext('api');
  try {
    const submitted: DepositSubmitted = yield call(submitDeposit, api, action.payload);
    yield put(depositSucceeded(submitted));
    yield put(transactionAdded(pendingDepositTransaction(action.payload, submitted)));
    yield put(toastShown({ kind: 'success', message: submitted.message }));
  } catch (error) {
    yield put(depositFailed(errorMessage(error, FORM_FALLBACKS.deposit)));
  }
}

export function* loadPaymentConfig() {
  const api: ApiClient = yield getContext('api');
  try {
    const payee: PaymentConfig = yield call(fetchPaymentConfig, api);
    yield put(paymentConfigLoaded(payee));
  } catch (error) {
    yield put(paymentConfigFailed(errorMessage(error, PAYMENT_CONFIG_ERROR)));
  }
}

export function* watchDeposit() {
  yield all([
    takeLeading(depositSubmitted.type, submitDepositSaga),
    takeLatest(paymentConfigRequested.type, loadPaymentConfig),
  ]);
}
