import { connectFrame, eventFrame, parseFrame, PONG } from './socketio.js';

export const GAMES = {
  color: ['red', 'green', 'violet'],
  bigSmall: ['big', 'small'],
  number: ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'],
};
export const STAKES = [10, 50, 100, 200, 500, 1000];
/**
 * Frames a load-test player has no use for beyond knowing they came (the bet-message carries the bet; the round's
 * result is measured through the next period's announcement): not parsed, so the generator's CPU goes to what it
 * measures. A balance is kept as text and parsed only when read.
 */
const SKIPPED_FRAMES = ['42["current-bet-response"', '42["game-result"', '42["all-game-results"'];
const BALANCE_FRAME = '42["balance-update",';
const RESULT_FRAME = '42["bet-result",';
const PERIOD_OF_RESULT = /"periodId":"([^"]*)"/;

/**
 * One player's side of the live connection, independent of the WebSocket implementation: feed it every text
 * frame with `receive`, give it a `send(text)`; it signs in, keeps the connection alive, tracks the period, places
 * bets (one per game per period, as the rules allow) and reports timings through `observe`.
 *
 * `requestSpreadMs` (0: at once) spreads the requests a new period makes over that many ms (`schedule(fn, ms)` is
 * the timer; `random` picks the moment).
 *
 * observe(kind, value): 'connected' ms; 'connect_error' message; 'period' info; 'bet' { ms, success, message };
 * 'result' { periodId, at }.
 */
export function createPlayer({
  token,
  apiKey,
  send,
  now = () => Date.now(),
  observe = () => {},
  requestSpreadMs = 0,
  schedule = (fn, ms) => setTimeout(fn, ms),
  random = Math.random,
}) {
  const startedAt = now();
  const inFlight = new Map(); // betType → sent at
  const betTypes = new Set(); // games bet on in the current period
  let balanceFrame = null;
  const player = {
    connected: false,
    periodId: null,
    lockTime: 0,
    offsetMs: 0,
    /** The last balance-update's data (parsed when read). */
    get balance() {
      return balanceFrame === null ? null : JSON.parse(balanceFrame.slice(BALANCE_FRAME.length, -1)).balance;
    },

    receive(text) {
      if (text.startsWith(BALANCE_FRAME)) {
        balanceFrame = text;
        return;
      }
      if (text.startsWith(RESULT_FRAME)) {
        // Only its period is measured (results per period, the last one's arrival).
        const match = PERIOD_OF_RESULT.exec(text);
        observe('result', { periodId: match ? match[1] : null, at: now() });
        return;
      }
      for (const skipped of SKIPPED_FRAMES) if (text.startsWith(skipped)) return;
      const frame = parseFrame(text);
      switch (frame.kind) {
        case 'open':
          send(connectFrame({ apiKey, token }));
          break;
        case 'ping':
          send(PONG);
          break;
        case 'connected':
          player.connected = true;
          observe('connected', now() - startedAt);
          send(eventFrame('send-period-id-current'));
          send(eventFrame('get-balance'));
          break;
        case 'connect_error':
          observe('connect_error', frame.data && frame.data.message);
          break;
        case 'event':
          player.onEvent(frame.event, frame.data);
          break;
        default:
      }
    },

    onEvent(event, data) {
      if (event === 'next-period-id') {
        if (data.periodId !== player.periodId) {
          betTypes.clear();
          // As the game screen does (SPEC section 5): a new period (not the answer to its own request on connecting)
          // asks for the balance and the period's bets.
          if (player.periodId !== null) {
            const ask = () => {
              if (!player.connected) return;
              send(eventFrame('get-balance'));
              send(eventFrame('get-current-bet'));
            };
            // `requestSpreadMs`: asked at a random moment within that many ms, not all players at once.
            if (requestSpreadMs > 0) schedule(ask, Math.floor(random() * requestSpreadMs));
            else ask();
          }
        }
        player.periodId = data.periodId;
        player.lockTime = data.lockTime;
        player.offsetMs = data.serverTime - now();
        observe('period', data);
      } else if (event === 'bet-message') {
        const type = data.betType || (data.bet && data.bet.betType);
        const sentAt = type ? inFlight.get(type) : undefined;
        if (type && sentAt !== undefined) {
          inFlight.delete(type);
          observe('bet', { ms: now() - sentAt, success: !!data.success, message: data.message });
        }
      }
    },

    /** Bets on a game not yet bet on this period; false when that is not possible now. */
    placeBet(betType, betValue, amount) {
      if (!player.connected || !player.periodId || betTypes.has(betType) || inFlight.has(betType)) return false;
      betTypes.add(betType);
      inFlight.set(betType, now());
      send(eventFrame('place-bet', { periodId: player.periodId, betType, betValue, amount }));
      return true;
    },

    /** A random allowed bet on the next game this player has not bet on this period. */
    placeRandomBet(random = Math.random, amount = 10) {
      for (const betType of Object.keys(GAMES)) {
        if (betTypes.has(betType) || inFlight.has(betType)) continue;
        const values = GAMES[betType];
        return player.placeBet(betType, values[Math.floor(random() * values.length)], amount) ? betType : false;
      }
      return false;
    },

    /** Server time now, as this player's clock estimates it. */
    serverNow() {
      return now() + player.offsetMs;
    },
  };
  return player;
}
