import type { RootState } from '../../app/root-reducer';

export const selectWithdraw = (state: RootState) => state.withdraw;
