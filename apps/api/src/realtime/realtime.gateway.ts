import { Inject, Logger } from '@nestjs/common';
import { WebSocketGateway, WebSocketServer, type OnGatewayConnection, type OnGatewayInit } from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { AppConfig } from '@app/config';
import { apiKeyMatches, API_KEY_INVALID, API_KEY_MISSING } from '../common/api-key.guard.js';
import { useSocketInputRules } from '../common/socket-input.js';
import { SessionLimitWatch } from '../play-safely/session-limit.watch.js';
import { SocketAuthService } from './socket-auth.service.js';

/** The live connection. The handshake must carry the client API key and an access token in its auth data. */
@WebSocketGateway()
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection {
  private readonly logger = new Logger('RealtimeGateway');
  @WebSocketServer() server!: Server;

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(SocketAuthService) private readonly socketAuth: SocketAuthService,
    @Inject(SessionLimitWatch) private readonly sessionLimit: SessionLimitWatch,
  ) {}

  afterInit(server: Server): void {
    server.use((socket, next) => {
      const apiKey = (socket.handshake.auth as { apiKey?: unknown } | undefined)?.apiKey;
      if (apiKey === undefined) return next(new Error(API_KEY_MISSING));
      if (!apiKeyMatches(this.config.API_KEY, apiKey)) return next(new Error(API_KEY_INVALID));
      next();
    });
    this.socketAuth.attach(server);
    this.sessionLimit.attach(server);
    this.logger.log('socket server ready');
  }

  handleConnection(socket: Socket): void {
    useSocketInputRules(socket);
    this.socketAuth.onConnection(socket);
    // A player's session time limit ends the session (and closes this socket) when it is reached.
    this.sessionLimit.onConnection(socket);
  }
}
