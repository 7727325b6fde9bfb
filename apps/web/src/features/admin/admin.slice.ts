import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AdminProfile, DashboardCharts, TransactionStatus } from '@app/contracts';
import { signedOut } from '../../shared/session';
import { pendingPaymentsPushed } from '../socket/live-events';
import type { AdminPage } from './api';
import type { AdminDashboard, AdminDeposit, AdminWithdrawal } from './records';

export type StatusFilter = TransactionStatus | 'ALL';

/**
 * The filters above each table: status, an IST date range (YYYY-MM-DD, '' = open), the search box (a UTR, a player,
 * a transaction id or an exact amount; '' = none) and the page shown (0 = the newest PAYMENTS_PAGE_SIZE).
 */
export interface PaymentsFilter {
  status: StatusFilter;
  from: string;
  to: string;
  q: string;
  page: number;
}

/** How many claims one page of the Payment tab's lists shows (the rest are a page away, counted). */
export const PAYMENTS_PAGE_SIZE = 50;

export interface PaymentList<T> {
  /** The page shown. */
  items: T[];
  /** How many entries match the filter and search in all. */
  total: number;
  loading: boolean;
  loaded: boolean;
  error: string | null;
  filter: PaymentsFilter;
}

export type ReviewKind = 'deposit' | 'withdrawal';

export interface ReviewRequest {
  kind: ReviewKind;
  walletId: string;
  transactionId: string;
  /** Approve → COMPLETED, Reject → FAILED. */
  status: 'COMPLETED' | 'FAILED';
  /** The reason of a rejection, or the payout reference of an approved withdrawal (stored as the admin notes). */
  adminNotes?: string;
  /** For the toast only (never sent): whose request it was and its amount in paise. */
  username?: string;
  amountPaise?: number;
}

/** The Dashboard tab: GET /admin/dashboard. */
export interface DashboardState {
  /** The recent bets' amounts in paise; the totals as the server's exact rupee text. */
  data: AdminDashboard | null;
  loading: boolean;
  error: string | null;
  /** When the shown figures arrived (epoch ms). */
  loadedAt: number | null;
}

/** The Dashboard tab's charts: GET /admin/dashboard/charts. */
export interface ChartsState {
  data: DashboardCharts | null;
  loading: boolean;
  error: string | null;
}

/** How many claims wait for a review, per list: null until known (the nav badge and the section headings). */
export interface PendingCounts {
  deposits: number | null;
  withdrawals: number | null;
}

/** Whether a list under this filter counts every pending claim (so its total is the pending count). */
export const coversAllPending = (filter: PaymentsFilter): boolean =>
  filter.status === 'PENDING' && !filter.from && !filter.to && !filter.q.trim();

export interface AdminState {
  dashboard: DashboardState;
  charts: ChartsState;
  profile: AdminProfile | null;
  profileLoading: boolean;
  profileError: string | null;
  /** Amounts in paise (`deposit.amountPaise`, `withdrawal.amountPaise`). */
  deposits: PaymentList<AdminDeposit>;
  withdrawals: PaymentList<AdminWithdrawal>;
  /** The review in flight; every Approve/Reject waits for it. */
  updating: ReviewRequest | null;
  updateError: string | null;
  pending: PendingCounts;
}

/** The review queue is what an admin opens the tab for: pending first (the server's default too). */
export const DEFAULT_PAYMENTS_FILTER: PaymentsFilter = { status: 'PENDING', from: '', to: '', q: '', page: 0 };

const emptyList = <T>(): PaymentList<T> => ({
  items: [],
  total: 0,
  loading: false,
  loaded: false,
  error: null,
  filter: DEFAULT_PAYMENTS_FILTER,
});

export const initialAdminState: AdminState = {
  dashboard: { data: null, loading: false, error: null, loadedAt: null },
  charts: { data: null, loading: false, error: null },
  profile: null,
  profileLoading: false,
  profileError: null,
  deposits: emptyList(),
  withdrawals: emptyList(),
  updating: null,
  updateError: null,
  pending: { deposits: null, withdrawals: null },
};

export const adminSlice = createSlice({
  name: 'admin',
  initialState: initialAdminState,
  reducers: {
    dashboardRequested: (state) => {
      state.dashboard.loading = true;
      state.dashboard.error = null;
    },
    dashboardLoaded: (state, action: PayloadAction<{ data: AdminDashboard; at: number }>) => {
      state.dashboard = { data: action.payload.data, loading: false, error: null, loadedAt: action.payload.at };
    },
    /** The figures already shown stay (with the error above them) until a reload succeeds. */
    dashboardFailed: (state, action: PayloadAction<string>) => {
      state.dashboard.loading = false;
      state.dashboard.error = action.payload;
    },

    chartsRequested: (state) => {
      state.charts.loading = true;
      state.charts.error = null;
    },
    chartsLoaded: (state, action: PayloadAction<DashboardCharts>) => {
      state.charts = { data: action.payload, loading: false, error: null };
    },
    chartsFailed: (state, action: PayloadAction<string>) => {
      state.charts.loading = false;
      state.charts.error = action.payload;
    },

    adminProfileRequested: (state) => {
      state.profileLoading = true;
      state.profileError = null;
    },
    adminProfileLoaded: (state, action: PayloadAction<AdminProfile>) => {
      state.profile = action.payload;
      state.profileLoading = false;
    },
    /** null: the call is not available on this server (404); the tab then shows the session's name and e-mail. */
    adminProfileFailed: (state, action: PayloadAction<string | null>) => {
      state.profileLoading = false;
      state.profileError = action.payload;
    },

    depositsRequested: (state) => {
      state.deposits.loading = true;
      state.deposits.error = null;
    },
    /** A new filter or search starts at the first page; a page change keeps the rest. */
    depositsFilterChanged: (state, action: PayloadAction<Partial<PaymentsFilter>>) => {
      state.deposits.filter = { ...state.deposits.filter, page: 0, ...action.payload };
      state.deposits.loading = true;
      state.deposits.error = null;
    },
    depositsLoaded: (state, action: PayloadAction<AdminPage<AdminDeposit>>) => {
      state.deposits.items = action.payload.items;
      state.deposits.total = action.payload.total;
      state.deposits.loading = false;
      state.deposits.loaded = true;
      if (coversAllPending(state.deposits.filter)) state.pending.deposits = action.payload.total;
    },
    depositsFailed: (state, action: PayloadAction<string>) => {
      state.deposits.loading = false;
      state.deposits.error = action.payload;
    },

    withdrawalsRequested: (state) => {
      state.withdrawals.loading = true;
      state.withdrawals.error = null;
    },
    /** A new filter or search starts at the first page; a page change keeps the rest. */
    withdrawalsFilterChanged: (state, action: PayloadAction<Partial<PaymentsFilter>>) => {
      state.withdrawals.filter = { ...state.withdrawals.filter, page: 0, ...action.payload };
      state.withdrawals.loading = true;
      state.withdrawals.error = null;
    },
    withdrawalsLoaded: (state, action: PayloadAction<AdminPage<AdminWithdrawal>>) => {
      state.withdrawals.items = action.payload.items;
      state.withdrawals.total = action.payload.total;
      state.withdrawals.loading = false;
      state.withdrawals.loaded = true;
      if (coversAllPending(state.withdrawals.filter)) state.pending.withdrawals = action.payload.total;
    },
    withdrawalsFailed: (state, action: PayloadAction<string>) => {
      state.withdrawals.loading = false;
      state.withdrawals.error = action.payload;
    },

    /** Count the pending claims of each list whose own load does not (its filter hides some, or it is not loading). */
    pendingCountsRequested: () => undefined,
    pendingCountsLoaded: (state, action: PayloadAction<Partial<PendingCounts>>) => {
      state.pending = { ...state.pending, ...action.payload };
    },
    /** The console is open: the badge's counts are asked for every 30 s while the live socket is down. */
    pendingCountsFollowStarted: () => undefined,
    pendingCountsFollowStopped: () => undefined,
    /** The Payment tab is on screen: its lists refresh by themselves until it is left. */
    paymentsFollowStarted: () => undefined,
    paymentsFollowStopped: () => undefined,

    transactionReviewRequested: (state, action: PayloadAction<ReviewRequest>) => {
      state.updating = action.payload;
      state.updateError = null;
    },
    transactionReviewed: (state) => {
      state.updating = null;
    },
    transactionReviewFailed: (state, action: PayloadAction<string>) => {
      state.updating = null;
      state.updateError = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(signedOut, () => initialAdminState);
    // The server's push to administrators' sockets, whenever a claim is stored or reviewed.
    builder.addCase(pendingPaymentsPushed, (state, action) => {
      state.pending = { deposits: action.payload.deposits, withdrawals: action.payload.withdrawals };
    });
  },
});

export const {
  dashboardRequested,
  dashboardLoaded,
  dashboardFailed,
  chartsRequested,
  chartsLoaded,
  chartsFailed,
  adminProfileRequested,
  adminProfileLoaded,
  adminProfileFailed,
  depositsRequested,
  depositsFilterChanged,
  depositsLoaded,
  depositsFailed,
  withdrawalsRequested,
  withdrawalsFilterChanged,
  withdrawalsLoaded,
  withdrawalsFailed,
  pendingCountsRequested,
  pendingCountsLoaded,
  pendingCountsFollowStarted,
  pendingCountsFollowStopped,
  paymentsFollowStarted,
  paymentsFollowStopped,
  transactionReviewRequested,
  transactionReviewed,
  transactionReviewFailed,
} = adminSlice.actions;
export const adminReducer = adminSlice.reducer;
