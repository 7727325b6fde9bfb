import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { BalanceUpdate, Transaction, WalletSummary } from '@app/contracts';
import { isEligibleForWithdrawal, paiseToRupees } from '@app/domain';
import { signedOut } from '../../shared/session';

export interface WalletState {
  /** GET /wallet/summary, kept current by the live balance-update; null until first loaded. */
  summary: WalletSummary | null;
  /** What can be staked (main + bonus), as the live balance-update carries it; null until known. */
  stakeableBalance: number | null;
  summaryLoading: boolean;
  summaryError: string | null;
  /** Newest first. */
  transactions: Transaction[];
  transactionsLoaded: boolean;
  transactionsLoading: boolean;
  transactionsError: string | null;
  /** Screens showing wallet data right now; while any is open a live balance change reloads the lists. */
  watchers: number;
}

export const initialWalletState: WalletState = {
  summary: null,
  stakeableBalance: null,
  summaryLoading: false,
  summaryError: null,
  transactions: [],
  transactionsLoaded: false,
  transactionsLoading: false,
  transactionsError: null,
  watchers: 0,
};

/** Rupees from the server in paise; a value finer than a paisa is rounded rather than refused. */
function toPaise(rupees: number): number {
  return Number.isFinite(rupees) ? Math.round(rupees * 100) : 0;
}

/** Rupee sum without floating-point drift (100.1 + 0.2 = 100.3). */
function addRupees(a: number, b: number): number {
  return paiseToRupees(toPaise(a) + toPaise(b));
}

export const walletSlice = createSlice({
  name: 'wallet',
  initialState: initialWalletState,
  reducers: {
    /** Load (or reload) the summary and the transactions. */
    walletRequested: (state) => {
      state.summaryLoading = true;
      state.summaryError = null;
      state.transactionsLoading = true;
      state.transactionsError = null;
    },
    summaryLoaded: (state, action: PayloadAction<WalletSummary>) => {
      state.summary = action.payload;
      state.stakeableBalance = addRupees(action.payload.balance, action.payload.bonusBalance);
      state.summaryLoading = false;
      state.summaryError = null;
    },
    summaryFailed: (state, action: PayloadAction<string>) => {
      state.summaryLoading = false;
      state.summaryError = action.payload;
    },
    transactionsLoaded: (state, action: PayloadAction<Transaction[]>) => {
      state.transactions = action.payload;
      state.transactionsLoaded = true;
      state.transactionsLoading = false;
      state.transactionsError = null;
    },
    transactionsFailed: (state, action: PayloadAction<string>) => {
      state.transactionsLoading = false;
      state.transactionsError = action.payload;
    },
    /**
     * The live `balance-update` {balance, mainBalance, bonusBalance} (rupees), dispatched by the socket saga.
     * `balance` is the stakeable total; the wallet's own balance is the main one (DESIGN 2).
     */
    balanceUpdated: (state, action: PayloadAction<BalanceUpdate>) => {
      const { balance, mainBalance, bonusBalance } = action.payload;
      state.stakeableBalance = balance;
      if (state.summary) {
        state.summary.balance = mainBalance;
        state.summary.bonusBalance = bonusBalance;
        // Eligibility follows the main balance; the next summary load confirms it.
        state.summary.isEligibleForWithdrawal = isEligibleForWithdrawal({
          isActive: state.summary.isActive,
          mainPaise: toPaise(mainBalance),
        });
      }
    },
    /** A transaction this device just made: it goes to the front of the list (replacing one with the same id). */
    transactionAdded: (state, action: PayloadAction<Transaction>) => {
      const rest = state.transactions.filter((t) => t.transactionId !== action.payload.transactionId);
      state.transactions = [action.payload, ...rest];
    },
    walletWatchStarted: (state) => {
      state.watchers += 1;
    },
    walletWatchStopped: (state) => {
      state.watchers = Math.max(0, state.watchers - 1);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(signedOut, () => initialWalletState);
  },
});

export const {
  walletRequested,
  summaryLoaded,
  summaryFailed,
  transactionsLoaded,
  transactionsFailed,
  balanceUpdated,
  transactionAdded,
  walletWatchStarted,
  walletWatchStopped,
} = walletSlice.actions;
export const walletReducer = walletSlice.reducer;
