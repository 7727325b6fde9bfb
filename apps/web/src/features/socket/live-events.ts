import type { ClientToServerEvents, GameResult, PendingPaymentCounts, PeriodInfo } from '@app/contracts';
import { createAction } from '@reduxjs/toolkit';
import type { PlayerBet, PlayerBetMessage, PlayerBetResult } from '../../shared/records';

/**
 * The server's live events as store actions. The socket saga turns each Socket.IO message into one of these; the
 * game, bets and wallet slices react to them. Nothing here knows about the socket itself. Money in the bets,
 * bet-messages and bet-results is integer paise (converted by the socket saga, `shared/records.ts`).
 */

/** next-period-id, stamped with the local time it arrived (for the clock offset). */
export interface PeriodAnnouncement extends PeriodInfo {
  receivedAt: number;
}

export const periodAnnounced = createAction<PeriodAnnouncement>('live/nextPeriodId');
export const resultsListed = createAction<GameResult[]>('live/allGameResults');
export const resultDrawn = createAction<GameResult>('live/gameResult');
export const currentBetsListed = createAction<PlayerBet[]>('live/currentBetResponse');
export const betMessageReceived = createAction<PlayerBetMessage>('live/betMessage');
export const betResultReceived = createAction<PlayerBetResult>('live/betResult');
export const betUpdated = createAction<PlayerBet>('live/betUpdate');
export const serverException = createAction<string>('live/exception');
/** Administrators only: how many deposits and withdrawals wait for a review (the console's Payment tab badge). */
export const pendingPaymentsPushed = createAction<PendingPaymentCounts>('live/pendingPayments');

/** Something to send to the server over the live connection. */
export type LiveRequest = {
  [E in keyof ClientToServerEvents]: Parameters<ClientToServerEvents[E]> extends []
    ? { event: E }
    : { event: E; payload: Parameters<ClientToServerEvents[E]>[0] };
}[keyof ClientToServerEvents];

export const liveRequested = createAction<LiveRequest>('live/send');

/** Said when a bet cannot go out because the live connection is down. */
/** The bet panel's reason while the live connection is down (its Confirm Bet is disabled). */
export const OFFLINE_PANEL_REASON = 'You are offline. Betting resumes when the connection is back.';
export const OFFLINE_BET_MESSAGE = 'You are offline. Your bet was not sent; please try again when reconnected.';
