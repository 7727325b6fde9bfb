// Players on real Socket.IO clients: each player keeps one socket to one api node (reconnecting to the other node
// when its node dies), places up to one bet per game per round, one at a time, and records every answer
// (bet-message), every bet-result and every refund notice it receives, with the time it arrived.
import { io } from 'socket.io-client';

const GAMES = [
  ['color', ['red', 'green', 'violet']],
  ['bigSmall', ['big', 'small']],
  ['number', ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']],
];
const REFUND_NOTICE = /could not be drawn in time/;
/** A player retries a refused connection after this long (the spec's reconnect delay is 1 s to 5 s). */
const RECONNECT_MS = [1000, 2500];
/** A connection attempt gives up after this long: the web client's (socket.io's default, 20 s). */
const CONNECT_TIMEOUT_MS = 20_000;
/** With get-bet-outcomes: a bet not answered this long is asked for by its command id (the web client's 4 s). */
const ASK_AFTER_MS = 4000;
/** The most ids of each kind one get-bet-outcomes may carry. */
const OUTCOMES_MAX_IDS = 20;
/** Bets older than this are no longer asked about. */
const FORGET_MS = 3 * 60 * 1000;

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const between = ([low, high]) => low + Math.random() * (high - low);

/**
 * The client protocol the server speaks, read from the contracts it was built with: `commandId` on place-bet (so
 * every answer names the bet it answers) and `get-bet-outcomes` (ask, after reconnecting, for the answers of bets
 * still unanswered). Without them the suite matches answers by player, period and game.
 */
export function detectProtocol(contractsSource) {
  return {
    commandIds: /commandId/.test(contractsSource),
    betOutcomes: /get-bet-outcomes/.test(contractsSource),
  };
}

export class Load {
  /**
   * @param {{ apis: Array<{ url: string, alive: boolean, name: string }>, apiKey: string, players: Array<{ id: string, token: string, poor?: boolean }>,
   *   domain: any, periodConfig: { roundSeconds: number, lockSeconds: number }, protocol: { commandIds: boolean, betOutcomes: boolean },
   *   uuid: () => string, log: (line: string) => void }} options
   */
  constructor({ apis, apiKey, players, domain, periodConfig, protocol, uuid, log }) {
    Object.assign(this, { apis, apiKey, domain, periodConfig, protocol, uuid, log });
    this.players = players.map((p, i) => ({
      ...p,
      node: i % apis.length,
      socket: null,
      connected: false,
      reconnectTimer: null,
      plan: [],
      outstanding: null,
      recent: [],
    }));
    /** Every bet of the run by player and period, and bet-results per bet id (across faults, to see repeats). */
    this.byPlayerPeriod = new Map();
    this.resultCounts = new Map();
    this.noticeCounts = new Map();
    this.byBetId = new Map();
    this.phase = 0;
    this.resetRecords();
    this.running = false;
    this.betting = false;
    this.plannedPeriod = null;
    this.firstResultListeners = [];
  }

  /** Forgets what was recorded (each fault is judged on its own bets and messages). */
  resetRecords() {
    this.phase++;
    for (const player of this.players ?? []) player.outstanding = null;
    this.bets = [];
    this.byCommand = new Map();
    this.results = [];
    this.refundNotices = [];
    this.unmatched = [];
    this.slowDowns = 0;
    this.connects = 0;
    this.outcomeRequests = 0;
    this.disconnects = {};
    this.connectErrors = {};
    this.firstPlannedPeriod = null;
  }

  count(tally, key) {
    tally[key] = (tally[key] ?? 0) + 1;
  }

  // ── connections ──

  connectAll() {
    this.running = true;
    for (const player of this.players) this.connect(player);
  }

  async waitConnected(timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.players.every((p) => p.connected)) return true;
      await new Promise((r) => setTimeout(r, 200));
    }
    return this.players.every((p) => p.connected);
  }

  /** Node index → number of connected players. */
  socketsPerNode() {
    const counts = this.apis.map(() => 0);
    for (const p of this.players) if (p.connected) counts[p.node]++;
    return counts;
  }

  connect(player) {
    if (!this.running) return;
    const api = this.apis[player.node];
    const socket = io(api.url, {
      transports: ['websocket'],
      auth: { apiKey: this.apiKey, token: player.token },
      reconnection: false,
      timeout: CONNECT_TIMEOUT_MS,
      forceNew: true,
    });
    player.socket = socket;
    socket.on('connect', () => {
      player.connected = true;
      this.connects++;
      this.onReconnected(player);
    });
    const retry = () => {
      player.connected = false;
      socket.removeAllListeners();
      socket.close();
      if (player.socket !== socket || !this.running) return;
      // A dead node refuses the connection: the next attempt goes to the other node.
      player.node = (player.node + 1) % this.apis.length;
      clearTimeout(player.reconnectTimer);
      player.reconnectTimer = setTimeout(() => this.connect(player), between(RECONNECT_MS));
    };
    socket.on('disconnect', (reason) => {
      this.count(this.disconnects, reason);
      retry();
    });
    socket.on('connect_error', (error) => {
      this.count(this.connectErrors, error?.message ?? 'error');
      retry();
    });
    socket.on('bet-message', (data) => this.onBetMessage(player, data));
    socket.on('bet-result', (data) => this.onBetResult(player, data));
    socket.on('exception', (data) => {
      if (/slow down/i.test(String(data?.message))) this.slowDowns++;
    });
  }

  /**
   * After a (re)connect, with the outcomes protocol, as the web client does: ask for the answers of the bets still in
   * flight and the results of the bets placed whose result has not arrived (the newest of each, at most 20).
   */
  onReconnected(player) {
    if (!this.protocol.betOutcomes) return;
    const now = Date.now();
    player.recent = player.recent.filter((b) => now - b.sentAt < FORGET_MS);
    const commandIds = player.recent.filter((b) => b.answers.length === 0 && b.commandId).map((b) => b.commandId);
    const betIds = player.recent.filter((b) => b.betId && !b.resultAt && !b.refundedAt).map((b) => b.betId);
    if (commandIds.length === 0 && betIds.length === 0) return;
    this.outcomeRequests++;
    player.socket.emit('get-bet-outcomes', {
      commandIds: commandIds.slice(-OUTCOMES_MAX_IDS),
      betIds: betIds.slice(-OUTCOMES_MAX_IDS),
    });
  }

  /** As the web client does: a bet not answered within ASK_AFTER_MS is asked for once by its command id. */
  catchUp(now) {
    for (const player of this.players) {
      if (!player.connected) continue;
      if (player.recent.length > 40) player.recent = player.recent.filter((b) => now - b.sentAt < FORGET_MS);
      for (const bet of player.recent) {
        if (bet.answers.length > 0 || bet.asked || !bet.commandId || now - bet.sentAt < ASK_AFTER_MS) continue;
        bet.asked = true;
        this.outcomeRequests++;
        player.socket.emit('get-bet-outcomes', { commandIds: [bet.commandId] });
      }
    }
  }

  closeAll() {
    this.running = false;
    this.betting = false;
    clearInterval(this.ticker);
    for (const player of this.players) {
      clearTimeout(player.reconnectTimer);
      player.socket?.removeAllListeners();
      player.socket?.close();
      player.connected = false;
    }
  }

  // ── betting ──

  /** Starts placing bets: each player up to one bet per game per round, at random times in the open window. */
  startBetting() {
    this.betting = true;
    clearInterval(this.ticker);
    this.ticker = setInterval(() => this.tick(), 50);
  }

  /** Stops planning new rounds; the bets of the round in progress are still placed. */
  stopBetting() {
    this.betting = false;
  }

  get idle() {
    return !this.betting && this.players.every((p) => p.plan.length === 0);
  }

  tick() {
    const now = Date.now();
    if (this.protocol.betOutcomes && now - (this.lastCatchUp ?? 0) >= 250) {
      this.lastCatchUp = now;
      this.catchUp(now);
    }
    const period = this.domain.currentPeriod(now, this.periodConfig);
    if (this.betting && this.plannedPeriod !== period.periodId && now < period.lockTime - 3000) {
      this.plannedPeriod = period.periodId;
      this.firstPlannedPeriod ??= period.periodId;
      const from = Math.max(now, period.startTime + 300);
      const to = period.lockTime - 300;
      for (const player of this.players) {
        const games = player.poor ? [pick(GAMES)] : GAMES;
        player.plan = games
          .map(([betType, values]) => ({
            at: from + Math.random() * (to - from),
            periodId: period.periodId,
            lockTime: period.lockTime,
            betType,
            betValue: pick(values),
            amount: player.poor ? 50 : 10,
          }))
          .sort((a, b) => a.at - b.at);
      }
    }
    for (const player of this.players) {
      const next = player.plan[0];
      if (!next || next.at > now) continue;
      if (now >= next.lockTime - 120) {
        // Too close to the lock to place it now (the previous bet was still unanswered): not sent.
        player.plan = [];
        continue;
      }
      if (!player.connected) continue;
      // One bet at a time per player and round: the next waits for the answer to the previous one (a refusal that
      // names only the period is then the answer to the one bet of that period still waiting).
      const previous = player.outstanding;
      if (previous && previous.periodId === next.periodId && previous.answers.length === 0) continue;
      player.plan.shift();
      this.send(player, next, now);
    }
  }

  send(player, plan, now) {
    const bet = {
      key: `${player.id}|${plan.periodId}|${plan.betType}`,
      playerId: player.id,
      poor: !!player.poor,
      periodId: plan.periodId,
      betType: plan.betType,
      betValue: plan.betValue,
      amount: plan.amount,
      sentAt: now,
      node: player.node,
      phase: this.phase,
      commandId: this.protocol.commandIds ? this.uuid() : null,
      answers: [],
      betId: null,
    };
    this.bets.push(bet);
    player.recent.push(bet);
    const pp = `${player.id}|${plan.periodId}`;
    (this.byPlayerPeriod.get(pp) ?? this.byPlayerPeriod.set(pp, []).get(pp)).push(bet);
    if (bet.commandId) this.byCommand.set(bet.commandId, bet);
    player.outstanding = bet;
    const payload = { periodId: plan.periodId, betType: plan.betType, betValue: plan.betValue, amount: plan.amount };
    if (bet.commandId) payload.commandId = bet.commandId;
    player.socket.emit('place-bet', payload);
  }

  // ── what players receive ──

  onBetMessage(player, data) {
    const at = Date.now();
    if (!data || typeof data !== 'object') return;
    if (!data.success && REFUND_NOTICE.test(String(data.message))) {
      const key = `${player.id}|${data.periodId}`;
      const seen = this.noticeCounts.get(key) ?? 0;
      this.noticeCounts.set(key, seen + 1);
      this.refundNotices.push({ playerId: player.id, periodId: data.periodId, at, repeat: seen > 0 });
      for (const bet of this.byPlayerPeriod.get(key) ?? []) bet.refundedAt ??= at;
      return;
    }
    const bet = this.matchAnswer(player, data);
    const answer = { at, success: !!data.success, message: String(data.message), betId: data.bet?._id ?? null };
    // An answer that fits no bet, or repeats the answer of a bet of an earlier fault, is a duplicate of this one.
    if (!bet || (bet.phase !== this.phase && bet.answers.length > 0)) {
      this.unmatched.push({ playerId: player.id, ...answer, periodId: data.periodId });
      if (!bet) return;
    }
    bet.answers.push(answer);
    if (answer.betId && !bet.betId) {
      bet.betId = answer.betId;
      this.byBetId.set(answer.betId, bet);
    }
  }

  /**
   * The bet an answer belongs to: by command id when the server names it; else by player, period and game (a
   * player bets once per game per round); else (a refusal that names only the period) the player's bet of that
   * period still waiting for an answer, or the last one answered (a repeated answer).
   */
  matchAnswer(player, data) {
    if (data.commandId && this.byCommand.has(data.commandId)) return this.byCommand.get(data.commandId);
    const periodId = data.periodId ?? data.bet?.periodId;
    const betType = data.bet?.betType ?? data.betType;
    const mine = this.byPlayerPeriod.get(`${player.id}|${periodId}`) ?? [];
    if (betType) return mine.find((b) => b.betType === betType) ?? null;
    return mine.find((b) => b.answers.length === 0) ?? mine.at(-1) ?? null;
  }

  onBetResult(player, data) {
    const at = Date.now();
    const betId = data?.betId ?? data?.bet?._id ?? null;
    const seen = this.resultCounts.get(betId) ?? 0;
    this.resultCounts.set(betId, seen + 1);
    const bet = this.byBetId.get(betId);
    if (bet) bet.resultAt ??= at;
    this.results.push({
      playerId: player.id,
      betId,
      periodId: data?.periodId ?? null,
      node: player.node,
      at,
      repeat: seen > 0,
    });
    for (const listener of this.firstResultListeners.splice(0)) listener({ player, data, at });
  }

  /** Resolves with the first bet-result any player receives from now on. */
  nextResult() {
    return new Promise((resolve) => this.firstResultListeners.push(resolve));
  }
}
