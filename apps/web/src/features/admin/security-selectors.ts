import type { RootState } from '../../shared/store-types';
import { initialAdminSecurityState, type AdminSecurityState } from './admin-security.slice';

/** The admin's sign-in security, or its initial state until the first action after the console loaded. */
export const selectAdminSecurity = (state: RootState): AdminSecurityState =>
  state.adminSecurity ?? initialAdminSecurityState;
