import type { RootState } from '../../app/root-reducer';

export const selectAdmin = (state: RootState) => state.admin;
export const selectAdminDeposits = (state: RootState) => state.admin.deposits;
export const selectAdminWithdrawals = (state: RootState) => state.admin.withdrawals;
export const selectReviewInFlight = (state: RootState) => state.admin.updating;
export const selectAdminDashboard = (state: RootState) => state.admin.dashboard;
export const selectAdminCharts = (state: RootState) => state.admin.charts;
