import { signedOut } from '../../shared/session';
import {
  initialWithdrawState,
  withdrawFailed,
  withdrawReducer,
  withdrawReset,
  withdrawSubmitted,
  withdrawSucceeded,
} from './withdraw.slice';

const request = { method: 'UPI' as const, amount: 500, upiApp: 'BHIM' as const, upiId: 'ravi@upi' };
const result = {
  transactionId: 'WD1',
  isActive: true,
  message: 'Withdrawal request submitted successfully. Processing time: 2–4 hours.',
};

describe('withdraw slice: idle → loading → success or failure, with a reset', () => {
  test('moves through its states', () => {
    let state = withdrawReducer(initialWithdrawState, withdrawSubmitted(request));
    expect(state).toEqual({ status: 'loading', error: null, result: null });
    expect(withdrawReducer(state, withdrawFailed('Insufficient balance.'))).toEqual({
      status: 'failure',
      error: 'Insufficient balance.',
      result: null,
    });
    state = withdrawReducer(state, withdrawSucceeded(result));
    expect(state).toEqual({ status: 'success', error: null, result });
    expect(withdrawReducer(state, withdrawReset())).toEqual(initialWithdrawState);
    expect(withdrawReducer(state, signedOut())).toEqual(initialWithdrawState);
  });
});
