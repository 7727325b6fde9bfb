import type { WithdrawRequest, WithdrawResult } from '@app/contracts';
import { FORM_FALLBACKS } from '@app/domain';
import { call, getContext, put, takeLeading } from 'redux-saga/effects';
import { errorMessage, type ApiClient } from '../../shared/api';
import { wirePaise } from '../../shared/money';
import type { PlayerTransaction } from '../../shared/records';
import { transactionAdded, walletRequested } from '../wallet/wallet.slice';
import { submitWithdrawal } from './api';
import { withdrawFailed, withdrawSubmitted, withdrawSucceeded } from './withdraw.slice';

/** The pending withdrawal as the wallet will list it (money out: negative paise), until the list reloads. */
function pendingWithdrawalTransaction(request: WithdrawRequest, result: WithdrawResult): PlayerTransaction {
  const now = new Date().toISOString();
  const last4 = request.accountNumber ? request.accountNumber.slice(-4) : '';
  return {
    _id: result.transactionId,
    type: 'WITHDRAWAL',
    method: request.method,
    status: 'PENDING',
    createdAt: now,
    updatedAt: now,
    transactionId: result.transactionId,
    description: request.method === 'UPI' ? 'Withdrawal to UPI' : 'Withdrawal to bank account',
    amountPaise: -wirePaise(request.amount),
    metadata:
      request.method === 'UPI'
        ? { upiApp: request.upiApp ?? null, upiId: request.upiId ?? null }
        : {
            bankDetails: {
              accountHolderName: request.accountHolderName ?? '',
              accountNumber: `${'*'.repeat(Math.max(0, (request.accountNumber ?? '').length - 4))}${last4}`,
              ifscCode: request.ifsc ?? '',
            },
          },
  };
}

/** POST /payment/withdraw, one at a time; on success the wallet data is refreshed (the amount is now held). */
export function* submitWithdrawalSaga(action: ReturnType<typeof withdrawSubmitted>) {
  const api: ApiClient = yield getContext('api');
  try {
    const result: WithdrawResult = yield call(submitWithdrawal, api, action.payload);
    yield put(withdrawSucceeded(result));
    if (result.transactionId) yield put(transactionAdded(pendingWithdrawalTransaction(action.payload, result)));
    yield put(walletRequested());
  } catch (error) {
    yield put(withdrawFailed(errorMessage(error, FORM_FALLBACKS.withdraw)));
  }
}

export function* watchWithdraw() {
  yield takeLeading(withdrawSubmitted.type, submitWithdrawalSaga);
}
