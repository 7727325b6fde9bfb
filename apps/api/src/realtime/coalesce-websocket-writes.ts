import type { Server } from 'socket.io';

interface CorkableTransport {
  name?: string;
  writable?: boolean;
  socket?: { _socket?: { cork(): void; uncork(): void; writableCorked?: number } };
  send(packets: unknown[]): void;
}

const PATCHED = Symbol('winround.coalescedWrites');

/**
 * When several packets wait for one websocket (a player's bet-message and balance-update, or
 * a round's bet-results), engine.io's websocket transport sends them in a loop in which the `ws` sender writes each
 * frame with its own system call. Corking the TCP socket around that loop makes it one write. Measured on the
 * benchmark, `writev` was the api's largest cost.
 *
 * And while the caller keeps the TCP socket corked (socket delivery writing a slice of messages), the transport
 * stays writable after a send: engine.io would otherwise hold every further packet for this socket until the first
 * write completed (after the uncork) and send them in a second write. Written into the corked socket at once, a
 * player's results and balance, or a round's result and the next period's announcement, leave in one write when the
 * caller uncorks (the write callbacks then complete each send in order, as before).
 *
 * Applied once, to the transport class of the first websocket connection; if engine.io ever changes shape the
 * check below leaves it untouched.
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
      const corkedByCaller = (tcp?.writableCorked ?? 0) > 0;
      if (!tcp || (packets.length < 2 && !corkedByCaller)) return send.call(this, packets);
      tcp.cork();
      try {
        send.call(this, packets);
      } finally {
        tcp.uncork();
      }
      if (corkedByCaller) this.writable = true;
    };
    prototype[PATCHED] = true;
  });
}
