import { createSecretKey, hkdfSync, type KeyObject } from 'node:crypto';
import { plainToInstance, Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  MinLength,
  getMetadataStorage,
  validateSync,
  ValidationError,
} from 'class-validator';
import { DEV_API_KEY } from '@app/contracts';
import identity from './identity.json' with { type: 'json' };
import {
  identityDocument,
  KYC_DEPOSIT_THRESHOLD_RUPEES,
  BONUS_EXPIRY_DAYS,
  BONUS_WAGERING_MULTIPLIER,
  WITHDRAWAL_TURNOVER_PERCENT,
  bpsToRate,
  DEFAULT_ALLOWED_EMAIL_DOMAINS,
  GST_BPS,
  gstRateToBps,
  LOCK_SECONDS,
  paiseToRupees,
  parsePayouts,
  periodConfig,
  REFERRAL_CAP_PAISE,
  REFERRAL_SHARE_BPS,
  referralShareToBps,
  ROUND_SECONDS,
  rupeesToPaise,
} from '@app/domain';
import type { IdentityDocument, PayoutTable, PeriodConfig } from '@app/domain';

/** Each configuration's payout table, parsed once from its PAYOUTS. */
const payoutTables = new WeakMap<object, { text: string | undefined; table: PayoutTable }>();

const toInt = ({ value }: { value: unknown }) =>
  value === undefined || value === '' ? undefined : /^-?\d+$/.test(String(value)) ? Number(value) : value;
const toFloat = ({ value }: { value: unknown }) =>
  value === undefined || value === '' ? undefined : /^-?\d+(\.\d+)?$/.test(String(value)) ? Number(value) : value;
const toBool = ({ value }: { value: unknown }) =>
  value === undefined || value === ''
    ? undefined
    : value === 'true' || value === '1'
      ? true
      : value === 'false' || value === '0'
        ? false
        : value;
const toList = ({ value }: { value: unknown }) =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean)
    : value;

const toIntList = ({ value }: { value: unknown }) =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .map((s) => (/^\d+$/.test(s) ? Number(s) : s))
    : value;

export { DEV_API_KEY };

/** The service's name where a protocol wants one: the `iss` of its tokens, the salt of its derived keys. */
export const SERVICE_NAME: string = identity.serviceName;
/** The `iss` of every access token this deployment signs, and the only one it accepts. */
export const JWT_ISSUER = SERVICE_NAME;
/**
 * The argon2id cost of every password hash (OWASP's recommended minimum: 19 MiB, 2 passes, parallelism 1), as the
 * server and the seeding scripts read it from identity.json.
 */
export const PASSWORD_HASH_PARAMETERS: Readonly<{ memoryCost: number; timeCost: number; parallelism: number }> =
  Object.freeze({ ...identity.passwordHash });
const jwtKeys = new WeakMap<object, KeyObject>();
const DEV_JWT_SECRET = 'development-only-jwt-secret-change-me';
/** The development sealing key of fairness chains (never accepted in production). */
const DEV_FAIRNESS_KEY = '6465762d6f6e6c7920666169726e657373206b6579206e6f7420736563726574';

/**
 * The whole configuration contract (docs/configuration.md, which lists every variable). Built once at start-up from the environment;
 * nothing else in the code reads process.env.
 */
export class AppConfig {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  /**
   * This process's operations port, never the public one: the api serves /metrics there, the round engine
   * /health and /metrics. Unset → not served. Give every process on one host its own.
   */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  METRICS_PORT?: number;

  @IsOptional()
  @IsString()
  @Matches(/^postgres(ql)?:\/\//, { message: 'must be a postgres:// URL' })
  DATABASE_URL?: string;

  /**
   * A streaming replica for reads that may lag a little (bet history, statements, the public fairness record, the
   * admin dashboard, profiles). Unset → those reads go to DATABASE_URL. Connect with the same role as DATABASE_URL.
   */
  @IsOptional()
  @IsString()
  @Matches(/^postgres(ql)?:\/\//, { message: 'must be a postgres:// URL' })
  DATABASE_READ_URL?: string;

  /** The replica's replay lag above which (or while it is unreachable) those reads go to DATABASE_URL (ms). */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(600_000)
  DATABASE_READ_MAX_LAG_MS = 5000;

  /**
   * What DATABASE_URL (and DATABASE_READ_URL) point at: `direct` (Postgres itself) or `transaction` (a pooler such as
   * PgBouncer in transaction mode: connections send no startup options, and the round engine's session limits are
   * set at the start of each of its transactions instead).
   */
  @IsIn(['direct', 'transaction'])
  DATABASE_POOLER: 'direct' | 'transaction' = 'direct';

  @IsString()
  @Matches(/^rediss?:\/\//, { message: 'must be a redis:// URL' })
  REDIS_URL = 'redis://127.0.0.1:6379';

  /**
   * A Redis Cluster's seed nodes, comma-separated `host:port` (a few masters are enough: the others are discovered).
   * Set → every Redis connection is a cluster connection and REDIS_URL's host and port are not used (its password,
   * user name and `rediss:` TLS still apply); unset → the single Redis at REDIS_URL.
   */
  @IsOptional()
  @IsString()
  @Matches(/^\s*[\w.-]+:\d{1,5}\s*(,\s*[\w.-]+:\d{1,5}\s*)*$/, { message: 'must be a comma-separated host:port list' })
  REDIS_CLUSTER_NODES?: string;

  /** Prefix of every Redis key, stream and channel this deployment uses. */
  @IsString()
  @Matches(/^[\w:.-]*$/, { message: 'may contain only letters, digits, _ : . -' })
  REDIS_PREFIX = 'wr:';

  @IsOptional()
  @IsString()
  @Matches(/^smtps?:\/\//, { message: 'must be an smtp:// URL' })
  SMTP_URL?: string;

  @IsString()
  @MinLength(3)
  MAIL_FROM = 'WinRound <no-reply@winround.app>';

  /** Where players write for help: quoted when a break or self-exclusion refuses a sign-in. */
  @IsString()
  @Matches(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { message: 'must be an e-mail address' })
  SUPPORT_EMAIL = 'support@winround.app';

  /**
   * Web push (VAPID, RFC 8292): the application server's P-256 key pair, base64url (public 65 bytes uncompressed,
   * private 32 bytes; `npx web-push generate-vapid-keys`). Both or neither; unset → push is off and never offered.
   */
  @IsOptional()
  @IsString()
  @Matches(/^B[A-Za-z0-9_-]{86}$/, { message: 'must be a base64url P-256 public key (87 characters)' })
  WEB_PUSH_PUBLIC_KEY?: string;

  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{43}$/, { message: 'must be a base64url P-256 private key (43 characters)' })
  WEB_PUSH_PRIVATE_KEY?: string;

  /** Who push services may contact about this sender (a mailto: or https: URL); default: SUPPORT_EMAIL. */
  @IsOptional()
  @IsString()
  @Matches(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, { message: 'must be a mailto: or https: URL' })
  WEB_PUSH_SUBJECT?: string;

  @IsString()
  @MinLength(1)
  API_KEY = DEV_API_KEY;

  @IsOptional()
  @IsString()
  @MinLength(16, { message: 'must be at least 16 characters' })
  JWT_SECRET?: string;

  @Transform(toInt)
  @IsInt()
  @Min(30)
  ACCESS_TOKEN_TTL_SECONDS = 900;

  @Transform(toInt)
  @IsInt()
  @Min(60)
  REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 3600;

  /**
   * A rotated refresh token presented again within this many seconds is a concurrent refresh of the same client
   * (two tabs, the socket and a page load at once) and gets a token of the same session; later, it is treated as
   * stolen and the whole session is revoked.
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(120)
  REFRESH_REUSE_GRACE_SECONDS = 10;

  @IsOptional()
  @IsString()
  @Matches(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, { message: 'must be an e-mail address' })
  ADMIN_EMAIL?: string;

  @IsOptional()
  @IsString()
  @MinLength(8, { message: 'must be at least 8 characters' })
  ADMIN_PASSWORD?: string;

  /**
   * Production refuses to start while a super-admin has no second factor (authenticator) enrolled; `true` waives
   * that, e.g. for a deployment's first start so the admin can sign in once and enrol. The console shows a warning
   * banner while it is set.
   */
  @Transform(toBool)
  @IsBoolean()
  ADMIN_2FA_WAIVED = false;

  /** Origin(s) allowed by CORS, comma-separated; empty means same-origin only. */
  @IsOptional()
  @IsString()
  WEB_ORIGIN?: string;

  /** Directory of the built web app served by an api node (single-node mode). */
  @IsOptional()
  @IsString()
  WEB_DIST?: string;

  @Transform(toInt)
  @IsInt()
  @Min(2)
  @Max(3600)
  ROUND_SECONDS = ROUND_SECONDS;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(3599)
  LOCK_SECONDS = LOCK_SECONDS;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(256)
  BET_PARTITIONS = 4;

  @Transform(toList)
  @IsString({ each: true })
  @Matches(/^[a-z0-9.-]+\.[a-z]{2,}$/, { each: true, message: 'must be a comma-separated list of domains' })
  ALLOWED_EMAIL_DOMAINS: string[] = [...DEFAULT_ALLOWED_EMAIL_DOMAINS];

  @Transform(toFloat)
  @IsNumber()
  @Min(0)
  @Max(1)
  GST_RATE = bpsToRate(GST_BPS);

  /**
   * Payouts per choice, e.g. `violet=4.5` or `number=8,7=9.5`: comma-separated name=multiplier, a name being a choice
   * (red, green, violet, big, small, 0..9) or a game (color, bigSmall, number: all its choices). Unset: the spec's.
   * Checked by the domain's `parsePayouts` (checkConfig).
   */
  @IsOptional()
  @IsString()
  PAYOUTS?: string;

  @Transform(toFloat)
  @IsNumber()
  @Min(0)
  @Max(1)
  REFERRAL_SHARE = bpsToRate(REFERRAL_SHARE_BPS);

  @Transform(toInt)
  @IsInt()
  @Min(0)
  REFERRAL_CAP_RUPEES = paiseToRupees(REFERRAL_CAP_PAISE);

  /** A bonus (and the winnings of stakes paid from it) moves to main once settled stakes reach this many times it. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(100)
  BONUS_WAGERING_MULTIPLIER = BONUS_WAGERING_MULTIPLIER;

  /** A bonus not played through this many days after it was last granted goes back to the house. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(365)
  BONUS_EXPIRY_DAYS = BONUS_EXPIRY_DAYS;

  /** A withdrawal needs settled stakes (from main) of this share of the deposits since the previous withdrawal (%). */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(1000)
  WITHDRAWAL_TURNOVER_PERCENT = WITHDRAWAL_TURNOVER_PERCENT;

  /**
   * A player's deposits (approved and waiting for review, rupees) may reach this total before a verified identity is
   * needed to claim more; 0 asks for it before any deposit. A withdrawal always needs it.
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(100_000_000)
  KYC_DEPOSIT_THRESHOLD_RUPEES = KYC_DEPOSIT_THRESHOLD_RUPEES;

  /** The identity document players name: a known code (PAN), or a code of the operator's own with its name and pattern. */
  @IsString()
  @Matches(/^[A-Za-z][A-Za-z0-9_-]{1,15}$/, { message: 'must be a short code of letters, digits, _ or - (e.g. PAN)' })
  KYC_DOCUMENT = 'PAN';

  /** What players are asked for (e.g. Aadhaar); defaults to the known document's name, else the code. */
  @IsOptional()
  @IsString()
  @MinLength(2)
  @Matches(/^[^<>]{2,40}$/, { message: 'must be 2 to 40 characters' })
  KYC_DOCUMENT_NAME?: string;

  /** The whole number's regular expression (upper case, no spaces), for a document of the operator's own. */
  @IsOptional()
  @IsString()
  @MinLength(1)
  KYC_DOCUMENT_PATTERN?: string;

  /**
   * The key (64 hex characters, 32 bytes) that seals identity document numbers (AES-256-GCM) and keys their digest.
   * Unset → derived from JWT_SECRET (HKDF, like the authenticator keys); set it in production so a rotated
   * JWT_SECRET does not leave the sealed numbers unreadable.
   */
  @IsOptional()
  @IsString()
  @Matches(/^[0-9a-f]{64}$/, { message: 'must be 64 lower-case hex characters (32 random bytes)' })
  KYC_KEY?: string;

  @IsString()
  @Matches(/^[\w.-]+@[\w.-]+$/, { message: 'must be a UPI address like name@bank' })
  UPI_PAYEE_VPA = 'winround.payments@okaxis';

  @IsString()
  @MinLength(1)
  UPI_PAYEE_NAME = 'WinRound Payments';

  /**
   * Which round-engine roles this process runs: `clock` (round clock, draws, settlement, refunds), `bets`
   * (partition consumers), `relay` (outbox relay), `workers` (e-mail, reconciliation), or `all`. Each role is
   * leased, so several engines can run the same roles as standbys.
   */
  @Transform(toList)
  @IsIn(['all', 'clock', 'bets', 'relay', 'workers'], {
    each: true,
    message: 'must be a comma-separated list of all, clock, bets, relay, workers',
  })
  ENGINE_ROLES: string[] = ['all'];

  /**
   * Bet partitions this engine leads first (e.g. `0,2`); it stands by for the others, competing for them only after
   * twice the lease time, so several engines split the partitions between them and still take over from each other.
   * `none`: it leads none and stands by for all (an engine whose event loop is kept for the clock's settlements).
   * Unset: it competes for every partition at once.
   */
  @IsOptional()
  @Transform((params) => (params.value === 'none' ? [] : toIntList(params)))
  @IsInt({ each: true, message: 'must be a comma-separated list of partition numbers' })
  @Min(0, { each: true, message: 'must be a comma-separated list of partition numbers' })
  ENGINE_PARTITIONS?: number[];

  /** How long a leader's lease lasts without renewal (a standby takes over after this). */
  @Transform(toInt)
  @IsInt()
  @Min(200)
  @Max(60_000)
  LEASE_TTL_MS = 3000;

  /** Round-engine database sessions: longest wait for a lock before the statement fails (ms). */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(60_000)
  ENGINE_DB_LOCK_TIMEOUT_MS = 2000;

  /** Round-engine database sessions: a transaction left idle this long is ended by the server (ms). */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(60_000)
  ENGINE_DB_IDLE_TX_TIMEOUT_MS = 2000;

  /** Round-engine database sessions: longest a statement may run (ms). */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(600_000)
  ENGINE_DB_STATEMENT_TIMEOUT_MS = 15_000;

  /** A period still missing a partition's fence this long after the fence was sent gets it again (ms). */
  @Transform(toInt)
  @IsInt()
  @Min(200)
  @Max(60_000)
  REFENCE_AFTER_MS = 3000;

  /** Results (bet-results, refund notices, game results) not recorded as published this long after being taken on are published again by the leader (ms). */
  @Transform(toInt)
  @IsInt()
  @Min(200)
  @Max(600_000)
  RESULTS_REPUBLISH_AFTER_MS = 5000;

  /** Most commands a partition consumer applies in one transaction. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(20_000)
  BET_BATCH_SIZE = 2000;

  /**
   * Longest pause between two reads of a busy partition (ms). After reading n commands, a partition consumer reads
   * again no sooner than n ms later, at most this: a quiet partition applies each command as it arrives, a busy one
   * gathers what arrives meanwhile into one larger batch (fewer transactions, less CPU per bet). 0: never waits.
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(1000)
  BET_BATCH_INTERVAL_MS = 60;

  /**
   * A bet handed to the bet stream and not taken up by the bet pipeline this long (ms) is cancelled by the api node
   * that took it in, which then answers "could not place" (a cancelled bet is never applied).
   */
  @Transform(toInt)
  @IsInt()
  @Min(500)
  @Max(10_000)
  BET_ANSWER_TIMEOUT_MS = 1500;

  /**
   * How long a place-bet's stored answer (bet_outcomes) is kept (days): the engine's workers delete older ones in
   * batches. Far longer than a command can be replayed (its stream keeps it an hour, its arbiter key two).
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(3650)
  BET_OUTCOMES_RETENTION_DAYS = 7;

  /**
   * How long the money history (events, ledger_postings, bets, audit_log) stays in the database (months): the
   * engine's partitions worker archives older monthly partitions to HISTORY_ARCHIVE_DIR (docs/partitions.md).
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1200)
  HISTORY_RETENTION_MONTHS = 60;

  /**
   * Where archived partitions are written (gzip files with a sha256 manifest). Empty: nothing is archived, the
   * partitions due are only reported (`wr_history_partitions_due`).
   */
  @IsString()
  HISTORY_ARCHIVE_DIR = '';

  /** Bet pipeline: `stream` (batched partition consumers) or `direct` (one transaction per bet, the simple baseline). */
  @IsIn(['stream', 'direct'])
  BET_PIPELINE: 'stream' | 'direct' = 'stream';

  /** Length of each provably-fair hash chain the engine generates. */
  @Transform(toInt)
  @IsInt()
  @Min(10)
  @Max(100_000_000)
  FAIRNESS_CHAIN_LENGTH = 1_000_000;

  /**
   * The next chain is generated and its commitment announced (with its first period) once the running chain has fewer
   * than this many hours of periods left; the fairness page flags a chain announced less than 24 hours ahead.
   */
  @Transform(toFloat)
  @IsNumber()
  @Min(0)
  @Max(24 * 365)
  FAIRNESS_CHAIN_NOTICE_HOURS = 48;

  /**
   * The key (64 hex characters, 32 bytes) that seals each chain's secret tip in the database (AES-256-GCM). Only round
   * engines hold it; required in production; `npm start` keeps one under .data/.
   */
  @IsOptional()
  @IsString()
  @Matches(/^[0-9a-f]{64}$/, { message: 'must be 64 lower-case hex characters (32 random bytes)' })
  FAIRNESS_KEY?: string;

  /** Public randomness mixed into every draw: `drand` (the first drand round at or after each lock) or `none` (the chain alone). */
  @IsIn(['drand', 'none'])
  FAIRNESS_BEACON: 'drand' | 'none' = 'drand';

  /** drand relays (base URLs, comma-separated), asked all at once; e.g. https://api.drand.sh,https://drand.cloudflare.com */
  @IsOptional()
  @Transform(({ value }) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((s) => s.trim().replace(/\/+$/, ''))
          .filter(Boolean)
      : value,
  )
  @Matches(/^https?:\/\/[^\s/]+(\/[^\s]*)?$/, { each: true, message: 'must be a comma-separated list of http(s) URLs' })
  DRAND_URLS?: string[];

  /** The drand chain's hash (quicknet: 52db9ba7…c84e971). */
  @IsOptional()
  @IsString()
  @Matches(/^[0-9a-f]{64}$/, { message: 'must be 64 lower-case hex characters' })
  DRAND_CHAIN_HASH?: string;

  /** The drand chain's public key (G2, 192 hex characters). */
  @IsOptional()
  @IsString()
  @Matches(/^[0-9a-f]{192}$/, { message: 'must be 192 lower-case hex characters' })
  DRAND_PUBLIC_KEY?: string;

  /** A period whose beacon round is not verified this long after its end (at most a round) is refunded (ms). */
  @Transform(toInt)
  @IsInt()
  @Min(500)
  @Max(120_000)
  BEACON_WAIT_MS = 10_000;

  @IsIn(['debug', 'info', 'warn', 'error'])
  LOG_LEVEL: 'debug' | 'info' | 'warn' | 'error' = 'info';

  /** Serve the OpenAPI documentation (/api/docs, /api/docs-json); unset → on outside production, off in it. */
  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  API_DOCS?: boolean;

  /** Trust X-Forwarded-* from a reverse proxy (compose runs nginx in front of the api). */
  @Transform(toBool)
  @IsBoolean()
  TRUST_PROXY = false;

  /** Default-on rate limits; tests may switch them off. */
  @Transform(toBool)
  @IsBoolean()
  RATE_LIMITS = true;

  /** REDIS_CLUSTER_NODES as host/port pairs; empty when Redis is a single node. */
  get redisClusterNodes(): Array<{ host: string; port: number }> {
    return (this.REDIS_CLUSTER_NODES ?? '')
      .split(',')
      .map((node) => node.trim())
      .filter(Boolean)
      .map((node) => {
        const at = node.lastIndexOf(':');
        return { host: node.slice(0, at), port: Number(node.slice(at + 1)) };
      });
  }

  get isProduction(): boolean {
    return this.NODE_ENV === 'production';
  }
  get apiDocs(): boolean {
    return this.API_DOCS ?? !this.isProduction;
  }
  get jwtSecret(): string {
    return this.JWT_SECRET ?? DEV_JWT_SECRET;
  }
  /**
   * The signing secret as a prepared key: JWT libraries otherwise re-derive a key object from the string on every
   * verification (by first trying to parse it as a public key), which dominated socket handshakes under load.
   */
  get jwtKey(): KeyObject {
    let key = jwtKeys.get(this);
    if (!key) jwtKeys.set(this, (key = createSecretKey(Buffer.from(this.jwtSecret))));
    return key;
  }
  /** The referrer's reward for a referred player's first approved deposit: share in basis points, cap in paise. */
  get referralTerms(): { shareBps: number; capPaise: number } {
    return { shareBps: referralShareToBps(this.REFERRAL_SHARE), capPaise: rupeesToPaise(this.REFERRAL_CAP_RUPEES) };
  }
  /** A 32-byte key for one purpose, derived from the signing secret (HKDF-SHA256), so no two uses share a key. */
  deriveKey(purpose: string): Buffer {
    return Buffer.from(hkdfSync('sha256', this.jwtSecret, SERVICE_NAME, purpose, 32));
  }
  /** The identity document players name (KYC_DOCUMENT, KYC_DOCUMENT_NAME, KYC_DOCUMENT_PATTERN). */
  get identityDocument(): IdentityDocument {
    return identityDocument(this.KYC_DOCUMENT, { name: this.KYC_DOCUMENT_NAME, pattern: this.KYC_DOCUMENT_PATTERN });
  }
  /** A 32-byte key for one purpose of identity documents: from KYC_KEY when set, else from the signing secret. */
  identityKey(purpose: 'seal' | 'digest'): Buffer {
    if (!this.KYC_KEY) return this.deriveKey(`identity-documents-${purpose}`);
    return Buffer.from(
      hkdfSync('sha256', Buffer.from(this.KYC_KEY, 'hex'), SERVICE_NAME, `identity-documents-${purpose}`, 32),
    );
  }
  /** GST_RATE in basis points, as the domain converts it (loadConfig has refused a rate it would not convert). */
  get gstBps(): number {
    return gstRateToBps(this.GST_RATE);
  }
  /**
   * The payout of every choice: the spec's, with PAYOUTS' overrides. The one place the payouts come from: the bets
   * placed record theirs from it, the api serves it to clients (GET /app-config) and the fairness page's odds.
   */
  get payouts(): PayoutTable {
    const cached = payoutTables.get(this);
    if (cached && cached.text === this.PAYOUTS) return cached.table;
    const table = parsePayouts(this.PAYOUTS);
    payoutTables.set(this, { text: this.PAYOUTS, table });
    return table;
  }
  /** Round length and lock, as the domain's period math takes them. */
  get periodConfig(): PeriodConfig {
    return { roundSeconds: this.ROUND_SECONDS, lockSeconds: this.LOCK_SECONDS };
  }
  hasEngineRole(role: 'clock' | 'bets' | 'relay' | 'workers'): boolean {
    return this.ENGINE_ROLES.includes('all') || this.ENGINE_ROLES.includes(role);
  }
  /**
   * The key that seals fairness chains: FAIRNESS_KEY, or outside production a fixed development key (production
   * refuses to start an engine without FAIRNESS_KEY).
   */
  get fairnessKey(): Buffer {
    return Buffer.from(this.FAIRNESS_KEY ?? DEV_FAIRNESS_KEY, 'hex');
  }
  /** The VAPID keys and subject of web push, or null when push is off. */
  get webPush(): { publicKey: string; privateKey: string; subject: string } | null {
    if (!this.WEB_PUSH_PUBLIC_KEY || !this.WEB_PUSH_PRIVATE_KEY) return null;
    return {
      publicKey: this.WEB_PUSH_PUBLIC_KEY,
      privateKey: this.WEB_PUSH_PRIVATE_KEY,
      subject: this.WEB_PUSH_SUBJECT ?? `mailto:${this.SUPPORT_EMAIL}`,
    };
  }
  get webOrigins(): string[] {
    return (this.WEB_ORIGIN ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  }
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Invalid configuration: ${variable} ${detail}`);
    this.name = 'ConfigError';
  }
}

/**
 * Every variable the configuration reads: the properties of AppConfig, each of which carries its validation
 * decorators (read from class-validator's metadata, so a new property is known the moment it is declared).
 */
export const KNOWN_VARIABLES: readonly string[] = [
  ...new Set(
    getMetadataStorage()
      .getTargetValidationMetadatas(AppConfig, '', true, false)
      .map((m) => m.propertyName),
  ),
].sort();

/** The development super-admin password `npm start` uses; never accepted in production. */
export const DEV_ADMIN_PASSWORD = 'admin12345';

/**
 * What production refuses to start without, in the order it is checked: a way to send the one-time codes, the
 * signing secret, a client API key of its own, and the first super-admin's credentials (no development values).
 */
function productionProblem(config: AppConfig): ConfigError | null {
  if (!config.SMTP_URL)
    return new ConfigError('SMTP_URL', 'is required in production: players receive their one-time codes by e-mail');
  if (!config.JWT_SECRET)
    return new ConfigError('JWT_SECRET', 'is required in production (at least 16 random characters)');
  if (config.API_KEY === DEV_API_KEY)
    return new ConfigError('API_KEY', 'must be set in production (not the development key)');
  if (!config.ADMIN_EMAIL) return new ConfigError('ADMIN_EMAIL', 'is required in production (the first super-admin)');
  if (!config.ADMIN_PASSWORD)
    return new ConfigError('ADMIN_PASSWORD', 'is required in production (the first super-admin)');
  if (config.ADMIN_PASSWORD === DEV_ADMIN_PASSWORD)
    return new ConfigError('ADMIN_PASSWORD', 'must not be the development password in production');
  return null;
}

/**
 * What a round engine refuses to start without: the sealing key in production, and with a beacon, the drand chain it
 * mixes in (relays, chain hash, public key). Null when all is there.
 */
export function engineConfigProblem(config: AppConfig): ConfigError | null {
  if (config.isProduction && !config.FAIRNESS_KEY)
    return new ConfigError(
      'FAIRNESS_KEY',
      'is required by a round engine in production (64 hex characters: 32 random bytes)',
    );
  if (config.FAIRNESS_BEACON === 'drand') {
    const need =
      'with FAIRNESS_BEACON=drand (quicknet: see docs/configuration.md; FAIRNESS_BEACON=none draws from the chain alone)';
    if (!config.DRAND_URLS?.length) return new ConfigError('DRAND_URLS', `is required ${need}`);
    if (!config.DRAND_CHAIN_HASH) return new ConfigError('DRAND_CHAIN_HASH', `is required ${need}`);
    if (!config.DRAND_PUBLIC_KEY) return new ConfigError('DRAND_PUBLIC_KEY', `is required ${need}`);
  }
  return null;
}

/** What an api node refuses in production: the fairness key (only round engines may hold it). */
export function apiConfigProblem(config: AppConfig): ConfigError | null {
  if (config.isProduction && config.FAIRNESS_KEY)
    return new ConfigError(
      'FAIRNESS_KEY',
      'must not be given to an api node: only round engines hold the key that seals the fairness chains',
    );
  return null;
}

function firstMessage(error: ValidationError): string {
  const constraints = error.constraints ?? {};
  // Report the type problem before range problems ("must be an integer", not "must not be greater than").
  const order = ['isInt', 'isNumber', 'isBoolean', 'isString', 'isIn', 'matches'];
  const key = order.find((k) => k in constraints) ?? Object.keys(constraints)[0];
  const text = (key && constraints[key]) || 'is invalid';
  // class-validator prefixes messages with the property name; keep only the explanation.
  return text.startsWith(error.property) ? text.slice(error.property.length).trim() : text;
}

/** Builds and validates the configuration. Throws one ConfigError naming the first bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const raw: Record<string, string> = {};
  for (const key of KNOWN_VARIABLES) {
    const value = env[key];
    if (value !== undefined && value !== '') raw[key] = value;
  }
  const config = plainToInstance(AppConfig, raw, { exposeDefaultValues: true });
  const errors = validateSync(config, { skipMissingProperties: false });
  if (errors.length > 0) {
    const error = errors[0]!;
    throw new ConfigError(
      error.property,
      `${firstMessage(error)} (got ${JSON.stringify(raw[error.property] ?? null)})`,
    );
  }
  domainRule(
    'ROUND_SECONDS',
    () => periodConfig({ roundSeconds: config.ROUND_SECONDS, lockSeconds: 0 }),
    'must divide a day (86400) exactly',
  );
  domainRule('LOCK_SECONDS', () => periodConfig(config.periodConfig), 'must be shorter than ROUND_SECONDS');
  domainRule(
    'GST_RATE',
    () => gstRateToBps(config.GST_RATE),
    'must be a rate from 0 to 1 in whole basis points (at most 4 decimals)',
  );
  domainRule('PAYOUTS', () => config.payouts, 'must be comma-separated choice=multiplier pairs such as violet=4.5');
  domainRule(
    'REFERRAL_SHARE',
    () => referralShareToBps(config.REFERRAL_SHARE),
    'must be a share from 0 to 1 in whole basis points (at most 4 decimals)',
  );
  domainRule(
    config.KYC_DOCUMENT_PATTERN ? 'KYC_DOCUMENT_PATTERN' : 'KYC_DOCUMENT',
    () => config.identityDocument,
    'must name a known document or come with KYC_DOCUMENT_PATTERN',
  );
  const production = config.isProduction ? productionProblem(config) : null;
  if (production) throw production;
  if (!!config.WEB_PUSH_PUBLIC_KEY !== !!config.WEB_PUSH_PRIVATE_KEY) {
    throw new ConfigError(
      config.WEB_PUSH_PUBLIC_KEY ? 'WEB_PUSH_PRIVATE_KEY' : 'WEB_PUSH_PUBLIC_KEY',
      'must be set together with ' + (config.WEB_PUSH_PUBLIC_KEY ? 'WEB_PUSH_PUBLIC_KEY' : 'WEB_PUSH_PRIVATE_KEY'),
    );
  }
  if (!!config.ADMIN_EMAIL !== !!config.ADMIN_PASSWORD) {
    throw new ConfigError(
      config.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL',
      'must be set together with ' + (config.ADMIN_EMAIL ? 'ADMIN_EMAIL' : 'ADMIN_PASSWORD'),
    );
  }
  return config;
}

/** Applies a rule of @app/domain to a variable: the domain's refusal stops start-up with one message naming it. */
function domainRule(variable: string, check: () => unknown, detail: string): void {
  try {
    check();
  } catch (error) {
    if (error instanceof RangeError) throw new ConfigError(variable, `${detail} (${error.message})`);
    throw error;
  }
}

/** For a process entry point: the configuration, or one clear line on stderr and exit code 1. */
export function loadConfigOrExit(env: Record<string, string | undefined> = process.env): AppConfig {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
