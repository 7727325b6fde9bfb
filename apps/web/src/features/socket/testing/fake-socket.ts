import type { ClientToServerEvents, ServerToClientEvents } from '@app/contracts';
import type { ClientEventName, LiveSocket, SocketFactory } from '../live-socket';

type Listener = (...args: never[]) => void;

export interface SentMessage {
  event: ClientEventName;
  payload: unknown;
}

/**
 * A stand-in for a Socket.IO client socket with the same surface as LiveSocket, driven from the server's side:
 * accept or refuse the handshake, drop the connection, push server events, and read what the client sent.
 */
export class FakeSocket implements LiveSocket {
  id: string | undefined = undefined;
  connected = false;
  active = false;
  connectCalls = 0;
  disconnectCalls = 0;
  readonly sent: SentMessage[] = [];
  private readonly listeners = new Map<string, Set<Listener>>();

  /** The handshake token reader the client handed in. */
  constructor(readonly readToken: () => string | null) {}

  on(event: string, listener: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
    return this;
  }

  off(event: string, listener: Listener) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  emit<E extends ClientEventName>(event: E, ...args: Parameters<ClientToServerEvents[E]>) {
    this.sent.push({ event, payload: args[0] });
    return this;
  }

  connect() {
    this.connectCalls += 1;
    this.active = true;
    return this;
  }

  disconnect() {
    this.disconnectCalls += 1;
    this.active = false;
    const wasConnected = this.connected;
    this.connected = false;
    if (wasConnected) this.fire('disconnect', 'io client disconnect');
    return this;
  }

  listenerCount(): number {
    let count = 0;
    for (const set of this.listeners.values()) count += set.size;
    return count;
  }

  // ── the server's side ─────────────────────────────────────────────────────────────────────────────────
  /** The handshake succeeds (also used for a reconnection). */
  accept(id = 'socket-1') {
    this.id = id;
    this.connected = true;
    this.active = true;
    this.fire('connect');
  }

  /** The server's middleware refuses the handshake: Socket.IO will not retry by itself. */
  refuse(message: string) {
    this.connected = false;
    this.active = false;
    this.fire('connect_error', new Error(message));
  }

  /** The network fails while connecting: Socket.IO keeps retrying by itself. */
  failToReach(message = 'websocket error') {
    this.connected = false;
    this.fire('connect_error', new Error(message));
  }

  /** The connection drops. 'io server disconnect' means the server closed it on purpose. */
  drop(reason = 'transport close') {
    this.connected = false;
    this.id = undefined;
    if (reason === 'io server disconnect') this.active = false;
    this.fire('disconnect', reason);
  }

  push<E extends keyof ServerToClientEvents>(event: E, ...args: Parameters<ServerToClientEvents[E]>) {
    this.fire(event, ...args);
  }

  /** Names of what the client sent, in order. */
  sentEvents(): string[] {
    return this.sent.map((m) => m.event);
  }

  clearSent() {
    this.sent.length = 0;
  }

  private fire(event: string, ...args: unknown[]) {
    for (const listener of [...(this.listeners.get(event) ?? [])]) (listener as (...a: unknown[]) => void)(...args);
  }
}

/** A socket factory that records every socket it made. */
export function fakeSocketFactory() {
  const sockets: FakeSocket[] = [];
  const factory: SocketFactory = (token) => {
    const socket = new FakeSocket(token);
    sockets.push(socket);
    return socket;
  };
  return {
    factory,
    sockets,
    /** The socket made last. */
    get socket(): FakeSocket {
      const last = sockets[sockets.length - 1];
      if (!last) throw new Error('No socket was opened');
      return last;
    },
  };
}
