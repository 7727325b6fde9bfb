import type { RootState } from '../../shared/store-types';

export const selectRegister = (state: RootState) => state.register;
