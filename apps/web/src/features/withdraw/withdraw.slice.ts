import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { WithdrawRequest, WithdrawResult } from '@app/contracts';
import { signedOut } from '../../shared/session';
import type { RequestStatus } from '../deposit/deposit.slice';

export interface WithdrawState {
  /** SPEC 4: idle → loading → success or failure, with a reset. */
  status: RequestStatus;
  /** The server's message, else 'Withdrawal failed.'. */
  error: string | null;
  result: WithdrawResult | null;
}

export const initialWithdrawState: WithdrawState = { status: 'idle', error: null, result: null };

export const withdrawSlice = createSlice({
  name: 'withdraw',
  initialState: initialWithdrawState,
  reducers: {
    withdrawSubmitted: {
      reducer: (state) => {
        state.status = 'loading';
        state.error = null;
        state.result = null;
      },
      prepare: (request: WithdrawRequest) => ({ payload: request }),
    },
    withdrawSucceeded: (state, action: PayloadAction<WithdrawResult>) => {
      state.status = 'success';
      state.result = action.payload;
      state.error = null;
    },
    withdrawFailed: (state, action: PayloadAction<string>) => {
      state.status = 'failure';
      state.error = action.payload;
    },
    withdrawReset: () => initialWithdrawState,
  },
  extraReducers: (builder) => {
    builder.addCase(signedOut, () => initialWithdrawState);
  },
});

export const { withdrawSubmitted, withdrawSucceeded, withdrawFailed, withdrawReset } = withdrawSlice.actions;
export const withdrawReducer = withdrawSlice.reducer;
