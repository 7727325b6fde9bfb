import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { DepositRequest, DepositResult, PaymentConfig } from '@app/contracts';
import { signedOut } from '../../shared/session';

/** SPEC 4: a deposit goes idle → loading → success or failure, and has a reset. */
export type RequestStatus = 'idle' | 'loading' | 'success' | 'failure';

export interface DepositState {
  status: RequestStatus;
  /** The failure's message (the server's, else 'Deposit failed.'). */
  error: string | null;
  result: DepositResult | null;
  /** The success message: the server's, else 'Deposit request submitted.'. */
  message: string | null;
  /** The receiving UPI address, from GET /app-config. */
  payee: PaymentConfig | null;
  payeeLoading: boolean;
  payeeError: string | null;
}

export const initialDepositState: DepositState = {
  status: 'idle',
  error: null,
  result: null,
  message: null,
  payee: null,
  payeeLoading: false,
  payeeError: null,
};

export const depositSlice = createSlice({
  name: 'deposit',
  initialState: initialDepositState,
  reducers: {
    depositSubmitted: {
      reducer: (state) => {
        state.status = 'loading';
        state.error = null;
        state.result = null;
        state.message = null;
      },
      prepare: (request: DepositRequest) => ({ payload: request }),
    },
    depositSucceeded: (state, action: PayloadAction<{ result: DepositResult; message: string }>) => {
      state.status = 'success';
      state.result = action.payload.result;
      state.message = action.payload.message;
      state.error = null;
    },
    depositFailed: (state, action: PayloadAction<string>) => {
      state.status = 'failure';
      state.error = action.payload;
    },
    /** Back to idle; the payee stays (it is not the player's data). */
    depositReset: (state) => ({ ...initialDepositState, payee: state.payee, payeeError: state.payeeError }),
    paymentConfigRequested: (state) => {
      state.payeeLoading = true;
      state.payeeError = null;
    },
    paymentConfigLoaded: (state, action: PayloadAction<PaymentConfig>) => {
      state.payee = action.payload;
      state.payeeLoading = false;
      state.payeeError = null;
    },
    paymentConfigFailed: (state, action: PayloadAction<string>) => {
      state.payeeLoading = false;
      state.payeeError = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(signedOut, (state) => ({ ...initialDepositState, payee: state.payee }));
  },
});

export const {
  depositSubmitted,
  depositSucceeded,
  depositFailed,
  depositReset,
  paymentConfigRequested,
  paymentConfigLoaded,
  paymentConfigFailed,
} = depositSlice.actions;
export const depositReducer = depositSlice.reducer;
