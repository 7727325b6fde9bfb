import type { RootState } from '../../shared/store-types';

export const selectFairness = (state: RootState) => state.fairness;
