import type { RootState } from '../../shared/store-types';
import { signedOut } from '../../shared/session';
import { selectMainBalancePaise, selectStakeableBalancePaise } from './selectors';
import { playerTransactionOf, summaryOf } from './testing/fixtures';
import {
  balanceUpdated,
  initialWalletState,
  summaryLoaded,
  transactionAdded,
  transactionsLoaded,
  walletReducer,
  walletRequested,
  walletWatchStarted,
  walletWatchStopped,
  type WalletState,
} from './wallet.slice';

const loaded = (over: Partial<WalletState> = {}): WalletState => ({
  ...walletReducer(initialWalletState, summaryLoaded(summaryOf({ balance: 250, bonusBalance: 40 }))),
  ...over,
});

describe('wallet slice', () => {
  test('a request marks both parts loading and clears their errors', () => {
    const state = walletReducer(
      { ...initialWalletState, summaryError: 'x', transactionsError: 'y' },
      walletRequested(),
    );
    expect(state).toMatchObject({
      summaryLoading: true,
      transactionsLoading: true,
      summaryError: null,
      transactionsError: null,
    });
  });

  test('a loaded summary sets the one balance in paise, without float drift', () => {
    const state = walletReducer(initialWalletState, summaryLoaded(summaryOf({ balance: 100.1, bonusBalance: 0.2 })));
    expect(state.balance).toEqual({ mainPaise: 10_010, bonusPaise: 20 });
    expect(selectStakeableBalancePaise({ wallet: state } as RootState)).toBe(10_030);
  });

  test('the live balance-update sets the same balance: main and bonus in paise, the stakeable total their sum', () => {
    const state = walletReducer(loaded(), balanceUpdated({ balance: 1234.5, mainBalance: 1200, bonusBalance: 34.5 }));
    expect(state.balance).toEqual({ mainPaise: 120_000, bonusPaise: 3450 });
    expect(selectStakeableBalancePaise({ wallet: state } as RootState)).toBe(123_450);
    expect(selectMainBalancePaise({ wallet: state } as RootState)).toBe(120_000);
  });

  test('a summary loaded after a live update replaces it: whichever came last is the balance', () => {
    let state = walletReducer(initialWalletState, balanceUpdated({ balance: 70, mainBalance: 50, bonusBalance: 20 }));
    state = walletReducer(state, summaryLoaded(summaryOf({ balance: 80.25, bonusBalance: 0 })));
    expect(state.balance).toEqual({ mainPaise: 8025, bonusPaise: 0 });
  });

  test('a malformed figure on the wire counts as nothing rather than breaking the screens', () => {
    const state = walletReducer(
      initialWalletState,
      balanceUpdated({ balance: Number.NaN, mainBalance: Number.NaN, bonusBalance: 10.004 }),
    );
    expect(state.balance).toEqual({ mainPaise: 0, bonusPaise: 1000 });
  });

  test('eligibility follows the live main balance: active and at least ₹500, the smallest withdrawal', () => {
    let state = walletReducer(loaded(), balanceUpdated({ balance: 499.99, mainBalance: 499.99, bonusBalance: 0 }));
    expect(state.flags?.isEligibleForWithdrawal).toBe(false);
    state = walletReducer(state, balanceUpdated({ balance: 500, mainBalance: 500, bonusBalance: 0 }));
    expect(state.flags?.isEligibleForWithdrawal).toBe(true);

    const inactive = walletReducer(
      initialWalletState,
      summaryLoaded(summaryOf({ isActive: false, isEligibleForWithdrawal: false })),
    );
    expect(
      walletReducer(inactive, balanceUpdated({ balance: 900, mainBalance: 900, bonusBalance: 0 })).flags
        ?.isEligibleForWithdrawal,
    ).toBe(false);
  });

  test('a live update before the summary is known gives the balance, not the flags', () => {
    const state = walletReducer(initialWalletState, balanceUpdated({ balance: 70, mainBalance: 50, bonusBalance: 20 }));
    expect(state.flags).toBeNull();
    expect(selectStakeableBalancePaise({ wallet: state } as RootState)).toBe(7000);
  });

  test('a new transaction goes to the front; the same id is replaced, not doubled', () => {
    const older = playerTransactionOf({ transactionId: 'A' });
    const newer = playerTransactionOf({ transactionId: 'B' });
    let state = walletReducer(initialWalletState, transactionsLoaded([older]));
    state = walletReducer(state, transactionAdded(newer));
    expect(state.transactions.map((t) => t.transactionId)).toEqual(['B', 'A']);
    state = walletReducer(state, transactionAdded({ ...older, status: 'COMPLETED' }));
    expect(state.transactions.map((t) => `${t.transactionId}:${t.status}`)).toEqual(['A:COMPLETED', 'B:PENDING']);
  });

  test('watchers count up and down, never below zero', () => {
    let state = walletReducer(initialWalletState, walletWatchStarted());
    state = walletReducer(state, walletWatchStarted());
    state = walletReducer(state, walletWatchStopped());
    expect(state.watchers).toBe(1);
    state = walletReducer(walletReducer(state, walletWatchStopped()), walletWatchStopped());
    expect(state.watchers).toBe(0);
  });

  test('sign-out forgets everything of the player', () => {
    const state = walletReducer(loaded({ transactions: [playerTransactionOf()] }), signedOut());
    expect(state).toEqual(initialWalletState);
  });
});
