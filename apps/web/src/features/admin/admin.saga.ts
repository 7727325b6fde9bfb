import type { AdminProfile, DashboardCharts } from '@app/contracts';
import { ADMIN_TEXTS, adminUpdateErrorText, ERROR_DEFAULTS, formatPaise } from '@app/domain';
import { all, call, delay, getContext, put, race, select, take, takeLatest, takeLeading } from 'redux-saga/effects';
import { ApiError, errorMessage, type ApiClient } from '../../shared/api';
import { toastShown } from '../toasts/toasts.slice';
import { pendingPaymentsPushed } from '../socket/live-events';
import { selectSocket } from '../socket/selectors';
import {
  adminProfileFailed,
  adminProfileLoaded,
  adminProfileRequested,
  dashboardFailed,
  dashboardLoaded,
  dashboardRequested,
  depositsFailed,
  depositsFilterChanged,
  depositsLoaded,
  depositsRequested,
  paymentsFollowStarted,
  paymentsFollowStopped,
  pendingCountsLoaded,
  pendingCountsRequested,
  pendingCountsFollowStarted,
  pendingCountsFollowStopped,
  PAYMENTS_PAGE_SIZE,
  type PendingCounts,
  transactionReviewed,
  transactionReviewFailed,
  transactionReviewRequested,
  type ReviewRequest,
  chartsFailed,
  chartsLoaded,
  chartsRequested,
  withdrawalsFailed,
  withdrawalsFilterChanged,
  withdrawalsLoaded,
  withdrawalsRequested,
  type PaymentList,
} from './admin.slice';
import {
  CHARTS_ERROR,
  fetchAdminDeposits,
  fetchAdminProfile,
  fetchAdminWithdrawals,
  fetchDashboard,
  fetchDashboardCharts,
  fetchPendingCounts,
  updateTransactionStatus,
  type AdminPage,
} from './api';
import type { AdminDashboard, AdminDeposit, AdminWithdrawal } from './records';
import { selectAdminDeposits, selectAdminWithdrawals } from './selectors';

/** The list's query: its filters, its search and its page. */
const toQuery = ({ status, from, to, q, page }: PaymentList<unknown>['filter']) => ({
  status,
  from,
  to,
  q,
  limit: PAYMENTS_PAGE_SIZE,
  offset: page * PAYMENTS_PAGE_SIZE,
});

/** The deposits table with its current filters; a newer request (or filter) replaces one in flight. */
export function* loadDeposits() {
  const api: ApiClient = yield getContext('api');
  const list: PaymentList<AdminDeposit> = yield select(selectAdminDeposits);
  try {
    const page: AdminPage<AdminDeposit> = yield call(fetchAdminDeposits, api, toQuery(list.filter));
    yield put(depositsLoaded(page));
  } catch (error) {
    yield put(depositsFailed(errorMessage(error, ERROR_DEFAULTS.pendingDeposits)));
  }
}

export function* loadWithdrawals() {
  const api: ApiClient = yield getContext('api');
  const list: PaymentList<AdminWithdrawal> = yield select(selectAdminWithdrawals);
  try {
    const page: AdminPage<AdminWithdrawal> = yield call(fetchAdminWithdrawals, api, toQuery(list.filter));
    yield put(withdrawalsLoaded(page));
  } catch (error) {
    yield put(withdrawalsFailed(errorMessage(error, ERROR_DEFAULTS.pendingWithdraws)));
  }
}

/** How often the Payment tab's lists refresh by themselves while it is on screen. */
export const PAYMENTS_REFRESH_MS = 10_000;

/** Whether the console's page is on screen (a hidden browser tab does not poll). */
const documentVisible = (): boolean => typeof document === 'undefined' || document.visibilityState !== 'hidden';

/**
 * The pending counts of the nav badge and the section headings: GET /admin/pending-counts. The server also pushes
 * them to the console's live socket whenever a claim is stored or reviewed (`pending-payments`). A failure leaves
 * the counts as they were (the badge is a hint; the lists show their own errors).
 */
export function* loadPendingCounts() {
  const api: ApiClient = yield getContext('api');
  try {
    const counts: PendingCounts = yield call(fetchPendingCounts, api);
    yield put(pendingCountsLoaded(counts));
  } catch {
    // Kept as they were.
  }
}

/** How often the badge's counts are asked for while the live socket is down (it is pushed while connected). */
export const PENDING_COUNTS_FALLBACK_MS = 30_000;

/** Every PENDING_COUNTS_FALLBACK_MS while the page is visible and the live socket is not connected: the counts. */
export function* pollPendingCountsWhileOffline() {
  for (;;) {
    yield delay(PENDING_COUNTS_FALLBACK_MS);
    const socket: ReturnType<typeof selectSocket> = yield select(selectSocket);
    if (socket.connected || !documentVisible()) continue;
    yield put(pendingCountsRequested());
  }
}

/** From the console's opening until it is closed (or the admin signs out). */
export function* followPendingCounts() {
  yield race({ poll: call(pollPendingCountsWhileOffline), stop: take(pendingCountsFollowStopped.type) });
}

/** A push of new counts while the Payment tab is open: a claim was stored or reviewed, so both lists reload. */
export function* reloadOnPush() {
  for (;;) {
    yield take(pendingPaymentsPushed.type);
    yield put(depositsRequested());
    yield put(withdrawalsRequested());
  }
}

/** Every PAYMENTS_REFRESH_MS while the page is visible: both lists and the pending counts reload. */
export function* pollPayments() {
  for (;;) {
    yield delay(PAYMENTS_REFRESH_MS);
    if (!documentVisible()) continue;
    yield put(depositsRequested());
    yield put(withdrawalsRequested());
    yield put(pendingCountsRequested());
  }
}

/** From the Payment tab's opening until it is left (or the admin signs out and the tab unmounts). */
export function* followPayments() {
  yield race({ poll: call(pollPayments), pushes: call(reloadOnPush), stop: take(paymentsFollowStopped.type) });
}

/** What was done, then the spec's text: 'Approved the ₹1,500.00 deposit of meera_k. Transaction updated successfully!' */
export function reviewDoneText(review: ReviewRequest): string {
  const verb = review.status === 'COMPLETED' ? 'Approved' : 'Rejected';
  const amount = review.amountPaise === undefined ? '' : ` ${formatPaise(Math.abs(review.amountPaise))}`;
  const whose = review.username ? ` of ${review.username}` : '';
  return `${verb} the${amount} ${review.kind}${whose}. ${ADMIN_TEXTS.transactionUpdated}`;
}

/**
 * Approve or reject: PUT /admin/update-transaction-status. Success → what was done + 'Transaction updated successfully!' and both
 * lists reload; failure → 'Error updating transaction: {error}'. One review at a time.
 */
export function* reviewTransaction(action: ReturnType<typeof transactionReviewRequested>) {
  const api: ApiClient = yield getContext('api');
  const { walletId, transactionId, status, adminNotes } = action.payload;
  try {
    yield call(updateTransactionStatus, api, {
      walletId,
      transactionId,
      status,
      ...(adminNotes ? { adminNotes } : {}),
    });
    yield put(transactionReviewed());
    yield put(toastShown({ kind: 'success', message: reviewDoneText(action.payload) }));
    yield put(depositsRequested());
    yield put(withdrawalsRequested());
    yield put(pendingCountsRequested());
  } catch (error) {
    const message = errorMessage(error, ERROR_DEFAULTS.updateStatus);
    yield put(transactionReviewFailed(message));
    yield put(toastShown({ kind: 'error', message: adminUpdateErrorText(message) }));
  }
}

/** The Dashboard tab's figures and lists; a newer request replaces one in flight. */
export function* loadDashboard() {
  const api: ApiClient = yield getContext('api');
  try {
    const data: AdminDashboard = yield call(fetchDashboard, api);
    yield put(dashboardLoaded({ data, at: Date.now() }));
  } catch (error) {
    yield put(dashboardFailed(errorMessage(error, ERROR_DEFAULTS.dashboard)));
  }
}

/** The Dashboard tab's charts; a failure leaves the figures alone. */
export function* loadCharts() {
  const api: ApiClient = yield getContext('api');
  try {
    const charts: DashboardCharts = yield call(fetchDashboardCharts, api);
    yield put(chartsLoaded(charts));
  } catch (error) {
    yield put(chartsFailed(errorMessage(error, CHARTS_ERROR)));
  }
}

export function* loadAdminProfile() {
  const api: ApiClient = yield getContext('api');
  try {
    const profile: AdminProfile = yield call(fetchAdminProfile, api);
    yield put(adminProfileLoaded(profile));
  } catch (error) {
    const unavailable = error instanceof ApiError && error.status === 404;
    yield put(adminProfileFailed(unavailable ? null : errorMessage(error, ERROR_DEFAULTS.adminProfile)));
  }
}

export function* watchAdmin() {
  yield all([
    takeLatest([depositsRequested.type, depositsFilterChanged.type], loadDeposits),
    takeLatest([withdrawalsRequested.type, withdrawalsFilterChanged.type], loadWithdrawals),
    takeLeading(transactionReviewRequested.type, reviewTransaction),
    takeLatest(adminProfileRequested.type, loadAdminProfile),
    takeLatest(dashboardRequested.type, loadDashboard),
    takeLatest(chartsRequested.type, loadCharts),
    takeLatest(pendingCountsRequested.type, loadPendingCounts),
    takeLatest(paymentsFollowStarted.type, followPayments),
    takeLatest(pendingCountsFollowStarted.type, followPendingCounts),
  ]);
}
