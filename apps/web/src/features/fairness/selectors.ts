import type { RootState } from '../../app/root-reducer';

export const selectFairness = (state: RootState) => state.fairness;
