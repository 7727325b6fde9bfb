// k6 load test for SREs: each virtual user is one signed-in player on the live connection, betting once per
// game per round at random inside the betting window. The protocol and player logic are the same modules the
// Node benchmark drives (load-tests/lib), so they are tested in this repository.
//
//   node load-tests/seed-players.mjs --count 5000 --out players.json   # against a TEST deployment's database
//   k6 run -e BASE_URL=https://staging.example -e API_KEY=... -e PLAYERS=players.json load-tests/k6/bets.js
import ws from 'k6/ws';
import { check } from 'k6';
import { SharedArray } from 'k6/data';
import { Counter, Rate, Trend } from 'k6/metrics';
import { createPlayer } from '../lib/player.js';
import { socketUrl } from '../lib/socketio.js';

const players = new SharedArray('players', () => JSON.parse(open(__ENV.PLAYERS || 'players.json')));
const BASE_URL = __ENV.BASE_URL || 'http://127.0.0.1:3000';
const API_KEY = __ENV.API_KEY || 'dev-api-key';
const SESSION_SECONDS = Number(__ENV.SESSION_SECONDS || 120);

const betLatency = new Trend('bet_latency_ms', true);
const connectLatency = new Trend('socket_connect_ms', true);
const betsAccepted = new Counter('bets_accepted');
const betsRejected = new Counter('bets_rejected');
const betResults = new Counter('bet_results');
const connectErrors = new Rate('socket_connect_errors');

export const options = {
  scenarios: {
    players: { executor: 'per-vu-iterations', vus: Number(__ENV.VUS || Math.min(players.length, 1000)), iterations: 1, maxDuration: `${SESSION_SECONDS + 60}s` },
  },
  thresholds: {
    bet_latency_ms: ['p(99)<100'],
    socket_connect_errors: ['rate<0.01'],
  },
};

export default function () {
  const info = players[(__VU - 1) % players.length];
  const response = ws.connect(socketUrl(BASE_URL), {}, (socket) => {
    const player = createPlayer({
      token: info.token,
      apiKey: API_KEY,
      send: (text) => socket.send(text),
      observe: (kind, value) => {
        if (kind === 'connected') {
          connectLatency.add(value);
          connectErrors.add(false);
        } else if (kind === 'connect_error') {
          connectErrors.add(true);
          socket.close();
        } else if (kind === 'bet') {
          betLatency.add(value.ms);
          (value.success ? betsAccepted : betsRejected).add(1);
        } else if (kind === 'result') {
          betResults.add(1);
        }
      },
    });
    socket.on('message', (text) => player.receive(text));
    // Every half second, maybe bet (about one bet per game per round, spread over the betting window).
    socket.setInterval(() => {
      if (!player.periodId) return;
      const left = player.lockTime - player.serverNow();
      if (left > 300 && Math.random() < 0.1) player.placeRandomBet();
    }, 500);
    socket.setTimeout(() => socket.close(), SESSION_SECONDS * 1000);
  });
  check(response, { 'socket upgraded (101)': (r) => r && r.status === 101 });
}
