import type { RootState } from '../../app/root-reducer';

export const selectDeposit = (state: RootState) => state.deposit;
export const selectPayee = (state: RootState) => state.deposit.payee;
