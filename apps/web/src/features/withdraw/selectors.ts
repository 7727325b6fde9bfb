import type { RootState } from '../../shared/store-types';

export const selectWithdraw = (state: RootState) => state.withdraw;
