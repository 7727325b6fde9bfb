import { signedOut } from '../../shared/session';
import {
  depositFailed,
  depositReducer,
  depositReset,
  depositSubmitted,
  depositSucceeded,
  initialDepositState,
  paymentConfigLoaded,
} from './deposit.slice';

const request = { method: 'UPI' as const, amount: 500, utrNumber: '412345678901' };
const result = {
  utrNumber: '412345678901',
  isActive: false,
  isFirstDeposit: true,
  message: 'Deposit request submitted.',
  transactionId: 'DEP1',
};
const payee = { payeeVpa: 'winround@okaxis', payeeName: 'WinRound' };

describe('deposit slice: idle → loading → success or failure, with a reset', () => {
  test('starts idle', () => {
    expect(initialDepositState).toMatchObject({ status: 'idle', error: null, result: null });
  });

  test('submitting goes to loading and clears the last outcome', () => {
    const failed = depositReducer(initialDepositState, depositFailed('UTR already used'));
    expect(depositReducer(failed, depositSubmitted(request))).toMatchObject({
      status: 'loading',
      error: null,
      result: null,
    });
  });

  test('success keeps the result and the message; failure keeps the error', () => {
    const loading = depositReducer(initialDepositState, depositSubmitted(request));
    expect(depositReducer(loading, depositSucceeded({ result, message: 'Deposit request submitted.' }))).toMatchObject({
      status: 'success',
      result,
      message: 'Deposit request submitted.',
    });
    expect(depositReducer(loading, depositFailed('Deposit failed.'))).toMatchObject({
      status: 'failure',
      error: 'Deposit failed.',
    });
  });

  test('reset returns to idle but keeps the payee; sign-out too', () => {
    let state = depositReducer(initialDepositState, paymentConfigLoaded(payee));
    state = depositReducer(state, depositSubmitted(request));
    state = depositReducer(state, depositSucceeded({ result, message: 'x' }));
    expect(depositReducer(state, depositReset())).toEqual({ ...initialDepositState, payee });
    expect(depositReducer(state, signedOut())).toEqual({ ...initialDepositState, payee });
  });
});
