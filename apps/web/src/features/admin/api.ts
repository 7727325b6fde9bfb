import type {
  AdminPaymentsQuery,
  AdminProfile,
  AdminProfileData,
  DashboardCharts,
  DashboardData,
  PendingDepositsData,
  PendingPaymentCounts,
  PendingPaymentCountsData,
  PendingWithdrawalsData,
  Transaction,
  UpdateTransactionStatusRequest,
} from '@app/contracts';
import { ERROR_DEFAULTS } from '@app/domain';
import { ApiError, type ApiClient } from '../../shared/api';
import {
  adminDepositFromWire,
  adminWithdrawalFromWire,
  recentBetFromWire,
  type AdminDashboard,
  type AdminDeposit,
  type AdminWithdrawal,
} from './records';

/** '?status=PENDING&from=2026-11-01&to=2026-11-21&q=meera&limit=50&offset=50'; empty parts (and offset 0) are left out. */
export function paymentsQueryString(query: AdminPaymentsQuery): string {
  const params = new URLSearchParams();
  if (query.status) params.set('status', query.status);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.q?.trim()) params.set('q', query.q.trim());
  if (query.limit) params.set('limit', String(query.limit));
  if (query.offset) params.set('offset', String(query.offset));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** One page of a list and how many entries match in all (the page's length when an older server does not say). */
export interface AdminPage<T> {
  items: T[];
  total: number;
}

const totalOf = (total: unknown, shown: number) =>
  typeof total === 'number' && Number.isInteger(total) && total >= 0 ? total : shown;

/** GET /admin/pending-deposits?status&from&to&q&limit&offset → data.pendingDeposits (amounts in paise), data.total. */
export async function fetchAdminDeposits(api: ApiClient, query: AdminPaymentsQuery): Promise<AdminPage<AdminDeposit>> {
  const { data } = await api.get<PendingDepositsData>(`/admin/pending-deposits${paymentsQueryString(query)}`, {
    defaultMessage: ERROR_DEFAULTS.pendingDeposits,
  });
  if (!Array.isArray(data?.pendingDeposits)) throw new ApiError(ERROR_DEFAULTS.pendingDeposits, 500);
  return {
    items: data.pendingDeposits.map(adminDepositFromWire),
    total: totalOf(data.total, data.pendingDeposits.length),
  };
}

/** GET /admin/pending-withdraws?status&from&to&q&limit&offset → data.pendingWithdrawals (amounts in paise), data.total. */
export async function fetchAdminWithdrawals(
  api: ApiClient,
  query: AdminPaymentsQuery,
): Promise<AdminPage<AdminWithdrawal>> {
  const { data } = await api.get<PendingWithdrawalsData>(`/admin/pending-withdraws${paymentsQueryString(query)}`, {
    defaultMessage: ERROR_DEFAULTS.pendingWithdraws,
  });
  if (!Array.isArray(data?.pendingWithdrawals)) throw new ApiError(ERROR_DEFAULTS.pendingWithdraws, 500);
  return {
    items: data.pendingWithdrawals.map(adminWithdrawalFromWire),
    total: totalOf(data.total, data.pendingWithdrawals.length),
  };
}

/** Said when the pending counts cannot be read (the badge keeps what it showed). */
export const PENDING_COUNTS_ERROR = 'Failed to fetch the pending counts';

/** GET /admin/pending-counts → data.pending { deposits, withdrawals }. */
export async function fetchPendingCounts(api: ApiClient): Promise<PendingPaymentCounts> {
  const { data } = await api.get<PendingPaymentCountsData>('/admin/pending-counts', {
    defaultMessage: PENDING_COUNTS_ERROR,
  });
  const pending = data?.pending;
  if (!pending || !Number.isInteger(pending.deposits) || !Number.isInteger(pending.withdrawals))
    throw new ApiError(PENDING_COUNTS_ERROR, 500);
  return { deposits: pending.deposits, withdrawals: pending.withdrawals };
}

/** PUT /admin/update-transaction-status {walletId, transactionId, status} → data.transaction. */
export async function updateTransactionStatus(
  api: ApiClient,
  request: UpdateTransactionStatusRequest,
): Promise<Transaction | null> {
  const { data } = await api.put<{ transaction?: Transaction }>('/admin/update-transaction-status', request, {
    defaultMessage: ERROR_DEFAULTS.updateStatus,
  });
  return data?.transaction ?? null;
}

/** GET /admin/admin-profile → data.admin. */
export async function fetchAdminProfile(api: ApiClient): Promise<AdminProfile> {
  const { data } = await api.get<AdminProfileData>('/admin/admin-profile', {
    defaultMessage: ERROR_DEFAULTS.adminProfile,
  });
  if (!data?.admin) throw new ApiError(ERROR_DEFAULTS.adminProfile, 500);
  return data.admin;
}

/** GET /admin/dashboard → data { stats, recentUsers, recentBets, recentGameResults }; the recent bets' amounts in paise. */
export async function fetchDashboard(api: ApiClient): Promise<AdminDashboard> {
  const { data } = await api.get<DashboardData>('/admin/dashboard', { defaultMessage: ERROR_DEFAULTS.dashboard });
  if (!data || typeof data.stats !== 'object' || data.stats === null) throw new ApiError(ERROR_DEFAULTS.dashboard, 500);
  return {
    stats: data.stats,
    recentUsers: Array.isArray(data.recentUsers) ? data.recentUsers : [],
    recentBets: Array.isArray(data.recentBets) ? data.recentBets.map(recentBetFromWire) : [],
    recentGameResults: Array.isArray(data.recentGameResults) ? data.recentGameResults : [],
  };
}

/** Said when the charts cannot be loaded (the figures and tables above still show). */
export const CHARTS_ERROR = 'Failed to fetch dashboard charts';

/** GET /admin/dashboard/charts → data { rounds, days }, oldest first, money as exact rupee text. */
export async function fetchDashboardCharts(api: ApiClient): Promise<DashboardCharts> {
  const { data } = await api.get<DashboardCharts>('/admin/dashboard/charts', { defaultMessage: CHARTS_ERROR });
  if (!data || !Array.isArray(data.rounds) || !Array.isArray(data.days)) throw new ApiError(CHARTS_ERROR, 500);
  return { rounds: data.rounds, days: data.days };
}
