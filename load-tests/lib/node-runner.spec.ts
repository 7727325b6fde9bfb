import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { connectPlayers, closeAll } from './node-runner.mjs';

/** Write system calls this process has made so far (/proc/self/io). */
const writeCalls = () => Number(/^syscw:\s*(\d+)$/m.exec(readFileSync('/proc/self/io', 'utf8'))![1]);

/**
 * A server speaking just enough Engine.IO/Socket.IO for a player to connect, announcing periods on demand; it keeps
 * the TCP chunks each socket receives.
 */
async function fakeServer() {
  const http: Server = createServer();
  const wss = new WebSocketServer({ server: http });
  const sockets: Array<{ ws: WebSocket; chunks: Buffer[]; frames: string[] }> = [];
  wss.on('connection', (ws, req) => {
    const entry = { ws, chunks: [] as Buffer[], frames: [] as string[] };
    sockets.push(entry);
    req.socket.on('data', (chunk: Buffer) => entry.chunks.push(chunk));
    ws.on('message', (data) => {
      const text = data.toString();
      entry.frames.push(text);
      if (text.startsWith('40')) ws.send('40{"sid":"x"}');
    });
    ws.send('0{"sid":"e","upgrades":[],"pingInterval":25000,"pingTimeout":20000,"maxPayload":1000000}');
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const announce = (periodId: string) =>
    `42${JSON.stringify(['next-period-id', { periodId, startTime: Date.now(), duration: 30, lockTime: Date.now() + 25_000, serverTime: Date.now() }])}`;
  const close = () => new Promise<void>((resolve) => (wss.close(), http.close(() => resolve())));
  return { url, sockets, announce, close };
}

describe('load generator: the Node runner', () => {
  it("writes what a player sends in one turn (the new period's two requests) in one system call", async () => {
    const server = await fakeServer();
    const clients = await connectPlayers({
      url: server.url,
      apiKey: 'k',
      players: [{ id: 'p', token: 't' }],
      observe: () => {},
    });
    expect(clients).toHaveLength(1);
    const { player } = clients[0]!;
    const socket = server.sockets[0]!;
    // The period the player starts on, then a new one: that one makes it ask for its balance and the period's bets.
    player.receive(server.announce('20261130100'));
    await new Promise((r) => setTimeout(r, 50));
    const before = writeCalls();
    const chunksBefore = socket.chunks.length;
    player.receive(server.announce('20261130101'));
    await new Promise((r) => setImmediate(r));
    const written = writeCalls() - before;
    await new Promise((r) => setTimeout(r, 50));
    expect(socket.frames.slice(-2)).toEqual(['42["get-balance"]', '42["get-current-bet"]']);
    // One write for both frames (the server's side reads nothing in between), and they arrive in one TCP chunk.
    expect(written).toBe(1);
    expect(socket.chunks.length - chunksBefore).toBe(1);
    closeAll(clients);
    await server.close();
  });
});
