import type { RootState } from '../../app/root-reducer';

export const selectForgotPassword = (state: RootState) => state.forgotPassword;
