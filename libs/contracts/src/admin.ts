import type { BigSmall, Color, ReviewDecision, Role } from '@app/domain';
import type { BetStatus } from './bet.js';
import type { PaymentMethod, Transaction, TransactionStatus, TransactionType } from './wallet.js';

export interface AdminProfile {
  username: string;
  email: string;
  role: Extract<Role, 'super-admin'>;
  verified: boolean;
  status: 'online' | 'offline';
  createdAt: string;
  updatedAt: string;
}
export interface AdminProfileData {
  admin: AdminProfile;
}

/**
 * Exact rupees as decimal text with 2 decimals, e.g. '1850.25'. The dashboard's money figures are sums over every
 * player, which can pass what a JSON number holds exactly (2^53 paise); text keeps them right to the paisa.
 */
export type RupeeText = string;

export interface AdminStats {
  totalDeposit: RupeeText;
  /** Labelled 'Failed Payments' in the panel. */
  pendingDeposit: RupeeText;
  completedDeposit: RupeeText;
  totalOnlineUsers: number;
  totalUsers: number;
  totalBets: number;
  pendingBets: number;
  completedBets: number;
  totalWalletBalance: RupeeText;
  totalGameResults: number;
  totalWithdraw: RupeeText;
  completedWithdraw: RupeeText;
  pendingWithdraw: RupeeText;
}
export interface RecentUser {
  _id: string;
  username: string;
  email: string;
  createdAt: string;
}
export interface RecentBet {
  _id: string;
  userId: { username: string };
  amount: number;
  status: BetStatus;
  createdAt: string;
}
export interface RecentGameResult {
  _id: string;
  periodId: string;
  color: Color;
  number: number;
  bigSmall: BigSmall;
  digit: number;
  timestamp: string;
}
/** GET /admin/dashboard */
export interface DashboardData {
  stats: AdminStats;
  recentUsers: RecentUser[];
  recentBets: RecentBet[];
  recentGameResults: RecentGameResult[];
}

/** One settled round of the dashboard chart. Money is exact rupees as decimal text ('1850.25', '-90.00'). */
export interface RoundChartPoint {
  periodId: string;
  /** Bets that stood (refunded ones left out). */
  bets: number;
  /** Their stakes. */
  stake: string;
  /** Stakes minus everything paid for the winners (net credited + GST): positive when the house kept money. */
  houseResult: string;
}

/** One IST calendar day of approved payments (by the day the admin approved them), exact rupees as decimal text. */
export interface PaymentDayPoint {
  day: string;
  deposits: string;
  withdrawals: string;
}

/** GET /admin/dashboard/charts: the last 50 settled rounds and the last 14 days, oldest first. */
export interface DashboardCharts {
  rounds: RoundChartPoint[];
  days: PaymentDayPoint[];
}

export interface AdminDepositEntry {
  username: string;
  email: string;
  walletId: string;
  deposit: {
    _id: string;
    transactionId: string;
    amount: number;
    method: PaymentMethod | string;
    status: TransactionStatus;
    createdAt: string;
    utrNumber?: string;
    upiApp?: string | null;
    adminNotes?: string | null;
    reviewedAt?: string | null;
  };
}
export interface AdminWithdrawalEntry {
  username: string;
  email: string;
  walletId: string;
  withdrawal: {
    _id: string;
    transactionId: string;
    amount: number;
    method: PaymentMethod | string;
    type: TransactionType;
    status: TransactionStatus;
    createdAt: string;
    upiId?: string | null;
    upiApp?: string | null;
    /** In full: the admin pays to it. */
    bankDetails?: { accountHolderName: string; accountNumber: string; ifscCode: string } | null;
    adminNotes?: string | null;
    reviewedAt?: string | null;
  };
}
/** Query of GET /admin/pending-deposits and /admin/pending-withdraws (dates are YYYY-MM-DD, IST). */
export interface AdminPaymentsQuery {
  status?: TransactionStatus | 'ALL';
  from?: string;
  to?: string;
}
export interface PendingDepositsData {
  pendingDeposits: AdminDepositEntry[];
}
export interface PendingWithdrawalsData {
  pendingWithdrawals: AdminWithdrawalEntry[];
}

/**
 * PUT /admin/update-transaction-status. `transactionId` is the entry's `transactionId` (or its `_id`); `walletId`
 * must be the entry's wallet. Only a PENDING deposit or withdrawal moves, once; anything else answers 409 with
 * 'Only pending deposits can be updated.' / 'Only pending withdrawals can be updated.'.
 */
export interface UpdateTransactionStatusRequest {
  walletId: string;
  transactionId: string;
  status: ReviewDecision;
  adminNotes?: string;
}
/** PUT /admin/update-transaction-status → data.transaction (the reviewed transaction, as its owner sees it). */
export interface UpdateTransactionStatusData {
  transaction: Transaction;
}
