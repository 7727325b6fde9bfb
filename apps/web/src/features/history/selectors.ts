import type { RootState } from '../../app/root-reducer';

export const selectHistory = (state: RootState) => state.history;
