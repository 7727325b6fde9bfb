import type { RootState } from '../../shared/store-types';
import { initialAdminState, type AdminState } from './admin.slice';

/** The admin slice, or its initial state until the first action after the console loaded. */
export const selectAdmin = (state: RootState): AdminState => state.admin ?? initialAdminState;
export const selectAdminDeposits = (state: RootState) => selectAdmin(state).deposits;
export const selectAdminWithdrawals = (state: RootState) => selectAdmin(state).withdrawals;
export const selectReviewInFlight = (state: RootState) => selectAdmin(state).updating;
export const selectAdminDashboard = (state: RootState) => selectAdmin(state).dashboard;
export const selectAdminCharts = (state: RootState) => selectAdmin(state).charts;
export const selectPendingCounts = (state: RootState) => selectAdmin(state).pending;
