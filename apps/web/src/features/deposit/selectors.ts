import { MAX_PENDING_DEPOSITS } from '@app/domain';
import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../shared/store-types';

export const selectDeposit = (state: RootState) => state.deposit;

/** The player's deposit claims waiting for review, from the wallet's transactions (null until they have loaded). */
export const selectPendingDepositCount = createSelector(
  [(state: RootState) => state.wallet.transactions, (state: RootState) => state.wallet.transactionsLoaded],
  (transactions, loaded): number | null =>
    loaded ? transactions.filter((t) => t.type === 'DEPOSIT' && t.status === 'PENDING').length : null,
);

/**
 * True when the player already has MAX_PENDING_DEPOSITS claims waiting: the server would refuse another, so the
 * deposit screen says so before the player pays rather than at the UTR step.
 */
export const selectDepositsFull = (state: RootState): boolean =>
  (selectPendingDepositCount(state) ?? 0) >= MAX_PENDING_DEPOSITS;
