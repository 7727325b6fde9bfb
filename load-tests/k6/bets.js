// k6 load test for SREs: each virtual user is one signed-in player on the live connection, betting once per
// game per round at random inside the betting window. Players connect gradually (RAMP_SECONDS), and the run fails
// when the product misses what it meets (lib/k6-session.js THRESHOLDS). The session logic and the protocol are the
// modules the Node runner drives (load-tests/lib), so they are tested in this repository without k6.
//
//   node load-tests/seed-players.mjs --count 1000          # against a TEST deployment; writes load-tests/k6/players.json
//   k6 run -e BASE_URL=https://staging.example -e API_KEY=... load-tests/k6/bets.js
//   (another players file: -e PLAYERS=$PWD/other.json — k6 resolves a relative path against this directory)
import ws from 'k6/ws';
import exec from 'k6/execution';
import { check, sleep } from 'k6';
import { SharedArray } from 'k6/data';
import { Counter, Rate, Trend } from 'k6/metrics';
import { DEFAULT_PLAYERS_FILE, k6Options, rampPlan, runSession, secondsLeft } from '../lib/k6-session.js';
import { socketUrl } from '../lib/socketio.js';

const players = new SharedArray('players', () => JSON.parse(open(__ENV.PLAYERS || DEFAULT_PLAYERS_FILE)));
const BASE_URL = __ENV.BASE_URL || 'http://127.0.0.1:3000';
const API_KEY = __ENV.API_KEY || 'dev-api-key';
const plan = rampPlan(__ENV, players.length);

const betLatency = new Trend('bet_latency_ms', true);
const broadcastLatency = new Trend('broadcast_latency_ms', true);
const connectLatency = new Trend('socket_connect_ms', true);
const betsRefused = new Rate('bets_refused');
const betResults = new Counter('bet_results');
const connectErrors = new Rate('socket_connect_errors');

export const options = k6Options(__ENV, players.length);

export default function () {
  const info = players[(__VU - 1) % players.length];
  // Every player stays until the end of the plan, however late in the ramp it connected.
  const sessionSeconds = secondsLeft(plan, exec.scenario.startTime, Date.now());
  if (sessionSeconds < 1) {
    sleep(1);
    return;
  }
  const response = ws.connect(socketUrl(BASE_URL), {}, (socket) => {
    runSession({
      socket,
      info,
      apiKey: API_KEY,
      sessionSeconds,
      metrics: {
        connect: (ms) => connectLatency.add(ms),
        connectError: (failed) => connectErrors.add(failed),
        betLatency: (ms) => betLatency.add(ms),
        betRefused: (refused) => betsRefused.add(refused),
        broadcast: (ms) => broadcastLatency.add(ms),
        result: () => betResults.add(1),
      },
    });
  });
  check(response, { 'socket upgraded (101)': (r) => r && r.status === 101 });
}
