import { connectFrame, eventFrame, parseFrame, PONG } from './socketio.js';

export const GAMES = {
  color: ['red', 'green', 'violet'],
  bigSmall: ['big', 'small'],
  number: ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'],
};
export const STAKES = [10, 50, 100, 200, 500, 1000];
const CURRENT_BETS_FRAME = '42["current-bet-response"';

/**
 * One player's side of the live connection, independent of the WebSocket implementation: feed it every text
 * frame with `receive`, give it a `send(text)`; it signs in, keeps the connection alive, tracks the period, places
 * bets (one per game per period, as the rules allow) and reports timings through `observe`.
 *
 * observe(kind, value): 'connected' ms; 'connect_error' message; 'period' info; 'bet' { ms, success, message };
 * 'result' { win, winAmount, periodId, at }; 'balance' update.
 */
export function createPlayer({ token, apiKey, send, now = () => Date.now(), observe = () => {} }) {
  const startedAt = now();
  const inFlight = new Map(); // betType → sent at
  const betTypes = new Set(); // games bet on in the current period
  const player = {
    connected: false,
    periodId: null,
    lockTime: 0,
    offsetMs: 0,
    balance: null,

    receive(text) {
      // A player's list of current bets comes with every bet it places; the load test has no use for it (the
      // bet-message carries the bet): not parsed, so the generator's CPU goes to what it measures.
      if (text.startsWith(CURRENT_BETS_FRAME)) return;
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
        if (data.periodId !== player.periodId) betTypes.clear();
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
      } else if (event === 'bet-result') {
        observe('result', { win: data.win, winAmount: data.winAmount, periodId: data.periodId, at: now() });
      } else if (event === 'balance-update') {
        player.balance = data.balance;
        observe('balance', data);
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
