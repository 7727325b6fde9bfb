import type { GameKey } from '@app/contracts';
import { gameOdds, GST_PERCENT, gstBpsToPercent, type ChoiceOdds, type PayoutOptions } from '@app/domain';
import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../shared/store-types';

export const selectRules = (state: RootState) => state.config.rules;
export const selectLockSeconds = (state: RootState) => state.config.rules.lockSeconds;
export const selectConfigRoundSeconds = (state: RootState) => state.config.rules.roundSeconds;
export const selectPayouts = (state: RootState) => state.config.rules.payouts;
export const selectGstBps = (state: RootState) => state.config.rules.gstBps;
export const selectAllowedEmailDomains = (state: RootState) => state.config.rules.allowedEmailDomains;
export const selectStakesPaise = (state: RootState) => state.config.rules.stakesPaise;
export const selectDepositBounds = (state: RootState) => state.config.rules.deposit;
export const selectWithdrawalBounds = (state: RootState) => state.config.rules.withdrawal;
export const selectReferralTerms = (state: RootState) => state.config.rules.referral;

/** The payout options every domain payout function takes: the server's payouts and GST. */
export const selectPayoutOptions = createSelector([selectPayouts, selectGstBps], (payouts, gstBps): PayoutOptions => ({
  payouts,
  gstBps,
}));

/** GST as a percentage for texts ('18%' by default; '20%' for GST_RATE=0.2). */
export const selectGstPercent = (state: RootState) => {
  const bps = selectGstBps(state);
  return bps === undefined ? GST_PERCENT : gstBpsToPercent(bps);
};

/** The odds of every choice of each game on the server's payouts and GST. */
export const selectGameOdds = createSelector([selectPayoutOptions], (options) => ({
  color: gameOdds('color', options),
  bigSmall: gameOdds('bigSmall', options),
  number: gameOdds('number', options),
})) as (state: RootState) => Record<GameKey, ChoiceOdds[]>;
