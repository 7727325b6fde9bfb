// The k6 load test's logic, independent of k6: its options (ramp and thresholds) and one virtual user's session
// on a k6-style socket. load-tests/k6/bets.js runs it in k6; lib/k6-node.mjs runs the same code from Node over
// `ws` (no k6 binary needed), which is how it is tested here. Plain JavaScript with no imports but the player.
import { createPlayer } from './player.js';

/** k6 resolves open() against the script's directory: this is load-tests/k6/players.json, where seed-players.mjs writes. */
export const DEFAULT_PLAYERS_FILE = './players.json';

/**
 * What the product meets (docs/benchmarks.md, "Load tests"): bet confirmation p99 within 250 ms, at most
 * 0.1 % of bets refused, the round broadcast p99 within 500 ms, under 1 % failed socket connections.
 */
export const THRESHOLDS = {
  bet_latency_ms: ['p(99)<250'],
  bets_refused: ['rate<0.001'],
  broadcast_latency_ms: ['p(99)<500'],
  socket_connect_errors: ['rate<0.01'],
};

/**
 * The ramp, from the environment: VUS players (default the players file, at most 1,000), connected gradually over
 * RAMP_SECONDS (default 50 new sockets a second, at least 5 s), all betting together for SESSION_SECONDS (default
 * 120) after the last one connected.
 */
export function rampPlan(env, playerCount) {
  const vus = Math.max(1, Number(env.VUS || Math.min(playerCount, 1000)));
  const rampSeconds = Number(env.RAMP_SECONDS || Math.max(5, Math.ceil(vus / 50)));
  const sessionSeconds = Number(env.SESSION_SECONDS || 120);
  return { vus, rampSeconds, sessionSeconds, startOffsetMs: (vu) => Math.floor(((vu - 1) / vus) * rampSeconds * 1000) };
}

/** Seconds a session started now should last so that every player leaves together at the end of the plan. */
export function secondsLeft(plan, scenarioStartMs, nowMs) {
  return plan.rampSeconds + plan.sessionSeconds - (nowMs - scenarioStartMs) / 1000;
}

/** k6 options: a ramping-vus scenario following the plan, and the thresholds. */
export function k6Options(env, playerCount) {
  const { vus, rampSeconds, sessionSeconds } = rampPlan(env, playerCount);
  return {
    scenarios: {
      players: {
        executor: 'ramping-vus',
        startVUs: 0,
        stages: [
          { duration: `${rampSeconds}s`, target: vus },
          { duration: `${sessionSeconds}s`, target: vus },
          { duration: '5s', target: 0 },
        ],
        gracefulRampDown: '30s',
        gracefulStop: '30s',
      },
    },
    thresholds: THRESHOLDS,
  };
}

/**
 * One player's session on a k6-style socket ({ send, on, setInterval, setTimeout, close }): signs in, every
 * `betEveryMs` bets with probability `betChance` (about one bet per game per round, spread over the betting
 * window), and records into `metrics` ({ connect(ms), connectError(bool), betLatency(ms), betRefused(bool),
 * broadcast(ms), result() }). The socket closes after `sessionSeconds`. Returns the player.
 */
/** How long before the session ends the player stops betting (a bet's answer comes well within it). */
export const BET_ANSWER_GRACE_MS = 2_000;

export function runSession({
  socket,
  info,
  apiKey,
  metrics,
  sessionSeconds = 120,
  betEveryMs = 500,
  betChance = 0.1,
  now = () => Date.now(),
  random = Math.random,
}) {
  let periods = 0;
  const player = createPlayer({
    token: info.token,
    apiKey,
    now,
    send: (text) => socket.send(text),
    observe: (kind, value) => {
      if (kind === 'connected') {
        metrics.connect(value);
        metrics.connectError(false);
      } else if (kind === 'connect_error') {
        metrics.connectError(true);
        socket.close();
      } else if (kind === 'bet') {
        metrics.betLatency(value.ms);
        metrics.betRefused(!value.success);
      } else if (kind === 'result') {
        metrics.result();
      } else if (kind === 'period') {
        // The first period message answers the player's own request; later ones are the round broadcast
        // (clocks of the generator and the servers are assumed in step, e.g. NTP).
        if (periods++ > 0) metrics.broadcast(now() - value.startTime);
      }
    },
  });
  socket.on('message', (text) => player.receive(text));
  // No bet in the session's last moments: each bet sent gets its answer before the socket closes, so every bet the
  // server placed is one the metrics counted.
  const lastBetAt = now() + sessionSeconds * 1000 - BET_ANSWER_GRACE_MS;
  socket.setInterval(() => {
    if (!player.periodId || now() > lastBetAt) return;
    const left = player.lockTime - player.serverNow();
    if (left > 300 && random() < betChance) player.placeRandomBet(random);
  }, betEveryMs);
  socket.setTimeout(() => socket.close(), sessionSeconds * 1000);
  return player;
}
