/**
 * Socket.IO events written straight into the websocket's TCP connection, as the frames engine.io and `ws` would write
 * for them: a text frame (FIN, opcode 1, unmasked from the server) whose payload is the Engine.IO message packet `4`
 * carrying the Socket.IO event packet `2["event",data]` of the default namespace. One frame is built per message and
 * written to every socket that gets it (a broadcast to thousands of sockets is one Buffer written to each), instead of
 * passing each message through Socket.IO's and engine.io's per-socket packet machinery.
 */

import type { ServerToClientEvents } from '@app/contracts';
import type { WireMessage } from '@app/realtime';

/** What a Socket.IO server socket exposes underneath (engine.io connection, its transport, the `ws` socket). */
interface ServerSocketInternals {
  conn?: {
    readyState?: string;
    writeBuffer?: unknown[];
    transport?: {
      name?: string;
      socket?: {
        readyState?: number;
        _sender?: { _queue?: unknown[] };
        _socket?: DirectConnection;
      };
    };
  };
}

/** The TCP connection a frame is written to. */
export interface DirectConnection {
  writable: boolean;
  destroyed: boolean;
  write(frame: Buffer): boolean;
  cork(): void;
  uncork(): void;
}

const WS_OPEN = 1;

/**
 * The TCP connection of a socket, when a frame may be written to it directly now: websocket transport, open, and
 * nothing waiting in engine.io's or `ws`'s own queues (everything emitted before is in the TCP connection already, so
 * a frame written now comes after it). Undefined otherwise: the caller then emits through Socket.IO as usual, and
 * keeps doing so for that socket until its queue is empty again, so frames never overtake each other.
 */
export function directConnection(socket: unknown): DirectConnection | undefined {
  const conn = (socket as ServerSocketInternals).conn;
  if (!conn || conn.readyState !== 'open' || (conn.writeBuffer?.length ?? 0) > 0) return undefined;
  const transport = conn.transport;
  if (transport?.name !== 'websocket') return undefined;
  const ws = transport.socket;
  if (!ws || ws.readyState !== WS_OPEN || (ws._sender?._queue?.length ?? 0) > 0) return undefined;
  const tcp = ws._socket;
  if (!tcp || !tcp.writable || tcp.destroyed) return undefined;
  return tcp;
}

/** The websocket text frame of a Socket.IO event of the default namespace. */
export function eventFrame(event: string, data: unknown): Buffer {
  return textFrame(`42${JSON.stringify(data === undefined ? [event] : [event, data])}`);
}

/** One unmasked, unfragmented websocket text frame carrying `payload`. */
export function textFrame(payload: string): Buffer {
  const length = Buffer.byteLength(payload);
  const { frame, offset } = frameFor(length);
  frame.write(payload, offset, 'utf8');
  return frame;
}

/**
 * The frame of a message from the events streams, `42["event",data]`. A message read from an entry's bytes has its
 * data's JSON copied in as those bytes (never decoded into text nor encoded back).
 */
export function messageFrame(message: WireMessage): Buffer {
  const data = message.jsonBytes;
  if (!data) return textFrame(`4${message.packet}`);
  const head = `42[${JSON.stringify(message.event)},`;
  const headLength = Buffer.byteLength(head);
  const { frame, offset } = frameFor(headLength + data.length + 1);
  frame.write(head, offset, 'utf8');
  data.copy(frame, offset + headLength);
  frame[frame.length - 1] = 0x5d; // ]
  return frame;
}

/** A frame for a payload of `length` bytes, its header written: the payload goes from `offset` to the end. */
function frameFor(length: number): { frame: Buffer; offset: number } {
  const offset = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(offset + length);
  frame[0] = 0x81;
  if (length < 126) {
    frame[1] = length;
  } else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeUInt32BE(Math.floor(length / 2 ** 32), 2);
    frame.writeUInt32BE(length % 2 ** 32, 6);
  }
  return { frame, offset };
}

/** TCP connections corked for the answers written in this turn (`answerInTurn`), uncorked together after it. */
const corkedThisTurn = new Set<DirectConnection>();

function uncorkTurn(): void {
  for (const tcp of corkedThisTurn) tcp.uncork();
  corkedThisTurn.clear();
}

/**
 * Answers a socket's request with an event: its frame written straight into the socket's TCP connection (no
 * per-socket Socket.IO packet), which stays corked until the current turn's callbacks and promise jobs have run, so
 * the answers one socket gets in a turn (a game screen's balance and bets, asked for together when a period opens)
 * leave in one write. A socket that cannot take a frame directly right now (another transport, packets queued in
 * engine.io) gets it through Socket.IO, in order.
 */
export function answerInTurn<E extends keyof ServerToClientEvents>(
  socket: object,
  event: E,
  data: Parameters<ServerToClientEvents[E]>[0],
): void {
  const direct = directConnection(socket);
  if (!direct) {
    (socket as { emit(event: string, data: unknown): unknown }).emit(event, data);
    return;
  }
  if (!corkedThisTurn.has(direct)) {
    if (corkedThisTurn.size === 0) process.nextTick(uncorkTurn);
    direct.cork();
    corkedThisTurn.add(direct);
  }
  direct.write(eventFrame(event, data));
}
