import type { PeriodTimes } from '@app/domain';
import type { Bet, GameKey, GameResult } from './bet.js';

/**
 * next-period-id: the period's times as the domain's period clock computes them (epoch milliseconds; duration in
 * seconds), the server's clock, and the hash of the seed that will draw the period (present once public: once the
 * period before it in the chain has been drawn). `lockTime` is when betting closes.
 */
export interface PeriodInfo extends Pick<PeriodTimes, 'periodId' | 'startTime' | 'duration'>, Partial<Pick<PeriodTimes, 'lockTime'>> {
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
}

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
  'current-bet-response': (bets: Bet[]) => void;
  'balance-update': (balance: BalanceUpdate) => void;
  'bet-message': (message: BetMessage) => void;
  'bet-result': (result: BetResult) => void;
  /** A bet changed outside a bet-message or bet-result (e.g. refunded): the history list merges it by _id. */
  'bet-update': (bet: Bet) => void;
  /** A rejected socket message (validation, rate limit, auth). */
  exception: (error: { status: 'error'; message: string }) => void;
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
] as const satisfies readonly (keyof ClientToServerEvents)[];
/** Fails to compile when ClientToServerEvents gains an event CLIENT_EVENTS does not list. */
export const CLIENT_EVENTS_COMPLETE: Exclude<keyof ClientToServerEvents, (typeof CLIENT_EVENTS)[number]> extends never ? true : never = true;

/** Most live sockets one player holds at once, across every api node: a new one closes the player's oldest. */
export const MAX_SOCKETS_PER_PLAYER = 5;
/**
 * The `exception` a socket gets just before it is closed because its player opened a newer one past the limit.
 * The client does not reconnect it by itself (that would close the next oldest, and so on).
 */
export const SOCKET_REPLACED_MESSAGE = 'You are connected in too many places, so this older connection was closed.';
