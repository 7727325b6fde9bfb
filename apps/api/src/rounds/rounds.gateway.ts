import { Inject, Logger } from '@nestjs/common';
import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway, type OnGatewayConnection } from '@nestjs/websockets';
import type { Socket } from 'socket.io';
import type { ServerToClientEvents } from '@app/contracts';
import { WALLET_MESSAGES } from '@app/domain';
import type { SocketUser } from '../realtime/socket-auth.service.js';
import { BetIntakeService } from './bet-intake.service.js';
import { RoundsService } from './rounds.service.js';
import { SocketRateLimiter } from './socket-rate-limiter.js';

export const SOCKET_RATE_LIMIT = { perSecond: 10, burst: 20, disconnectAfterDropped: 200 } as const;
export const SLOW_DOWN = 'Too many requests. Please slow down.';

type GameSocket = Socket<Record<string, never>, ServerToClientEvents, Record<string, never>, { user?: SocketUser; limiter?: SocketRateLimiter }>;

/** The round events of the live connection (SPEC section 7). Every message is rate-limited per socket. */
@WebSocketGateway()
export class RoundsGateway implements OnGatewayConnection {
  private readonly logger = new Logger('RoundsGateway');

  constructor(
    @Inject(RoundsService) private readonly rounds: RoundsService,
    @Inject(BetIntakeService) private readonly intake: BetIntakeService,
  ) {}

  handleConnection(socket: GameSocket): void {
    const limiter = new SocketRateLimiter(SOCKET_RATE_LIMIT.perSecond, SOCKET_RATE_LIMIT.burst);
    socket.data.limiter = limiter;
    socket.use((_packet, next) => {
      if (limiter.take()) return next();
      socket.emit('exception', { status: 'error', message: SLOW_DOWN });
      if (limiter.dropped >= SOCKET_RATE_LIMIT.disconnectAfterDropped) {
        this.logger.warn({ msg: 'socket disconnected for flooding', userId: socket.data.user?.id });
        socket.disconnect(true);
      }
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

  @SubscribeMessage('get-balance')
  async balance(@ConnectedSocket() socket: GameSocket): Promise<void> {
    const user = socket.data.user;
    if (user) socket.emit('balance-update', await this.rounds.balance(user.id));
  }

  @SubscribeMessage('get-current-bet')
  async currentBet(@ConnectedSocket() socket: GameSocket): Promise<void> {
    const user = socket.data.user;
    if (user) socket.emit('current-bet-response', await this.rounds.currentBets(user.id));
  }

  @SubscribeMessage('place-bet')
  async placeBet(@ConnectedSocket() socket: GameSocket, @MessageBody() payload: unknown): Promise<void> {
    const user = socket.data.user;
    if (!user) return;
    // Separation of duties: an administrator holds no wallet and never bets; told so, not ignored.
    if (user.role !== 'user') return void socket.emit('bet-message', { success: false, message: WALLET_MESSAGES.playersOnly });
    const { refusal } = await this.intake.placeBet(user.id, payload);
    if (refusal) socket.emit('bet-message', refusal);
  }
}
