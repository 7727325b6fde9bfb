import { Inject, Logger, type OnModuleDestroy } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  SubscribeMessage,
  WebSocketGateway,
  type OnGatewayConnection,
} from '@nestjs/websockets';
import type { Socket } from 'socket.io';
import type { ServerToClientEvents } from '@app/contracts';
import { WALLET_MESSAGES } from '@app/domain';
import { COMMITMENTS_ROOM } from '@app/realtime';
import { answerKey, firstAnswer } from '../realtime/socket-answers.js';
import type { SocketUser } from '../realtime/socket-auth.service.js';
import { answerInTurn } from '../realtime/websocket-frames.js';
import { BetIntakeService } from './bet-intake.service.js';
import { BetOutcomesService, parseOutcomesRequest } from './bet-outcomes.service.js';
import { RoundsService } from './rounds.service.js';
import { PlayerRateLimiter, SocketRateLimiter, type SocketLimits } from './socket-rate-limiter.js';

/**
 * Per socket: 10 messages a second, 20 at once; past that each message is dropped with at most one slow-down notice
 * a second, and a socket that piles up 10 drops beyond one forgiven a second is flooding and is disconnected.
 */
export const SOCKET_RATE_LIMIT: SocketLimits = {
  perSecond: 10,
  burst: 20,
  dropsBeforeDisconnect: 10,
  forgivenPerSecond: 1,
  noticeEveryMs: 1000,
};
/**
 * place-bet per player across all of the player's sockets on a node: 5 a second, 10 at once (a player places at most
 * three bets a round). Kept in memory, so a bet costs no extra Redis round trip; a player holds at most
 * MAX_SOCKETS_PER_PLAYER sockets, so across nodes the player's bets are bounded by that many times this rate.
 */
export const PLAYER_BET_RATE_LIMIT = { perSecond: 5, burst: 10 } as const;
export const SLOW_DOWN = 'Too many requests. Please slow down.';
/** The refusal of a get-bet-outcomes that is not a list of command and bet ids. */
export const INVALID_OUTCOMES_REQUEST = 'Invalid request.';
/** Events that count against the player's bet rate (get-bet-outcomes may store the refusal of a command the player sent). */
const PLAYER_LIMITED = new Set(['place-bet', 'get-bet-outcomes']);
const SWEEP_MS = 10_000;
/** Command ids a socket remembers having handed on (its newest), so get-bet-outcomes knows them as the player's own. */
export const SENT_COMMANDS_REMEMBERED = 100;

type GameSocket = Socket<
  Record<string, never>,
  ServerToClientEvents,
  Record<string, never>,
  { user?: SocketUser; limiter?: SocketRateLimiter; sentCommands?: Set<string> }
>;

/** Remembers a command this socket handed on (the oldest is forgotten past SENT_COMMANDS_REMEMBERED). */
function rememberSent(socket: GameSocket, commandId: string): void {
  const sent = (socket.data.sentCommands ??= new Set());
  sent.delete(commandId);
  sent.add(commandId);
  if (sent.size > SENT_COMMANDS_REMEMBERED) sent.delete(sent.values().next().value!);
}

/** The round events of the live connection (SPEC section 7). Every message is rate-limited per socket. */
@WebSocketGateway()
export class RoundsGateway implements OnGatewayConnection, OnModuleDestroy {
  private readonly logger = new Logger('RoundsGateway');
  private readonly playerBets = new PlayerRateLimiter(PLAYER_BET_RATE_LIMIT.perSecond, PLAYER_BET_RATE_LIMIT.burst);
  private readonly sweeper = setInterval(() => this.playerBets.sweep(), SWEEP_MS).unref();

  constructor(
    @Inject(RoundsService) private readonly rounds: RoundsService,
    @Inject(BetIntakeService) private readonly intake: BetIntakeService,
    @Inject(BetOutcomesService) private readonly outcomes: BetOutcomesService,
  ) {}

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }

  handleConnection(socket: GameSocket): void {
    const limiter = new SocketRateLimiter(SOCKET_RATE_LIMIT);
    socket.data.limiter = limiter;
    socket.use((packet, next) => {
      const now = Date.now();
      const userId = socket.data.user?.id;
      const verdict = limiter.check(
        now,
        () => !PLAYER_LIMITED.has(packet[0]) || !userId || this.playerBets.take(userId, now),
      );
      if (verdict === 'pass') return next();
      // A dropped message is not answered (that would amplify a flood): one notice a second at most.
      if (verdict === 'notify') socket.emit('exception', { status: 'error', message: SLOW_DOWN });
      if (verdict === 'disconnect' && socket.connected) {
        this.logger.warn({ msg: 'socket disconnected for flooding', userId, dropped: limiter.dropped });
        socket.disconnect(true);
      }
    });
    // Every bet comes through here: a plain listener (after the socket's middleware: input rules, rate limits), not
    // Nest's per-message context of guards, pipes and interceptors, which this handler does not use.
    socket.on('place-bet', (payload: unknown) => {
      this.placeBet(socket, payload).catch((error: Error) =>
        this.logger.error({ msg: 'place-bet failed', userId: socket.data.user?.id, error: error.message }),
      );
    });
    // Every screen asks for these two when a period opens (thousands of sockets at once): plain listeners as well.
    socket.on('get-balance', () => {
      this.balance(socket).catch((error: Error) =>
        this.logger.error({ msg: 'get-balance failed', userId: socket.data.user?.id, error: error.message }),
      );
    });
    socket.on('get-current-bet', () => {
      this.currentBet(socket).catch((error: Error) =>
        this.logger.error({ msg: 'get-current-bet failed', userId: socket.data.user?.id, error: error.message }),
      );
    });
  }

  @SubscribeMessage('send-period-id-current')
  async period(@ConnectedSocket() socket: GameSocket): Promise<void> {
    socket.emit('next-period-id', await this.rounds.currentPeriodInfo());
  }

  @SubscribeMessage('get-all-game-results')
  async allResults(@ConnectedSocket() socket: GameSocket): Promise<void> {
    socket.emit('all-game-results', await this.rounds.latestResults());
  }

  @SubscribeMessage('get-game-results')
  async latestResult(@ConnectedSocket() socket: GameSocket): Promise<void> {
    const [latest] = await this.rounds.latestResults();
    if (latest) socket.emit('game-result', latest);
  }

  async balance(socket: GameSocket): Promise<void> {
    const user = socket.data.user;
    if (user) answerInTurn(socket, 'balance-update', await this.rounds.balance(user.id));
  }

  /** Each period's bet commitment (`bets-committed`) from now on, at its lock: for auditors and fairness watchers. */
  @SubscribeMessage('watch-commitments')
  async watchCommitments(@ConnectedSocket() socket: GameSocket): Promise<void> {
    await socket.join(COMMITMENTS_ROOM);
  }

  @SubscribeMessage('unwatch-commitments')
  async unwatchCommitments(@ConnectedSocket() socket: GameSocket): Promise<void> {
    await socket.leave(COMMITMENTS_ROOM);
  }

  async currentBet(socket: GameSocket): Promise<void> {
    const user = socket.data.user;
    if (user) answerInTurn(socket, 'current-bet-response', await this.rounds.currentBets(user.id));
  }

  async placeBet(socket: GameSocket, payload: unknown): Promise<void> {
    const user = socket.data.user;
    if (!user) return;
    // Separation of duties: an administrator holds no wallet and never bets; told so, not ignored.
    if (user.role !== 'user')
      return void socket.emit('bet-message', { success: false, message: WALLET_MESSAGES.playersOnly });
    const { refusal, accepted, balance, handedOn } = await this.intake.placeBet(user.id, payload);
    if (handedOn) rememberSent(socket, handedOn);
    const answer = refusal ?? accepted;
    if (!answer) return;
    // A command id is answered once per socket; a place-bet without one (an older client) is a new request each
    // time, so every attempt gets its own answer (never mistaken for a repeated period notice).
    if (answer.commandId === undefined || firstAnswer(socket, answerKey('bet-message', answer))) {
      socket.emit('bet-message', answer);
      // A stored acceptance given here in the pipeline's place is followed by the balance, as the pipeline's is.
      if (balance) socket.emit('balance-update', balance);
    }
  }

  /**
   * The stored answers of the player's commands in flight and the results of bets settled meanwhile (asked after a
   * reconnection, possibly to another node, or when an answer is late). Each reaches this socket once. Commands this
   * socket handed on are known as the player's own; any other id is looked up, never waited for (BetOutcomesService).
   */
  @SubscribeMessage('get-bet-outcomes')
  async betOutcomes(@ConnectedSocket() socket: GameSocket, @MessageBody() payload: unknown): Promise<void> {
    const user = socket.data.user;
    if (!user) return;
    if (user.role !== 'user')
      return void socket.emit('bet-message', { success: false, message: WALLET_MESSAGES.playersOnly });
    const request = parseOutcomesRequest(payload);
    if (!request) return void socket.emit('exception', { status: 'error', message: INVALID_OUTCOMES_REQUEST });
    const sent = socket.data.sentCommands;
    for (const reply of await this.outcomes.answer(user.id, request, (commandId) => sent?.has(commandId) ?? false)) {
      if (!socket.connected) return;
      if (firstAnswer(socket, answerKey(reply.event, reply.data)))
        (socket.emit as (event: string, data: unknown) => void)(reply.event, reply.data);
    }
  }
}
