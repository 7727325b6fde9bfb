import type { RootState } from '../../app/root-reducer';

export const selectDeposit = (state: RootState) => state.deposit;
