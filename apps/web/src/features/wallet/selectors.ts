import { createSelector } from '@reduxjs/toolkit';
import { canWithdraw, walletBanners } from '@app/domain';
import type { RootState } from '../../shared/store-types';

export const selectWallet = (state: RootState) => state.wallet;
export const selectWalletFlags = (state: RootState) => state.wallet.flags;
export const selectIsWalletWatched = (state: RootState) => state.wallet.watchers > 0;

/** What can be staked (main + bonus) in paise, as the game and the bet panel show it; null until known. */
export const selectStakeableBalancePaise = (state: RootState): number | null => {
  const balance = state.wallet.balance;
  return balance ? balance.mainPaise + balance.bonusPaise : null;
};

/** The main (withdrawable) balance in paise, or null until known. */
export const selectMainBalancePaise = (state: RootState): number | null => state.wallet.balance?.mainPaise ?? null;

/** The Withdraw button: enabled only when isActive and isEligibleForWithdrawal are both true. */
export const selectCanWithdraw = (state: RootState): boolean => {
  const flags = state.wallet.flags;
  return !!flags && canWithdraw(flags);
};

/** The bonus's wagering requirement, or null (none, or not loaded yet). */
export const selectBonusWagering = (state: RootState) => state.wallet.flags?.bonusWagering ?? null;

/** The wallet banners of SPEC 8, in order (what is left to play named); none until the summary is known. */
export const selectWalletBanners = createSelector(
  [selectWalletFlags, selectMainBalancePaise],
  (flags, balancePaise): string[] => {
    if (!flags || balancePaise === null) return [];
    return walletBanners({
      balancePaise,
      isActive: flags.isActive,
      isEligibleForWithdrawal: flags.isEligibleForWithdrawal,
      playThroughLeftPaise: flags.playThroughLeftPaise,
      identityStatus: flags.identityStatus,
    });
  },
);

/** The identity check's status from the wallet summary (undefined until loaded, or from an older server). */
export const selectIdentityStatus = (state: RootState) => state.wallet.flags?.identityStatus;
