import type { PlayBreakView } from './play-break.js';
import type { BigSmall, Color, ReviewDecision, Role, StatementLineKind } from '@app/domain';
import type { Bet, BetStatus } from './bet.js';
import type { PlaySafelyView } from './play-safely.js';
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
  /** Deposits waiting for review, labelled 'Pending Deposits' in the panel (the spec's 'Failed Payments'). */
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
  /** The player's id (their player view: GET /admin/players/:userId/overview). */
  userId: string;
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
    /** Who paid, as the player gave it: a UPI ID (has an '@') or the account holder's name; null when not given (an older app). */
    payer?: string | null;
    /** Every claim ever made of this UTR, oldest first, this one included: stored claims and refused contests. */
    utrClaims?: UtrClaim[];
    /** True when two or more players have claimed this UTR (a contest included): check the payer before approving. */
    utrContested?: boolean;
  };
}
/**
 * One claim of a UTR, as the reviewer sees it. A `claim` is a stored deposit (its status is its outcome); a
 * `contest` was refused because another player's claim held the UTR (outcome REFUSED) and names that claim.
 */
export interface UtrClaim {
  kind: 'claim' | 'contest';
  /** A claim's transaction id; null for a contest (it was never stored as a deposit). */
  transactionId: string | null;
  /** A contest's holding claim (its transaction id); null for a claim. */
  heldBy: string | null;
  username: string;
  email: string;
  /** Rupees. */
  amount: number;
  payer: string | null;
  /** When it was made (a repeated contest: the first time). */
  createdAt: string;
  outcome: TransactionStatus | 'REFUSED';
  /** How many times it was sent (a contest may be repeated; a claim is 1). */
  attempts: number;
}
/**
 * How much a player had played when they asked to withdraw (rupees), recorded with the request: the approved
 * deposits and the settled stakes since their previous withdrawal, what they had withdrawn before, the account's
 * age. `flagged` when they had staked less than they deposited since then (whatever the turnover setting).
 */
export interface WithdrawalPlayCheck {
  deposited: number;
  staked: number;
  withdrawnBefore: number;
  accountAgeDays: number;
  flagged: boolean;
}
/** A player account's status: only `active` may play and move money. */
export const PLAYER_STATUSES = ['active', 'frozen', 'banned', 'suspended'] as const;
export type PlayerStatus = (typeof PLAYER_STATUSES)[number];
/** A bank withdrawal's holder name against the player's verified name; `flagged` when they differ. */
export interface WithdrawalNameCheck {
  verifiedName: string;
  holderName: string;
  flagged: boolean;
}
export interface AdminWithdrawalEntry {
  /** The player's id (their player view: GET /admin/players/:userId/overview). */
  userId: string;
  username: string;
  email: string;
  walletId: string;
  /** The player's account status now: a suspended player's withdrawal is held (it can be rejected, not paid). */
  playerStatus: PlayerStatus;
  withdrawal: {
    /** Recorded with the request (requests made before it was recorded have none). */
    playCheck?: WithdrawalPlayCheck | null;
    /** Bank transfers only: the holder name against the verified name (null for UPI and older requests). */
    nameCheck?: WithdrawalNameCheck | null;
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
/**
 * Query of GET /admin/pending-deposits and /admin/pending-withdraws (dates are YYYY-MM-DD, IST). `q` searches the
 * list: a UTR, a player's username or e-mail (their start) or id, a transaction id, or an exact amount in rupees.
 * `limit` (1–500, 500 when absent) and `offset` page it, newest first.
 */
export interface AdminPaymentsQuery {
  status?: TransactionStatus | 'ALL';
  from?: string;
  to?: string;
  q?: string;
  limit?: number;
  offset?: number;
}
export interface PendingDepositsData {
  pendingDeposits: AdminDepositEntry[];
  /** How many entries match the filter and search in all (the page holds at most `limit` of them). */
  total: number;
}
export interface PendingWithdrawalsData {
  pendingWithdrawals: AdminWithdrawalEntry[];
  /** How many entries match the filter and search in all (the page holds at most `limit` of them). */
  total: number;
}
/** How many deposits and withdrawals wait for a review: GET /admin/pending-counts, and the admins' `pending-payments` push. */
export interface PendingPaymentCounts {
  deposits: number;
  withdrawals: number;
}
export interface PendingPaymentCountsData {
  pending: PendingPaymentCounts;
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
  /**
   * Shown to the player on the transaction (at most 500 characters): the console requires it on a rejection (the
   * reason) and offers it on a withdrawal's approval (the payout's bank or UPI reference). Optional for the API.
   */
  adminNotes?: string;
}
/** PUT /admin/update-transaction-status → data.transaction (the reviewed transaction, as its owner sees it). */
export interface UpdateTransactionStatusData {
  transaction: Transaction;
}

/** A player as the console's Players tab lists them (GET /admin/players). Money in rupees. */
export interface AdminPlayer {
  id: string;
  username: string;
  email: string;
  status: PlayerStatus;
  createdAt: string;
  /** When and why an operator suspended the account; null unless suspended. */
  suspendedAt: string | null;
  suspensionReason: string | null;
  balance: number;
  bonusBalance: number;
  /** The player's own break or self-exclusion in force (read-only: the console cannot lift or shorten it); null if none. */
  playBreak: PlayBreakView | null;
}
export interface AdminPlayersData {
  players: AdminPlayer[];
}
export interface AdminPlayerData {
  player: AdminPlayer;
}
/** One journal entry of a player's balances (the player view's ledger): what moved on main and bonus, in rupees. */
export interface AdminLedgerEntry {
  seq: number;
  at: string;
  kind: StatementLineKind;
  /** The transaction id the entry names (a deposit, withdrawal or bonus), or null. */
  reference: string | null;
  /** The period a stake, win or refund belongs to, or null. */
  periodId: string | null;
  main: number;
  bonus: number;
}
/** One of a player's deposits or withdrawals, as the player view lists them (rupees, the payout details in full). */
export interface AdminPlayerClaim {
  _id: string;
  transactionId: string;
  type: Extract<TransactionType, 'DEPOSIT' | 'WITHDRAWAL'>;
  status: TransactionStatus;
  amount: number;
  method: PaymentMethod | string;
  createdAt: string;
  reviewedAt: string | null;
  utrNumber: string | null;
  payer: string | null;
  upiId: string | null;
  bankDetails: { accountHolderName: string; accountNumber: string; ifscCode: string } | null;
  adminNotes: string | null;
}
/**
 * GET /admin/players/:userId/overview: one player at a glance for the reviewer — the account and its balances (main
 * and bonus), the player's own limits and any break or self-exclusion in force (read-only), and the newest 20 ledger
 * entries, deposits and withdrawals, and bets. Audited as the admin's read (`player.overview`).
 */
export interface AdminPlayerOverview {
  player: AdminPlayer;
  limits: PlaySafelyView;
  ledger: AdminLedgerEntry[];
  claims: AdminPlayerClaim[];
  bets: Bet[];
}
export interface AdminPlayerOverviewData {
  overview: AdminPlayerOverview;
}
/** PUT /admin/players/:userId/suspend and /reinstate: why (audited). */
export interface PlayerActionRequest {
  reason: string;
}
