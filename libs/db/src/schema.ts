import type { ColumnType, Generated, GeneratedAlways, Insertable, Selectable, Updateable } from 'kysely';

/** A timestamptz column: read as Date, written as Date or ISO string, defaulted by the database. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** bigint columns are parsed to JS numbers, exactly or not at all (see parseInt8); sums are read as bigint. */
type Money = ColumnType<number, number | bigint | string, number | bigint | string>;
type DefaultMoney = ColumnType<number, number | bigint | string | undefined, number | bigint | string>;

export type Role = 'user' | 'super-admin';

/** `suspended`: by an operator (migration 0016); `frozen` and `banned` are refused the same way. */
export type UserStatus = 'active' | 'frozen' | 'banned' | 'suspended';

export interface UsersTable {
  id: Generated<string>;
  username: string;
  email: string;
  password_hash: string;
  role: ColumnType<Role, Role | undefined, Role>;
  referral_code: string;
  referred_by: string | null;
  verified: Generated<boolean>;
  status: ColumnType<UserStatus, UserStatus | undefined, UserStatus>;
  last_login_at: NullableTimestamp;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  /** The person the address stands for (email_identity_key, migration 0005); unique except grandfathered aliases. */
  email_key: GeneratedAlways<string>;
  /** Shared its identity with an older account before aliases were refused; signs in with its exact address only. */
  grandfathered_alias: Generated<boolean>;
  /** Names the player in the bets' Merkle commitment instead of the user id (migration 0015). */
  bet_pseudonym: Generated<string>;
  /** argon2id of the ADMIN_PASSWORD last applied to the configured super-admin at start-up (migration 0017). */
  configured_password_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** When and why an operator suspended the player (status `suspended`, migration 0016). */
  suspended_at: NullableTimestamp;
  suspension_reason: string | null;
  /** The name's confusable skeleton (usernameSkeleton of @app/domain), unique when set (migration 0018). */
  username_skeleton: ColumnType<string | null, string | null | undefined, string | null>;
  /** 'YYYY-MM-DD' of a player 18 or older, recorded once; null for accounts older than the field (migration 0022). */
  date_of_birth: ColumnType<string | null, string | null | undefined, string | null>;
  /** The language the player reads the product in: 'en-IN' (the default) or 'hi-IN' (migration 0028). */
  language: ColumnType<PlayerLanguage, PlayerLanguage | undefined, PlayerLanguage>;
}

/** A player's language (users.language). */
export type PlayerLanguage = 'en-IN' | 'hi-IN';

export type IdentityCheckStatus = 'pending' | 'verified' | 'rejected';

/** A player's identity submission, the current one (migration 0022); the number only sealed, masked and digested. */
export interface IdentityChecksTable {
  user_id: string;
  submission_id: Generated<string>;
  status: ColumnType<IdentityCheckStatus, IdentityCheckStatus | undefined, IdentityCheckStatus>;
  full_name: string;
  document_type: string;
  document_sealed: string;
  key_id: string;
  document_masked: string;
  /** HMAC-SHA256 of the normalised number (hex): the same number on two accounts has the same digest. */
  document_digest: string;
  submitted_at: DefaultTimestamp;
  decided_at: NullableTimestamp;
  decided_by: string | null;
  rejection_reason: string | null;
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
  purpose: 'register' | 'reset' | 'login';
  email: string;
  code_hash: string;
  attempts: Generated<number>;
  ip: string | null;
  expires_at: Timestamp;
  verified_at: NullableTimestamp;
  consumed_at: NullableTimestamp;
  created_at: DefaultTimestamp;
}

/** A super-admin's authenticator (TOTP), its key sealed; a replacement waits in `pending_*` (migration 0017). */
export interface SecondFactorsTable {
  user_id: string;
  secret_sealed: string | null;
  key_id: string | null;
  confirmed_at: NullableTimestamp;
  /** The newest accepted time step: a code is never accepted twice. */
  last_step: ColumnType<number | null, number | null | undefined, number | null>;
  pending_sealed: string | null;
  pending_key_id: string | null;
  pending_since: NullableTimestamp;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

/** Single-use recovery codes of a second factor, stored as keyed hashes (migration 0017). */
export interface RecoveryCodesTable {
  id: Generated<string>;
  user_id: string;
  code_hash: string;
  used_at: NullableTimestamp;
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
  /** Settled stakes (paise) still asked of the bonus before it moves to main, counted from `since` (migration 0016). */
  bonus_wagering_required: DefaultMoney;
  bonus_wagering_since: NullableTimestamp;
  bonus_expires_at: NullableTimestamp;
}

/** A referral, earned by the referred player's play (migration 0016). */
export interface ReferralsTable {
  referred_user_id: string;
  referrer_id: string;
  deposit_transaction_id: string;
  deposit_paise: Money;
  bonus_paise: Money;
  since: Timestamp;
  status: ColumnType<
    'pending' | 'granted' | 'void',
    'pending' | 'granted' | 'void' | undefined,
    'pending' | 'granted' | 'void'
  >;
  decided_at: NullableTimestamp;
  reason: string | null;
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

/** `transactions.name_check`: a bank withdrawal's holder name against the verified name (migration 0022). */
export interface WithdrawalNameCheckRow {
  verifiedName: string;
  holderName: string;
  flagged: boolean;
}

/** `transactions.play_check` (paise, days). */
export interface WithdrawalPlayCheckRow {
  depositedPaise: number;
  stakedPaise: number;
  withdrawnBeforePaise: number;
  accountAgeDays: number;
  flagged: boolean;
}

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
  /** On a withdrawal: what the player had deposited, staked and withdrawn when asking (migration 0016). */
  play_check: ColumnType<WithdrawalPlayCheckRow | null, string | null | undefined, string | null>;
  /** On a bank withdrawal: its holder name against the verified name (migration 0022). */
  name_check: ColumnType<WithdrawalNameCheckRow | null, string | null | undefined, string | null>;
  /** On a deposit: the payer's UPI ID or account holder name as the player gave it; null from older clients (migration 0019). */
  payer: ColumnType<string | null, string | null | undefined, never>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

/**
 * A claim refused because another player's claim held its UTR (migration 0019), kept for the reviewer beside the
 * claim that held it. One row per contester, holding claim, amount and payer; a repeat counts `attempts`.
 */
export interface UtrContestsTable {
  id: Generated<string>;
  utr_number: string;
  user_id: string;
  wallet_id: string;
  held_by: string;
  amount: Money;
  payer: string | null;
  upi_app: string | null;
  attempts: Generated<number>;
  created_at: DefaultTimestamp;
  last_attempt_at: DefaultTimestamp;
}

/**
 * A break or self-exclusion a player took (migration 0021). The latest row of a player is the one in force; rows are
 * never deleted and never shortened (triggers). `lifts_at` is when the account opens again: a break's end, or a
 * self-exclusion's `returns_at` (null until the player asks to return after its end).
 */
export interface PlayBreaksTable {
  /** bigint identity, read as a number (parseInt8). */
  id: ColumnType<number, never, never>;
  user_id: string;
  kind: 'break' | 'exclusion';
  option: '24h' | '7d' | '30d' | '6w' | '6m' | '1y' | '5y';
  started_at: ColumnType<Date, Date | string, never>;
  ends_at: ColumnType<Date, Date | string, never>;
  return_requested_at: ColumnType<Date | null, never, Date | string>;
  returns_at: ColumnType<Date | null, never, Date | string>;
  lifts_at: ColumnType<Date | null, never, never>;
  actor_id: string;
  reason: string;
  created_at: DefaultTimestamp;
}

export interface FairnessChainsTable {
  id: Generated<number>;
  commitment: string;
  /** The tip in clear: only chains created before migration 0015, until the engine seals it. */
  tip: string | null;
  /** The tip sealed under FAIRNESS_KEY (AES-256-GCM, base64 of iv ‖ ciphertext ‖ tag). */
  tip_sealed: string | null;
  /** Which key sealed it (16 hex). */
  key_id: string | null;
  length: number;
  /** The first period the chain covers (announced with the commitment). */
  first_period_id: string | null;
  announced_at: DefaultTimestamp;
  created_at: DefaultTimestamp;
}

/** A public-randomness chain whose rounds periods mix in (migration 0015). */
export interface BeaconChainsTable {
  hash: string;
  public_key: string;
  genesis_time: number;
  period: number;
  scheme: 'bls-unchained-g1-rfc9380';
  recorded_at: DefaultTimestamp;
}

/** Per choice of a period: its bets, stakes and what the house pays it if it wins (migration 0015). */
export interface PeriodChoicesTable {
  period_id: string;
  game: 'color' | 'bigSmall' | 'number';
  choice: string;
  bets: number;
  stakes: Money;
  pays: Money;
  /** Once settled: what its bets were credited (pays if it won, else 0). */
  credited: Money | null;
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
  /** seed[k−1]: written only once public (the previous period of the chain drawn or refunded; migration 0015). */
  seed_hash: string | null;
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
  /** The drand round mixed into the draw (migration 0015): its chain, number, randomness and signature. */
  beacon_chain: string | null;
  beacon_round: number | null;
  beacon_randomness: string | null;
  beacon_signature: string | null;
  /** The Merkle root of the accepted bets, their number and when it was recorded (at the lock). */
  bets_root: string | null;
  bets_count: number | null;
  bets_committed_at: NullableTimestamp;
  /** A refunded period: the digit it would have had (once its seed and beacon are known). */
  void_digit: number | null;
  /** What the house would credit winners for each digit 0–9 (paise), recorded once the bets are final. */
  house_pays: ColumnType<string[] | null, string[] | null | undefined, string[] | null>;
  /** A refunded period: what its would-be result would have paid out (paise). */
  void_pays: Money | null;
}

/** Why a refunded period was refunded; `settlement-deadline` only on periods refunded before migration 0015. */
export type RefundReason = 'not-drawn' | 'beacon-unavailable' | 'settlement-deadline' | 'missed';

/** The fencing token of each leased round-engine role (migration 0007). */
export interface FencingTokensTable {
  name: string;
  token: number;
  acquired_at: DefaultTimestamp;
}

/**
 * The view every public read of periods goes through (migrations 0004, 0015): `seed_hash` is NULL until it can reveal
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
  settled_at: Date | null;
  refund_reason: RefundReason | null;
  beacon_chain: string | null;
  beacon_round: number | null;
  beacon_randomness: string | null;
  beacon_signature: string | null;
  bets_root: string | null;
  bets_count: number | null;
  bets_committed_at: Date | null;
  void_digit: number | null;
  house_pays: string[] | null;
  void_pays: number | null;
}

/** What anyone may see of a fairness chain (migration 0015): no tip. */
export interface PublicFairnessChainsView {
  id: number;
  commitment: string;
  length: number;
  first_period_id: string | null;
  announced_at: Date;
  created_at: Date;
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
  /** The part of the win credited to bonus: the win of the bonus-paid part of the stake (migration 0016). */
  win_to_bonus: DefaultMoney;
  /**
   * The payout of the choice when the bet was placed, what it is settled at (numeric: read as a string); null only for
   * bets placed before migration 0026, which settlement fills with the payout it paid.
   */
  payout: ColumnType<string | null, number | null | undefined, number | null>;
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

/**
 * A limit a player set for themself (migration 0020): the value in force (paise; minutes for `sessionMinutes`) and a
 * looser change waiting until `pending_at` (`pending_value` null: a removal).
 */
export interface PlayerLimitsTable {
  user_id: string;
  kind: 'deposit24h' | 'deposit7d' | 'deposit30d' | 'loss24h' | 'loss7d' | 'loss30d' | 'sessionMinutes';
  value: Money | null;
  pending_value: Money | null;
  pending_at: NullableTimestamp;
  updated_at: DefaultTimestamp;
}

/** A player's reality-check interval, when the limits were first offered, and a pause after a session limit. */
export interface PlayerPlaySettingsTable {
  user_id: string;
  reality_check_minutes: ColumnType<number, number | undefined, number>;
  limits_offered_at: NullableTimestamp;
  play_paused_until: NullableTimestamp;
  updated_at: DefaultTimestamp;
}

/** A player's dispute about one of their bets or transactions (migration 0023). */
export interface DisputesTable {
  id: Generated<string>;
  user_id: string;
  subject_type: 'bet' | 'transaction';
  bet_id: string | null;
  transaction_id: string | null;
  period_id: string | null;
  message: string;
  status: ColumnType<
    'open' | 'answered' | 'closed',
    'open' | 'answered' | 'closed' | undefined,
    'open' | 'answered' | 'closed'
  >;
  answer: string | null;
  answered_by: string | null;
  answered_at: NullableTimestamp;
  closed_by: string | null;
  closed_at: NullableTimestamp;
  due_at: Timestamp;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

/** A refusal by one of the player's own limits (migration 0024): a deposit claim, a bet, a session at its end. */
export interface LimitHitsTable {
  /** bigint identity, read as a number (parseInt8). */
  id: GeneratedAlways<number>;
  user_id: string;
  kind: 'deposit' | 'loss' | 'session';
  /** What the player was told. */
  message: string;
  at: DefaultTimestamp;
}

/** A limit the player applied (in force at once) or a loosening they asked for (migration 0024). */
export interface LimitChangesTable {
  /** bigint identity, read as a number (parseInt8). */
  id: GeneratedAlways<number>;
  user_id: string;
  kind: PlayerLimitsTable['kind'];
  change: 'applied' | 'loosening';
  from_value: Money | null;
  to_value: Money | null;
  at: DefaultTimestamp;
}

export type CareFlagStatus = 'open' | 'contacted' | 'dismissed';

/** A pattern of play the care job found, one row per player and pattern, and the operator's review (migration 0024). */
export interface CareFlagsTable {
  id: Generated<string>;
  user_id: string;
  pattern:
    'loss-chasing' | 'night-play' | 'deposits-after-losses' | 'limits-reached' | 'limit-loosened' | 'quick-return';
  summary: string;
  figures: ColumnType<unknown, string, string>;
  evidence_at: Timestamp;
  first_seen_at: DefaultTimestamp;
  last_seen_at: DefaultTimestamp;
  status: ColumnType<CareFlagStatus, CareFlagStatus | undefined, CareFlagStatus>;
  note: string | null;
  reviewed_by: string | null;
  reviewed_at: NullableTimestamp;
}

/** How far the care job has looked (one row, migration 0024). */
export interface CareScansTable {
  id: ColumnType<boolean, boolean | undefined, never>;
  scanned_to: Timestamp;
}

/** The Kysely database interface. */
export interface PushSubscriptionsTable {
  endpoint: string;
  user_id: string;
  p256dh: string;
  auth: string;
  created_at: DefaultTimestamp;
}

/** A bet id, whichever partition of bets holds the bet (migration 0029): keeps bet ids unique across partitions. */
export interface BetIdsTable {
  id: string;
  period_id: string;
}

/** A journal entry's idempotency key (migration 0029): keeps events.command_id unique across partitions. */
export interface EventCommandsTable {
  command_id: string;
  created_at: Timestamp;
}

export type HistoryPartitionStatus = 'live' | 'detached' | 'archived';

/** One monthly partition of events, ledger_postings, bets or audit_log (docs/partitions.md). */
export interface HistoryPartitionsTable {
  partition_name: string;
  table_name: 'events' | 'ledger_postings' | 'bets' | 'audit_log';
  /** IST month [starts, ends); null for the partition of everything before the conversion (migration 0029). */
  starts: string | null;
  ends: string;
  status: ColumnType<HistoryPartitionStatus, HistoryPartitionStatus | undefined, HistoryPartitionStatus>;
  created_at: DefaultTimestamp;
  detached_at: NullableTimestamp;
  archived_at: NullableTimestamp;
  rows: number | null;
  archive_file: string | null;
  archive_sha256: string | null;
}

/** An account's opening balance: the sum of its archived postings (docs/partitions.md, "Archival"). */
export interface ArchivedBalancesTable {
  account: string;
  amount: Money;
  postings: ColumnType<number, number | undefined, number>;
  /** The end (exclusive, IST) of the newest archived month. */
  through: string;
  updated_at: DefaultTimestamp;
}

export interface DB {
  users: UsersTable;
  push_subscriptions: PushSubscriptionsTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  otp_codes: OtpCodesTable;
  password_reset_tickets: PasswordResetTicketsTable;
  second_factors: SecondFactorsTable;
  recovery_codes: RecoveryCodesTable;
  wallets: WalletsTable;
  referrals: ReferralsTable;
  events: EventsTable;
  outbox: OutboxTable;
  ledger_postings: LedgerPostingsTable;
  transactions: TransactionsTable;
  utr_contests: UtrContestsTable;
  play_breaks: PlayBreaksTable;
  fairness_chains: FairnessChainsTable;
  public_fairness_chains: PublicFairnessChainsView;
  beacon_chains: BeaconChainsTable;
  periods: PeriodsTable;
  public_periods: PublicPeriodsView;
  period_choices: PeriodChoicesTable;
  bets: BetsTable;
  partition_fences: PartitionFencesTable;
  fencing_tokens: FencingTokensTable;
  bet_outcomes: BetOutcomesTable;
  audit_log: AuditLogTable;
  player_limits: PlayerLimitsTable;
  player_play_settings: PlayerPlaySettingsTable;
  identity_checks: IdentityChecksTable;
  disputes: DisputesTable;
  limit_hits: LimitHitsTable;
  limit_changes: LimitChangesTable;
  care_flags: CareFlagsTable;
  care_scans: CareScansTable;
  bet_ids: BetIdsTable;
  event_commands: EventCommandsTable;
  history_partitions: HistoryPartitionsTable;
  archived_balances: ArchivedBalancesTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Wallet = Selectable<WalletsTable>;
export type TransactionRow = Selectable<TransactionsTable>;
export type PeriodRow = Selectable<PeriodsTable>;
export type PublicPeriodRow = Selectable<PublicPeriodsView>;
export type BetRow = Selectable<BetsTable>;
export type PeriodUpdate = Updateable<PeriodsTable>;
