import { createSelector } from '@reduxjs/toolkit';
import { canWithdraw, walletBanners } from '@app/domain';
import type { RootState } from '../../app/root-reducer';

export const selectWallet = (state: RootState) => state.wallet;
export const selectWalletSummary = (state: RootState) => state.wallet.summary;
export const selectTransactions = (state: RootState) => state.wallet.transactions;
export const selectIsWalletWatched = (state: RootState) => state.wallet.watchers > 0;

/** What can be staked (main + bonus): the live balance-update's `balance`, else the summary's two balances. */
export const selectStakeableBalance = (state: RootState) => state.wallet.stakeableBalance;

/** The main (withdrawable) balance in paise, or null until the summary is known. */
export const selectMainBalancePaise = createSelector([selectWalletSummary], (summary): number | null => {
  if (!summary) return null;
  return Number.isFinite(summary.balance) ? Math.round(summary.balance * 100) : 0;
});

/** The Withdraw button: enabled only when isActive and isEligibleForWithdrawal are both true. */
export const selectCanWithdraw = (state: RootState): boolean => {
  const summary = state.wallet.summary;
  return !!summary && canWithdraw(summary);
};

/** The wallet banners of SPEC 8, in order; none until the summary is known. */
export const selectWalletBanners = createSelector(
  [selectWalletSummary, selectMainBalancePaise],
  (summary, balancePaise): string[] => {
    if (!summary || balancePaise === null) return [];
    return walletBanners({ balancePaise, isActive: summary.isActive, isEligibleForWithdrawal: summary.isEligibleForWithdrawal });
  },
);
