import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { BalanceUpdate, IdentityStatus, WalletSummary } from '@app/contracts';
import { isEligibleForWithdrawal } from '@app/domain';
import { wirePaise } from '../../shared/money';
import type { PlayerTransaction } from '../../shared/records';
import { signedOut } from '../../shared/session';

/** The player's one balance, in paise: main (withdrawable) and bonus; what can be staked is their sum. */
export interface WalletBalance {
  mainPaise: number;
  bonusPaise: number;
}

/** The wallet's flags from GET /wallet/summary (DESIGN 2). */
export interface WalletFlags {
  isActive: boolean;
  isEligibleForWithdrawal: boolean;
  /** Stakes (paise) still asked before the deposits since the last withdrawal can be withdrawn. */
  playThroughLeftPaise: number;
  /** The bonus's wagering requirement (paise), or null when it has none. */
  bonusWagering: { leftPaise: number; requiredPaise: number; expiresAt: string } | null;
  /** The identity check: a withdrawal needs it verified; undefined from a server older than the rule. */
  identityStatus?: IdentityStatus;
}

export interface WalletState {
  /**
   * The balance every screen shows (game, bet panel, wallet, withdraw): set by GET /wallet/summary and by the
   * live balance-update alike, whichever comes last; null until either has arrived.
   */
  balance: WalletBalance | null;
  /** The flags of the last summary, eligibility kept current by live balance changes; null until first loaded. */
  flags: WalletFlags | null;
  summaryLoading: boolean;
  summaryError: string | null;
  /** Newest first. */
  /** Newest first; `amountPaise` is signed paise (money in positive, money out negative). */
  transactions: PlayerTransaction[];
  transactionsLoaded: boolean;
  transactionsLoading: boolean;
  transactionsError: string | null;
  /** Screens showing wallet data right now; while any is open a live balance change reloads the lists. */
  watchers: number;
}

export const initialWalletState: WalletState = {
  balance: null,
  flags: null,
  summaryLoading: false,
  summaryError: null,
  transactions: [],
  transactionsLoaded: false,
  transactionsLoading: false,
  transactionsError: null,
  watchers: 0,
};

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
    /** GET /wallet/summary: `balance` is the main balance, `bonusBalance` the bonus (rupees on the wire). */
    summaryLoaded: (state, action: PayloadAction<WalletSummary>) => {
      const {
        balance,
        bonusBalance,
        isActive,
        isEligibleForWithdrawal: eligible,
        playThroughLeft,
        bonusWagering,
        identityStatus,
      } = action.payload;
      state.balance = { mainPaise: wirePaise(balance), bonusPaise: wirePaise(bonusBalance) };
      state.flags = {
        isActive,
        isEligibleForWithdrawal: eligible,
        // A server older than the play-through rules sends neither: nothing left to play, no requirement.
        playThroughLeftPaise: wirePaise(playThroughLeft ?? 0),
        bonusWagering: bonusWagering
          ? {
              leftPaise: wirePaise(bonusWagering.left),
              requiredPaise: wirePaise(bonusWagering.required),
              expiresAt: bonusWagering.expiresAt,
            }
          : null,
        ...(identityStatus ? { identityStatus } : {}),
      };
      state.summaryLoading = false;
      state.summaryError = null;
    },
    summaryFailed: (state, action: PayloadAction<string>) => {
      state.summaryLoading = false;
      state.summaryError = action.payload;
    },
    transactionsLoaded: (state, action: PayloadAction<PlayerTransaction[]>) => {
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
     * Its `balance` is the stakeable total, main + bonus (DESIGN 2): the store keeps the two parts.
     */
    balanceUpdated: (state, action: PayloadAction<BalanceUpdate>) => {
      const { mainBalance, bonusBalance } = action.payload;
      state.balance = { mainPaise: wirePaise(mainBalance), bonusPaise: wirePaise(bonusBalance) };
      if (state.flags) {
        // Eligibility follows the main balance (what is left to play as last loaded); the next summary load confirms it.
        state.flags.isEligibleForWithdrawal = isEligibleForWithdrawal({
          isActive: state.flags.isActive,
          mainPaise: state.balance.mainPaise,
          playThroughLeftPaise: state.flags.playThroughLeftPaise,
          identityStatus: state.flags.identityStatus,
        });
      }
    },
    /** A transaction this device just made: it goes to the front of the list (replacing one with the same id). */
    transactionAdded: (state, action: PayloadAction<PlayerTransaction>) => {
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
