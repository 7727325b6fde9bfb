import type { RootState } from '../../shared/store-types';

export const selectForgotPassword = (state: RootState) => state.forgotPassword;
