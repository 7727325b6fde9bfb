import type { ColumnType, Generated, GeneratedAlways, Insertable, Selectable, Updateable } from 'kysely';

/** A timestamptz column: read as Date, written as Date or ISO string, defaulted by the database. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** bigint columns are parsed to JS numbers, exactly or not at all (see parseInt8); sums are read as bigint. */
type Money = ColumnType<number, number | bigint | string, number | bigint | string>;
type DefaultMoney = ColumnType<number, number | bigint | string | undefined, number | bigint | string>;

export type Role = 'user' | 'super-admin';

export interface UsersTable {
  id: Generated<string>;
  username: string;
  email: string;
  password_hash: string;
  role: ColumnType<Role, Role | undefined, Role>;
  referral_code: string;
  referred_by: string | null;
  verified: Generated<boolean>;
  status: ColumnType<'active' | 'frozen' | 'banned', 'active' | 'frozen' | 'banned' | undefined, 'active' | 'frozen' | 'banned'>;
  last_login_at: NullableTimestamp;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  /** The person the address stands for (email_identity_key, migration 0005); unique except grandfathered aliases. */
  email_key: GeneratedAlways<string>;
  /** Shared its identity with an older account before aliases were refused; signs in with its exact address only. */
  grandfathered_alias: Generated<boolean>;
}

export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  created_at: DefaultTimestamp;
  last_used_at: DefaultTimestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  revoked_reason: string | null;
  user_agent: string | null;
  ip: string | null;
}

export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  created_at: DefaultTimestamp;
  expires_at: Timestamp;
  rotated_at: NullableTimestamp;
}

export interface OtpCodesTable {
  id: Generated<string>;
  purpose: 'register' | 'reset';
  email: string;
  code_hash: string;
  attempts: Generated<number>;
  ip: string | null;
  expires_at: Timestamp;
  verified_at: NullableTimestamp;
  consumed_at: NullableTimestamp;
  created_at: DefaultTimestamp;
}

/** A password-reset ticket: issued by verifying the code, stored as SHA-256, single use, 10 minutes. */
export interface PasswordResetTicketsTable {
  id: Generated<string>;
  ticket_hash: string;
  email_key: string;
  user_id: string | null;
  ip: string | null;
  expires_at: Timestamp;
  consumed_at: NullableTimestamp;
  created_at: DefaultTimestamp;
}

export interface WalletsTable {
  id: Generated<string>;
  user_id: string;
  main: DefaultMoney;
  bonus: DefaultMoney;
  is_active: Generated<boolean>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface EventsTable {
  seq: ColumnType<number, never, never>;
  type: string;
  stream: string;
  user_id: string | null;
  command_id: string | null;
  payload: ColumnType<unknown, string, never>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface OutboxTable {
  event_seq: number;
  created_at: DefaultTimestamp;
}

export interface LedgerPostingsTable {
  id: ColumnType<number, never, never>;
  event_seq: number;
  account: string;
  amount: Money;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export type TransactionType = 'DEPOSIT' | 'WITHDRAWAL' | 'BONUS' | 'REFUND';
export type TransactionStatus = 'PENDING' | 'COMPLETED' | 'FAILED';

export interface TransactionsTable {
  id: Generated<string>;
  transaction_id: string;
  user_id: string;
  wallet_id: string;
  type: TransactionType;
  method: string;
  status: TransactionStatus;
  amount: Money;
  description: ColumnType<string, string | undefined, string>;
  utr_number: string | null;
  upi_app: string | null;
  upi_id: string | null;
  bank_account_number: string | null;
  bank_ifsc: string | null;
  bank_holder_name: string | null;
  admin_notes: string | null;
  reviewed_by: string | null;
  reviewed_at: NullableTimestamp;
  ist_day: ColumnType<string, string, string>;
  /** On a referral BONUS: the referred player whose first approved deposit it rewards (unique: paid once). */
  referred_user_id: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface FairnessChainsTable {
  id: Generated<number>;
  commitment: string;
  tip: string;
  length: number;
  created_at: DefaultTimestamp;
}

export type PeriodStatus = 'OPEN' | 'DRAWN' | 'SETTLED' | 'REFUNDED';

export interface PeriodsTable {
  id: string;
  start_at: Timestamp;
  lock_at: Timestamp;
  end_at: Timestamp;
  status: ColumnType<PeriodStatus, PeriodStatus | undefined, PeriodStatus>;
  chain_id: number;
  chain_index: number;
  seed_hash: string;
  seed: string | null;
  digit: number | null;
  color: 'red' | 'green' | 'violet' | null;
  big_small: 'big' | 'small' | null;
  drawn_at: NullableTimestamp;
  settled_at: NullableTimestamp;
  results_published_at: NullableTimestamp;
  created_at: DefaultTimestamp;
  /** Why a refunded period was refunded (migration 0007); NULL for periods refunded before it. */
  refund_reason: ColumnType<RefundReason | null, RefundReason | null | undefined, RefundReason | null>;
  game_result_published_at: NullableTimestamp;
  results_claimed_at: NullableTimestamp;
}

export type RefundReason = 'not-drawn' | 'settlement-deadline' | 'missed';

/** The fencing token of each leased round-engine role (migration 0007). */
export interface FencingTokensTable {
  name: string;
  token: number;
  acquired_at: DefaultTimestamp;
}

/**
 * The view every public read of periods goes through (migration 0004): `seed_hash` is NULL until it can reveal
 * nothing unlocked, `seed` is set once the period was drawn or refunded.
 */
export interface PublicPeriodsView {
  id: string;
  status: PeriodStatus;
  chain_id: number | null;
  chain_index: number | null;
  start_at: Date;
  lock_at: Date;
  end_at: Date;
  seed_hash: string | null;
  seed: string | null;
  digit: number | null;
  color: 'red' | 'green' | 'violet' | null;
  big_small: 'big' | 'small' | null;
  drawn_at: Date | null;
}

export type BetStatus = 'PENDING' | 'COMPLETED' | 'REFUNDED';

export interface BetsTable {
  id: string;
  user_id: string;
  period_id: string;
  bet_type: 'color' | 'bigSmall' | 'number';
  bet_value: string;
  amount: Money;
  from_bonus: DefaultMoney;
  status: ColumnType<BetStatus, BetStatus | undefined, BetStatus>;
  is_win: boolean | null;
  win_amount: DefaultMoney;
  gst_amount: DefaultMoney;
  system_selected_value: string | null;
  played_from: ColumnType<string, string | undefined, string>;
  placed_at: Timestamp;
  /** The journal entry (BetsPlaced, one per bet batch) that took the stake; null for bets placed before it existed. */
  placed_seq: ColumnType<number | null, number | null | undefined, never>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface PartitionFencesTable {
  partition: number;
  period_id: string;
  processed_at: DefaultTimestamp;
}

/** The one stored answer to a place-bet command (0008), keyed by the player and the command id. */
export interface BetOutcomesTable {
  user_id: string;
  command_id: string;
  kind: 'accepted' | 'rejected' | 'unavailable';
  bet_id: string | null;
  period_id: string | null;
  message: string;
  created_at: DefaultTimestamp;
}

export interface AuditLogTable {
  id: ColumnType<number, never, never>;
  actor_id: string | null;
  /** The player whose money the action moved (0006); null on rows written before it. */
  beneficiary_id: ColumnType<string | null, string | null | undefined, never>;
  action: string;
  target_type: string;
  target_id: string;
  decision: string | null;
  note: string | null;
  metadata: ColumnType<unknown, string | undefined, never>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

/** The Kysely database interface. */
export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  otp_codes: OtpCodesTable;
  password_reset_tickets: PasswordResetTicketsTable;
  wallets: WalletsTable;
  events: EventsTable;
  outbox: OutboxTable;
  ledger_postings: LedgerPostingsTable;
  transactions: TransactionsTable;
  fairness_chains: FairnessChainsTable;
  periods: PeriodsTable;
  public_periods: PublicPeriodsView;
  bets: BetsTable;
  partition_fences: PartitionFencesTable;
  fencing_tokens: FencingTokensTable;
  bet_outcomes: BetOutcomesTable;
  audit_log: AuditLogTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Wallet = Selectable<WalletsTable>;
export type TransactionRow = Selectable<TransactionsTable>;
export type PeriodRow = Selectable<PeriodsTable>;
export type PublicPeriodRow = Selectable<PublicPeriodsView>;
export type BetRow = Selectable<BetsTable>;
export type PeriodUpdate = Updateable<PeriodsTable>;
