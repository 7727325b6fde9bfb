// Drives the load-test players (lib/player.js, the same code the k6 script uses) from Node over `ws`.
import WebSocket from 'ws';
import { createPlayer } from './player.js';
import { socketUrl } from './socketio.js';

/**
 * Connects every player (at most `concurrency` handshakes at a time). Resolves with the connected clients:
 * [{ player, ws }].
 */
export async function connectPlayers({
  url,
  urls = [url],
  apiKey,
  players,
  observe,
  concurrency = 200,
  timeoutMs = 20_000,
  requestSpreadMs = 0,
}) {
  const targets = urls.map((u) => socketUrl(u));
  let connectionCount = 0;
  const clients = [];
  let next = 0;
  const connectOne = (info) =>
    new Promise((resolve) => {
      // Spread players over the api nodes, as a load balancer would.
      // The server's frames are trusted here: no UTF-8 validation of each one (generator CPU goes to what it measures).
      const ws = new WebSocket(targets[connectionCount++ % targets.length], {
        perMessageDeflate: false,
        skipUTF8Validation: true,
      });
      let settled = false;
      let corked = false;
      const uncork = () => {
        corked = false;
        ws._socket?.uncork();
      };
      const done = (ok) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(ok ? { player, ws, info } : null);
      };
      const player = createPlayer({
        token: info.token,
        apiKey,
        requestSpreadMs,
        send: (text) => {
          if (ws.readyState !== WebSocket.OPEN) return;
          // What a player sends in one turn (the balance and bets asked for together when a period opens) leaves in
          // one TCP write, as a browser's network stack writes frames queued together: one system call, not one per frame.
          if (!corked) {
            corked = true;
            ws._socket.cork();
            process.nextTick(uncork);
          }
          ws.send(text);
        },
        observe: (kind, value) => {
          if (kind === 'connected') done(true);
          if (kind === 'connect_error') done(false);
          observe(kind, value, info);
        },
      });
      ws.on('message', (data) => player.receive(data.toString()));
      ws.on('error', () => done(false));
      ws.on('close', () => {
        player.connected = false;
        done(false);
      });
      const timer = setTimeout(() => done(false), timeoutMs);
    });
  await Promise.all(
    Array.from({ length: Math.min(concurrency, players.length) }, async () => {
      while (next < players.length) {
        const client = await connectOne(players[next++]);
        if (client) clients.push(client);
      }
    }),
  );
  return clients;
}

export function closeAll(clients) {
  for (const { ws } of clients) ws.terminate();
}
