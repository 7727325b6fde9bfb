import type { ClientToServerEvents, ServerEventPayload } from '@app/contracts';
import { BET_OUTCOMES_MAX_IDS, SERVER_EVENT_SCHEMAS, SOCKET_REPLACED_MESSAGE } from '@app/contracts';
import { eventChannel, type EventChannel, type Task } from 'redux-saga';
import { call, cancel, delay, fork, getContext, put, select, take } from 'redux-saga/effects';
import type { RootState } from '../../shared/store-types';
import { ApiError, errorMessage, type ApiClient } from '../../shared/api';
import { ERROR_DEFAULTS } from '../../shared/constants';
import { signOutCleanup } from '../auth/auth.saga';
import { socketIdChanged } from '../auth/auth.slice';
import { balanceUpdated, walletRequested } from '../wallet/wallet.slice';
import { sessionLimitReached } from '../play-safely/play-safely.slice';
import { toastShown } from '../toasts/toasts.slice';
import { noticeToast } from '../toasts/notice-texts';
import { betFromWire, betMessageFromWire, betResultFromWire } from '../../shared/records';
import { refreshAccessToken } from './api';
import {
  betMessageReceived,
  betResultReceived,
  betUpdated,
  currentBetsListed,
  liveRequested,
  OFFLINE_BET_MESSAGE,
  pendingPaymentsPushed,
  periodAnnounced,
  resultDrawn,
  resultsListed,
  serverException,
} from './live-events';
import { RECONNECTION, type LiveSocket, type ServerEventName, type SocketFactory } from './live-socket';
import { liveSocketChannel, type LiveMessage } from './socket-channel';
import { socketClosed, socketConnected, socketConnectError, socketDisconnected, socketOpening } from './socket.slice';

/** What the client asks for as soon as it is connected (and again after every reconnection). */
export const CONNECT_REQUESTS = [
  'send-period-id-current',
  'get-all-game-results',
  'get-balance',
  'get-current-bet',
] as const satisfies readonly (keyof ClientToServerEvents)[];

/** What a new period asks for. */
export const NEW_PERIOD_REQUESTS = [
  'get-balance',
  'get-current-bet',
] as const satisfies readonly (keyof ClientToServerEvents)[];

/** The signed-in player the live connection belongs to, or null. */
const selectLiveUserId = (state: RootState) => (state.auth.isAuthenticated ? (state.auth.user?.id ?? null) : null);

/** Per-connection bookkeeping of the saga (never in the store). */
interface LinkState {
  /** Connected, and the answer to send-period-id-current has not arrived yet. */
  awaitingPeriodAnswer: boolean;
  /** Refused handshakes in a row, for the back-off. */
  refusals: number;
  /** The server said it closes this connection because the player opened a newer one past the limit. */
  replaced: boolean;
  retry: Task | null;
  /** Commands sent and not answered yet: asked for again (get-bet-outcomes) after every reconnection. */
  inFlight: Set<string>;
  /** Bets placed whose result has not arrived yet: their results are asked for after every reconnection. */
  unresolved: Set<string>;
  /** Command ids answered and bet ids resulted already: a repeated answer or result is not shown twice. */
  answered: Set<string>;
  resulted: Set<string>;
  /** Account notices shown already (kind and transaction id): one sent again by the outbox relay is not shown twice. */
  noticed: Set<string>;
}

/** Answers and results remembered for de-duplication (a few rounds' worth). */
const REMEMBERED = 256;

function remember(set: Set<string>, id: string): boolean {
  if (set.has(id)) return false;
  set.add(id);
  if (set.size > REMEMBERED) set.delete(set.values().next().value!);
  return true;
}

/** What to ask for after a (re)connection: the answers and results that may have been lost while away. */
export function outcomesToAsk(
  link: Pick<LinkState, 'inFlight' | 'unresolved'>,
): { commandIds: string[]; betIds: string[] } | null {
  if (link.inFlight.size === 0 && link.unresolved.size === 0) return null;
  return {
    commandIds: [...link.inFlight].slice(-BET_OUTCOMES_MAX_IDS),
    betIds: [...link.unresolved].slice(-BET_OUTCOMES_MAX_IDS),
  };
}

/** A server event whose payload matched its schema (libs/contracts/src/socket.ts). */
type ServerEvent = { [K in ServerEventName]: { name: K; payload: ServerEventPayload<K> } }[ServerEventName];

/** The event with its payload checked against its schema; null (and logged) when it does not match: it is dropped. */
export function parseServerEvent(name: ServerEventName, payload: unknown): ServerEvent | null {
  const parsed = SERVER_EVENT_SCHEMAS[name].safeParse(payload);
  if (parsed.success) return { name, payload: parsed.data } as ServerEvent; // the schemas match the types (SocketSchemasMatch)
  console.warn('Live event dropped: its payload does not match its schema', name, parsed.error.issues);
  return null;
}

/**
 * One live connection per signed-in session (CONVENTIONS): opened when a player signs in, closed when they sign
 * out or another player signs in. The socket lives only inside this saga.
 */
export function* watchLiveSocket() {
  while (true) {
    let userId: string | null = yield select(selectLiveUserId);
    while (userId === null) {
      yield take('*');
      userId = yield select(selectLiveUserId);
    }
    const task: Task = yield fork(runLiveSocket);
    let current: string | null = userId;
    while (current === userId) {
      yield take('*');
      current = yield select(selectLiveUserId);
    }
    yield cancel(task);
  }
}

/** Opens the socket, routes its messages into the store and the store's requests onto it, until cancelled. */
export function* runLiveSocket() {
  const factory: SocketFactory = yield getContext('socketFactory');
  const api: ApiClient = yield getContext('api');
  // The handshake reads the token each time, so a reconnection presents the freshest one.
  const socket = factory(() => api.tokens.get());
  const channel: EventChannel<LiveMessage> = yield call(liveSocketChannel, socket);
  const link: LinkState = {
    awaitingPeriodAnswer: false,
    refusals: 0,
    replaced: false,
    retry: null,
    inFlight: new Set(),
    unresolved: new Set(),
    answered: new Set(),
    resulted: new Set(),
    noticed: new Set(),
  };
  yield put(socketOpening());
  yield fork(sendRequests, socket, link);
  yield fork(followBrowserNetwork, socket);
  socket.connect();
  try {
    while (true) {
      const message: LiveMessage = yield take(channel);
      try {
        yield call(handleLiveMessage, socket, message, link);
      } catch (error) {
        // A malformed message must not take the connection down with it.
        console.error('Live message not handled', message.kind === 'event' ? message.name : message.kind, error);
      }
    }
  } finally {
    channel.close();
    socket.disconnect();
    yield put(socketIdChanged(null));
    yield put(socketClosed());
  }
}

function* handleLiveMessage(socket: LiveSocket, message: LiveMessage, link: LinkState) {
  switch (message.kind) {
    case 'connect':
      link.refusals = 0;
      link.replaced = false;
      link.awaitingPeriodAnswer = true;
      yield put(socketConnected());
      yield put(socketIdChanged(socket.id ?? null));
      for (const event of CONNECT_REQUESTS) socket.emit(event);
      {
        // Possibly a reconnection, to any api node: answers and results sent while away are asked for again.
        const ask = outcomesToAsk(link);
        if (ask) socket.emit('get-bet-outcomes', ask);
      }
      return;
    case 'disconnect':
      yield put(socketDisconnected(message.reason));
      yield put(socketIdChanged(null));
      // The server closed it on purpose (e.g. the session changed): Socket.IO will not come back by itself. Not
      // when a newer connection of the player replaced it: coming back would close the next oldest, and so on.
      if (message.reason === 'io server disconnect' && !link.replaced) yield call(scheduleReconnect, socket, link);
      return;
    case 'connect_error':
      yield put(socketConnectError(message.message));
      // A refused handshake (not a network failure) is not retried by Socket.IO: refresh the token and retry.
      if (!socket.active) yield call(scheduleReconnect, socket, link);
      return;
    case 'event': {
      const event = parseServerEvent(message.name, message.payload);
      if (event) yield call(routeServerEvent, socket, event, link);
    }
  }
}

function* routeServerEvent(socket: LiveSocket, event: ServerEvent, link: LinkState) {
  switch (event.name) {
    case 'request-refresh-token':
      yield fork(answerTokenRequest, socket);
      return;
    case 'next-period-id': {
      yield put(periodAnnounced({ ...event.payload, receivedAt: Date.now() }));
      if (link.awaitingPeriodAnswer) {
        // The connect requests already asked for the balance and the bets.
        link.awaitingPeriodAnswer = false;
      } else {
        for (const request of NEW_PERIOD_REQUESTS) socket.emit(request);
      }
      return;
    }
    case 'all-game-results':
      yield put(resultsListed(event.payload));
      return;
    case 'game-result':
      yield put(resultDrawn(event.payload));
      return;
    case 'balance-update':
      yield put(balanceUpdated(event.payload));
      return;
    case 'current-bet-response':
      // The period's pending bets (also after a reload): their results are awaited like those placed here.
      for (const item of event.payload) {
        if (item.status === 'PENDING' && !link.resulted.has(item._id)) link.unresolved.add(item._id);
      }
      yield put(currentBetsListed(event.payload.map((item) => betFromWire(item))));
      return;
    // bet-message (placed) and bet-result (settled) carry the bet itself: it is merged like a bet-update.
    case 'bet-message': {
      const payload = event.payload;
      // One answer per command: a repeat (asked again after a reconnection) is not shown twice.
      if (payload.commandId !== undefined) {
        if (!remember(link.answered, payload.commandId)) return;
        link.inFlight.delete(payload.commandId);
      }
      yield put(betMessageReceived(betMessageFromWire(payload)));
      if (payload.success && payload.bet) {
        const placed = payload.bet;
        if (!link.resulted.has(placed._id) && placed.status === 'PENDING') link.unresolved.add(placed._id);
        yield put(betUpdated(betFromWire(placed)));
      }
      return;
    }
    case 'bet-result': {
      const payload = event.payload;
      const betId = payload.betId ?? payload.bet?._id ?? null;
      if (betId) {
        // One result per bet, whichever node sent it and however often.
        if (!remember(link.resulted, betId)) return;
        link.unresolved.delete(betId);
      }
      yield put(betResultReceived(betResultFromWire(payload)));
      if (payload.bet) yield put(betUpdated(betFromWire(payload.bet)));
      return;
    }
    case 'bet-update':
      if (event.payload.status !== 'PENDING') link.unresolved.delete(event.payload._id);
      yield put(betUpdated(betFromWire(event.payload)));
      return;
    case 'session-limit':
      // The session reached the player's session time limit: the server ends it and closes this socket next.
      yield put(sessionLimitReached({ message: event.payload.message, pausedUntil: event.payload.pausedUntil }));
      return;
    case 'notice': {
      // A payment reviewed or a referral bonus credited: told once, wherever the player is, and the wallet reloads
      // (its balance, flags and the transaction's new status).
      const notice = event.payload;
      if (!remember(link.noticed, `${notice.kind}:${notice.transactionId}`)) return;
      yield put(toastShown(noticeToast(notice)));
      yield put(walletRequested());
      return;
    }
    case 'pending-payments':
      // Only an administrator's socket is told: the console's Payment tab badge follows it.
      yield put(pendingPaymentsPushed(event.payload));
      return;
    case 'exception': {
      const text = event.payload.message;
      if (text === SOCKET_REPLACED_MESSAGE) link.replaced = true;
      yield put(serverException(text));
      yield put(toastShown({ kind: 'error', message: text }));
      return;
    }
  }
}

/**
 * The server asks for a fresh token (the access token is about to expire): refresh it over HTTP, then tell the
 * server with new-token. A rejected refresh ends the session (SPEC 2: refresh rejection signs out).
 */
export function* answerTokenRequest(socket: LiveSocket) {
  const api: ApiClient = yield getContext('api');
  try {
    const token: string = yield call(refreshAccessToken, api);
    socket.emit('new-token', { token });
  } catch (error) {
    if (error instanceof ApiError && !error.isTransient) {
      yield call(signOutCleanup, errorMessage(error, ERROR_DEFAULTS.refresh));
    }
  }
}

/** Back-off between refused handshakes: 1 s, 2 s, 4 s, then 5 s. */
export function reconnectDelayMs(refusals: number): number {
  return Math.min(RECONNECTION.delayMs * 2 ** Math.max(0, refusals - 1), RECONNECTION.delayMaxMs);
}

function* scheduleReconnect(socket: LiveSocket, link: LinkState) {
  if (link.retry?.isRunning()) return;
  link.refusals += 1;
  link.retry = yield fork(reconnectAfterRefresh, socket, reconnectDelayMs(link.refusals));
}

/** Waits, refreshes the access token (an expired one is the usual reason for a refusal), then connects again. */
function* reconnectAfterRefresh(socket: LiveSocket, waitMs: number) {
  yield delay(waitMs);
  const api: ApiClient = yield getContext('api');
  try {
    yield call(refreshAccessToken, api);
  } catch (error) {
    if (error instanceof ApiError && !error.isTransient) {
      yield call(signOutCleanup, errorMessage(error, ERROR_DEFAULTS.refresh));
      return;
    }
  }
  if (!socket.connected) socket.connect();
}

/** The browser's own word on its network: its 'offline' and 'online' events. */
function browserNetworkChannel(): EventChannel<'offline' | 'online'> {
  return eventChannel((emit) => {
    if (typeof window === 'undefined') return () => undefined;
    const offline = () => emit('offline');
    const online = () => emit('online');
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  });
}

/**
 * The socket learns of a lost network only from its heartbeat (up to ~45 s; 26 s were seen). The browser knows at
 * once: on its 'offline' the socket is closed (the screen says the connection is lost and the bet panel disables at
 * once), and on 'online' it connects again, asking for everything it may have missed.
 */
function* followBrowserNetwork(socket: LiveSocket) {
  const channel: EventChannel<'offline' | 'online'> = yield call(browserNetworkChannel);
  let closedForOffline = false;
  try {
    while (true) {
      const change: 'offline' | 'online' = yield take(channel);
      if (change === 'offline' && (socket.connected || socket.active)) {
        closedForOffline = true;
        socket.disconnect();
      } else if (change === 'online' && closedForOffline) {
        closedForOffline = false;
        socket.connect();
      }
    }
  } finally {
    channel.close();
  }
}

/** The browser says it has no network (navigator.onLine false). */
export function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * Sends what the store asks for. Nothing is queued while offline: the connect requests fetch everything again, and
 * a bet must never go out late, so it is answered locally as not sent.
 */
function* sendRequests(socket: LiveSocket, link: LinkState) {
  while (true) {
    const { payload: request }: ReturnType<typeof liveRequested> = yield take(liveRequested);
    // The browser knowing it is offline counts too: a socket not yet told its connection is gone would hold the
    // bet in its buffers and deliver it on reconnection.
    if (socket.connected && !browserOffline()) {
      // Sent and not answered yet: asked for again after a reconnection, until its answer arrives.
      if (request.event === 'place-bet' && request.payload.commandId) link.inFlight.add(request.payload.commandId);
      const emit = socket.emit as (event: string, ...args: unknown[]) => unknown;
      if ('payload' in request) emit.call(socket, request.event, request.payload);
      else emit.call(socket, request.event);
    } else if (request.event === 'place-bet') {
      yield put(
        betMessageReceived({
          success: false,
          message: OFFLINE_BET_MESSAGE,
          periodId: request.payload.periodId,
          betType: request.payload.betType,
          ...(request.payload.commandId ? { commandId: request.payload.commandId } : {}),
        }),
      );
    }
  }
}
