import type { RootState } from '../../app/root-reducer';

export const selectRegister = (state: RootState) => state.register;
