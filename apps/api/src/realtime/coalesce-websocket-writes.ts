import type { Server } from 'socket.io';

interface CorkableTransport {
  name?: string;
  socket?: { _socket?: { cork(): void; uncork(): void } };
  send(packets: unknown[]): void;
}

const PATCHED = Symbol('winround.coalescedWrites');

/**
 * When several packets wait for one websocket (a player's bet-message, balance-update and current-bet-response, or
 * a round's bet-results), engine.io's websocket transport sends them in a loop in which the `ws` sender writes each
 * frame with its own system call. Corking the TCP socket around that loop makes it one write. Measured on the
 * benchmark, `writev` was the api's largest cost. Applied once, to the transport class of the first websocket
 * connection; if engine.io ever changes shape the check below leaves it untouched.
 */
export function coalesceWebsocketWrites(server: Server): void {
  server.engine.on('connection', (socket: { transport?: CorkableTransport }) => {
    const transport = socket.transport;
    if (!transport || transport.name !== 'websocket') return;
    const prototype = Object.getPrototypeOf(transport) as CorkableTransport & { [PATCHED]?: boolean };
    if (prototype[PATCHED] || typeof prototype.send !== 'function') return;
    const send = prototype.send;
    prototype.send = function (this: CorkableTransport, packets: unknown[]) {
      const tcp = this.socket?._socket;
      if (!tcp || packets.length < 2) return send.call(this, packets);
      tcp.cork();
      try {
        send.call(this, packets);
      } finally {
        tcp.uncork();
      }
    };
    prototype[PATCHED] = true;
  });
}
