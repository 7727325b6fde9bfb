import { SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents, type SocketAuth } from '@app/contracts';
import { io, type Socket } from 'socket.io-client';
import { clientApiKey } from '../../shared/api';

export type ServerEventName = keyof ServerToClientEvents;
export type ClientEventName = keyof ClientToServerEvents;

/** The server events the client listens to (SPEC 7 plus bet-update and exception). */
export const SERVER_EVENTS = [
  'request-refresh-token',
  'next-period-id',
  'all-game-results',
  'game-result',
  'balance-update',
  'current-bet-response',
  'bet-message',
  'bet-result',
  'bet-update',
  'exception',
  'session-limit',
  'notice',
  'pending-payments',
] as const satisfies readonly ServerEventName[];

/** Reconnection as SPEC 7 sets it: 1 s to 5 s between attempts, no limit, 20 s connection timeout. */
export const RECONNECTION = { delayMs: 1_000, delayMaxMs: 5_000, timeoutMs: 20_000 } as const;

type Listener = (...args: never[]) => void;

/**
 * The part of a Socket.IO client socket the app uses. The browser gets a real one; tests hand in a fake with the
 * same surface and drive it from the server's side.
 */
export interface LiveSocket {
  readonly id: string | undefined;
  readonly connected: boolean;
  /** False once the server refused the handshake or after disconnect(): no automatic reconnection follows. */
  readonly active: boolean;
  on(event: string, listener: Listener): unknown;
  off(event: string, listener: Listener): unknown;
  emit<E extends ClientEventName>(event: E, ...args: Parameters<ClientToServerEvents[E]>): unknown;
  connect(): unknown;
  disconnect(): unknown;
}

/** `token` is read at every handshake, so a reconnection presents the freshest access token. */
export type SocketFactory = (token: () => string | null) => LiveSocket;

/** The live connection to the api node that served the page: websocket only, cookies, the API key and the token. */
export const createBrowserSocket: SocketFactory = (token) => {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(window.location.origin, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    withCredentials: true,
    // The saga subscribes to every event first and then connects.
    autoConnect: false,
    auth: (cb) => cb({ apiKey: clientApiKey(), token: token() ?? '' } satisfies SocketAuth),
    reconnection: true,
    reconnectionDelay: RECONNECTION.delayMs,
    reconnectionDelayMax: RECONNECTION.delayMaxMs,
    reconnectionAttempts: Infinity,
    timeout: RECONNECTION.timeoutMs,
  });
  return socket as unknown as LiveSocket;
};

/** A socket that never reaches a server. */
export const createOfflineSocket: SocketFactory = () => ({
  id: undefined,
  connected: false,
  active: false,
  on: () => undefined,
  off: () => undefined,
  emit: () => undefined,
  connect: () => undefined,
  disconnect: () => undefined,
});

/**
 * The factory a store gets when it is not given one. Component tests render the whole app in jsdom; there the app
 * must never dial whatever happens to listen on the test origin, so it stays offline unless a test hands in a fake.
 */
export function defaultSocketFactory(): SocketFactory {
  return import.meta.env.MODE === 'test' ? createOfflineSocket : createBrowserSocket;
}
