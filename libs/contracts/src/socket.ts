import * as z from 'zod/mini';
import { BET_STATUSES, BIG_SMALL, COLORS, GAME_KEYS, type PeriodTimes } from '@app/domain';
import type { Bet, GameKey, GameResult } from './bet.js';
import type { BetsCommitted } from './fairness.js';
import type { PendingPaymentCounts } from './admin.js';

/**
 * next-period-id: the period's times as the domain's period clock computes them (epoch milliseconds; duration in
 * seconds), the server's clock, and the hash of the seed that will draw the period (present once public: once the
 * period before it in the chain has been drawn). `lockTime` is when betting closes.
 */
export interface PeriodInfo
  extends Pick<PeriodTimes, 'periodId' | 'startTime' | 'duration'>, Partial<Pick<PeriodTimes, 'lockTime'>> {
  serverTime: number;
  seedHash?: string;
}

export interface PlaceBetPayload {
  periodId: string;
  betType: GameKey;
  betValue: string;
  /** Stake in rupees, one of the allowed stakes. */
  amount: number;
  /**
   * The client's id for this bet (a UUID, new per bet): the bet is applied at most once and answered once per
   * command id, and its answer can be asked for again with get-bet-outcomes. Optional for older clients.
   */
  commandId?: string;
  /**
   * When the client sent it, in server time (epoch ms, the client's clock plus its offset to the server's). A
   * place-bet older than PLACE_BET_MAX_AGE_MS when it reaches the server is refused, never applied: a bet the player
   * was told had no answer (after 10 s) cannot be placed later. Optional for older clients.
   */
  sentAt?: number;
}

/**
 * The oldest a place-bet may be when it reaches the server (its sentAt against the server's clock), either way. Below
 * the client's 10 s wait for an answer less the api node's BET_ANSWER_TIMEOUT_MS (1.5 s): a command received in time
 * is applied or cancelled before the player is told there was no answer.
 */
export const PLACE_BET_MAX_AGE_MS = 8_000;

/**
 * get-bet-outcomes (after a reconnection, or when a bet's answer is late): the stored answer to each command id
 * (as a bet-message carrying the commandId) and the result of each bet that was settled or refunded meanwhile
 * (bet-result, or bet-update and the period's refund notice), then the balance. Each answer reaches a socket once.
 */
export interface BetOutcomesRequest {
  /** Bets sent and not answered yet (at most BET_OUTCOMES_MAX_IDS). */
  commandIds?: string[];
  /** Bets placed whose result has not arrived yet (at most BET_OUTCOMES_MAX_IDS). */
  betIds?: string[];
}

/** Most command ids and most bet ids one get-bet-outcomes may ask about. */
export const BET_OUTCOMES_MAX_IDS = 20;

/** balance-update: `balance` is what can be staked (main + bonus). Rupees. */
export interface BalanceUpdate {
  balance: number;
  mainBalance: number;
  bonusBalance: number;
}

/** What an account `notice` is about: a payment reviewed or a referral bonus credited. */
export const ACCOUNT_NOTICE_KINDS = [
  'deposit-approved',
  'deposit-rejected',
  'withdrawal-paid',
  'withdrawal-rejected',
  'referral-bonus',
] as const;
export type AccountNoticeKind = (typeof ACCOUNT_NOTICE_KINDS)[number];

/**
 * notice: something that happened to the player's money outside a bet, sent once the change committed. `amount` is
 * rupees (as balance-update); `transactionId` is the public id the wallet's list shows; `reason` is the reviewer's,
 * on a rejection only.
 */
export interface AccountNotice {
  kind: AccountNoticeKind;
  amount: number;
  transactionId: string;
  reason?: string;
}

export interface BetMessage {
  success: boolean;
  message: string;
  bet?: Bet;
  periodId?: string;
  betType?: GameKey;
  /** The command id of the place-bet this answers (the client's, or the gateway's for a client that sent none). */
  commandId?: string;
}

export interface BetResult {
  gameType: GameKey;
  win: boolean;
  winAmount: number;
  lossAmount: number;
  message: string;
  timestamp: string;
  periodId?: string;
  betId?: string;
  /** The settled bet (merged into the history like a bet-update). */
  bet?: Bet;
}

export interface NewTokenPayload {
  token: string;
}

export interface ServerToClientEvents {
  'request-refresh-token': () => void;
  'game-result': (result: GameResult) => void;
  'all-game-results': (results: GameResult[]) => void;
  'next-period-id': (period: PeriodInfo) => void;
  /**
   * A period's bets' Merkle root, published at its lock once every partition has passed it, before the result exists:
   * to the sockets that asked for it with `watch-commitments` (an auditor's, a fairness watcher's), not to every socket.
   */
  'bets-committed': (commitment: BetsCommitted) => void;
  'current-bet-response': (bets: Bet[]) => void;
  'balance-update': (balance: BalanceUpdate) => void;
  'bet-message': (message: BetMessage) => void;
  'bet-result': (result: BetResult) => void;
  /** A bet changed outside a bet-message or bet-result (e.g. refunded): the history list merges it by _id. */
  'bet-update': (bet: Bet) => void;
  /** A rejected socket message (validation, rate limit, auth). */
  exception: (error: { status: 'error'; message: string }) => void;
  /** The session reached the player's session time limit: the message says until when play is paused; the socket closes next. */
  'session-limit': (notice: { message: string; pausedUntil: string }) => void;
  /** A deposit or withdrawal was reviewed, or a referral bonus credited (once per transaction and kind). */
  notice: (notice: AccountNotice) => void;
  /** Administrators only: how many deposits and withdrawals wait for a review, after a claim was stored or reviewed. */
  'pending-payments': (counts: PendingPaymentCounts) => void;
}

export interface ClientToServerEvents {
  'new-token': (payload: NewTokenPayload) => void;
  'get-game-results': () => void;
  'get-all-game-results': () => void;
  'send-period-id-current': () => void;
  'get-balance': () => void;
  'get-current-bet': () => void;
  'place-bet': (payload: PlaceBetPayload) => void;
  'get-bet-outcomes': (payload: BetOutcomesRequest) => void;
  /** From now on, this socket gets each period's `bets-committed` at its lock (until `unwatch-commitments`). */
  'watch-commitments': () => void;
  'unwatch-commitments': () => void;
}

/** Handshake `auth` data. */
export interface SocketAuth {
  apiKey: string;
  token: string;
}

export const SOCKET_PATH = '/socket.io';

/** Every event a client may send, at run time (the metrics label set, the fuzz suite). */
export const CLIENT_EVENTS = [
  'new-token',
  'get-game-results',
  'get-all-game-results',
  'send-period-id-current',
  'get-balance',
  'get-current-bet',
  'place-bet',
  'get-bet-outcomes',
  'watch-commitments',
  'unwatch-commitments',
] as const satisfies readonly (keyof ClientToServerEvents)[];
/** Fails to compile when ClientToServerEvents gains an event CLIENT_EVENTS does not list. */
export const CLIENT_EVENTS_COMPLETE: Exclude<keyof ClientToServerEvents, (typeof CLIENT_EVENTS)[number]> extends never
  ? true
  : never = true;

/** Most live sockets one player holds at once, across every api node: a new one closes the player's oldest. */
export const MAX_SOCKETS_PER_PLAYER = 5;
/**
 * The `exception` a socket gets just before it is closed because its player opened a newer one past the limit.
 * The client does not reconnect it by itself (that would close the next oldest, and so on).
 */
export const SOCKET_REPLACED_MESSAGE = 'You are connected in too many places, so this older connection was closed.';

/*
 * The run-time schema of every event's payload, beside its type: a payload is checked against it where it comes in
 * (client → server in the api node, server → client in the web client) and dropped or refused when it does not
 * match. Built with zod's tree-shakable `zod/mini`: a bundle keeps only the schemas it uses. Each schema is held to
 * the event's type at compile time (`SocketSchemasMatch` below).
 */

/** A UUID in its text form, any version, either case (the api reads it lower-cased). */
export const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuidText = /* @__PURE__ */ z.string().check(z.regex(UUID_TEXT));
const gameKey = /* @__PURE__ */ z.enum(GAME_KEYS);

/** An event that carries nothing: whatever comes with it is ignored. */
export const noPayloadSchema = /* @__PURE__ */ z.unknown();

/** place-bet: exactly these keys. Whether the game, choice, stake and period are right is the domain's to say (the bet intake). */
export const placeBetPayloadSchema = /* @__PURE__ */ z.strictObject({
  commandId: z.optional(uuidText),
  periodId: z.string(),
  betType: z.string(),
  betValue: z.string(),
  amount: z.number(),
  sentAt: z.optional(z.number()),
});
/** A place-bet as its schema accepts it (its betType any text, for the intake to refuse with its own message). */
export type PlaceBetInput = z.infer<typeof placeBetPayloadSchema>;

const outcomeIds = /* @__PURE__ */ z.optional(
  /* @__PURE__ */ z.array(uuidText).check(z.maxLength(BET_OUTCOMES_MAX_IDS)),
);
/** get-bet-outcomes: at most BET_OUTCOMES_MAX_IDS UUIDs of each kind, nothing else. */
export const betOutcomesRequestSchema = /* @__PURE__ */ z.strictObject({ commandIds: outcomeIds, betIds: outcomeIds });

/** new-token: a token (other keys are ignored). */
export const newTokenPayloadSchema = /* @__PURE__ */ z.object({
  token: /* @__PURE__ */ z.string().check(z.minLength(1)),
});

export const betSchema = /* @__PURE__ */ z.object({
  _id: z.string(),
  betType: gameKey,
  betValue: z.string(),
  systemSelectedValue: z.optional(z.nullable(z.string())),
  amount: z.number(),
  isWin: z.nullable(z.boolean()),
  winAmount: z.number(),
  status: z.enum(BET_STATUSES),
  playedFrom: z.string(),
  periodId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const gameResultSchema = /* @__PURE__ */ z.object({
  periodId: z.string(),
  color: z.enum(COLORS),
  bigSmall: z.enum(BIG_SMALL),
  digit: z.number(),
  seed: z.optional(z.string()),
  seedHash: z.optional(z.string()),
  drawnAt: z.optional(z.string()),
});

export const periodInfoSchema = /* @__PURE__ */ z.object({
  periodId: z.string(),
  startTime: z.number(),
  duration: z.number(),
  lockTime: z.optional(z.number()),
  serverTime: z.number(),
  seedHash: z.optional(z.string()),
});

export const betsCommittedSchema = /* @__PURE__ */ z.object({
  periodId: z.string(),
  root: z.string(),
  count: z.number(),
});

export const balanceUpdateSchema = /* @__PURE__ */ z.object({
  balance: z.number(),
  mainBalance: z.number(),
  bonusBalance: z.number(),
});

export const betMessageSchema = /* @__PURE__ */ z.object({
  success: z.boolean(),
  message: z.string(),
  bet: z.optional(betSchema),
  periodId: z.optional(z.string()),
  betType: z.optional(gameKey),
  commandId: z.optional(z.string()),
});

export const betResultSchema = /* @__PURE__ */ z.object({
  gameType: gameKey,
  win: z.boolean(),
  winAmount: z.number(),
  lossAmount: z.number(),
  message: z.string(),
  timestamp: z.string(),
  periodId: z.optional(z.string()),
  betId: z.optional(z.string()),
  bet: z.optional(betSchema),
});

export const socketExceptionSchema = /* @__PURE__ */ z.object({ status: z.literal('error'), message: z.string() });

export const sessionLimitSchema = /* @__PURE__ */ z.object({ message: z.string(), pausedUntil: z.string() });

export const accountNoticeSchema = /* @__PURE__ */ z.object({
  kind: z.enum(ACCOUNT_NOTICE_KINDS),
  amount: z.number(),
  transactionId: z.string(),
  reason: z.optional(z.string()),
});

export const pendingPaymentsSchema = /* @__PURE__ */ z.object({
  deposits: z.int().check(z.nonnegative()),
  withdrawals: z.int().check(z.nonnegative()),
});

/** The payload schema of every event a client may send. */
export const CLIENT_EVENT_SCHEMAS = {
  'new-token': newTokenPayloadSchema,
  'get-game-results': noPayloadSchema,
  'get-all-game-results': noPayloadSchema,
  'send-period-id-current': noPayloadSchema,
  'get-balance': noPayloadSchema,
  'get-current-bet': noPayloadSchema,
  'place-bet': placeBetPayloadSchema,
  'get-bet-outcomes': betOutcomesRequestSchema,
  'watch-commitments': noPayloadSchema,
  'unwatch-commitments': noPayloadSchema,
} as const satisfies Record<keyof ClientToServerEvents, z.ZodMiniType>;

/** The payload schema of every event the server sends. */
export const SERVER_EVENT_SCHEMAS = {
  'request-refresh-token': noPayloadSchema,
  'game-result': gameResultSchema,
  'all-game-results': /* @__PURE__ */ z.array(gameResultSchema),
  'next-period-id': periodInfoSchema,
  'bets-committed': betsCommittedSchema,
  'current-bet-response': /* @__PURE__ */ z.array(betSchema),
  'balance-update': balanceUpdateSchema,
  'bet-message': betMessageSchema,
  'bet-result': betResultSchema,
  'bet-update': betSchema,
  exception: socketExceptionSchema,
  'session-limit': sessionLimitSchema,
  notice: accountNoticeSchema,
  'pending-payments': pendingPaymentsSchema,
} as const satisfies Record<keyof ServerToClientEvents, z.ZodMiniType>;

/** An event's payload type, as its listener receives it. */
export type ServerEventPayload<K extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[K]>[0];
export type ClientEventPayload<K extends keyof ClientToServerEvents> = Parameters<ClientToServerEvents[K]>[0];

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Listeners<Events> = { [K in keyof Events]: (...args: never[]) => void };
/** Events whose payload is ignored (they carry none). */
type NoPayload<Events extends Listeners<Events>> = {
  [K in keyof Events]: Parameters<Events[K]> extends [] ? K : never;
}[keyof Events];
type Mismatched<Events extends Listeners<Events>, Schemas extends Record<keyof Events, z.ZodMiniType>> = {
  [K in Exclude<keyof Events, NoPayload<Events>>]: Same<z.infer<Schemas[K]>, Parameters<Events[K]>[0]> extends true
    ? never
    : K;
}[Exclude<keyof Events, NoPayload<Events>>];
/**
 * Fails to compile when a schema and its event's type say different things. place-bet is checked on its own: its
 * betType is any text at the door (the intake refuses a wrong game with its own message).
 */
export const SocketSchemasMatch: [
  Mismatched<ServerToClientEvents, typeof SERVER_EVENT_SCHEMAS>,
  Exclude<Mismatched<ClientToServerEvents, typeof CLIENT_EVENT_SCHEMAS>, 'place-bet'>,
] extends [never, never]
  ? true
  : never = true;
/** place-bet's schema against its type: the same keys, each of the type's values accepted. */
export const PlaceBetSchemaMatches: Same<
  keyof z.infer<typeof placeBetPayloadSchema>,
  keyof PlaceBetPayload
> extends true
  ? PlaceBetPayload extends z.infer<typeof placeBetPayloadSchema>
    ? true
    : never
  : never = true;
