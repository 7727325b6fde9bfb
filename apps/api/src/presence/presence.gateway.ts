import { Inject, Logger } from '@nestjs/common';
import {
  WebSocketGateway,
  WebSocketServer,
  type OnGatewayConnection,
  type OnGatewayDisconnect,
  type OnGatewayInit,
} from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { SOCKET_REPLACED_MESSAGE } from '@app/contracts';
import type { SocketUser } from '../realtime/socket-auth.service.js';
import { PlayerSocketsService } from './player-sockets.service.js';
import { PresenceService, type PresenceUser } from './presence.service.js';

/** Inter-node message: close this socket of yours, its player opened a newer one past the cap. */
const REPLACED_EVENT = 'player-socket-replaced';

type PresenceSocket = Socket<
  Record<string, never>,
  Record<string, never>,
  Record<string, never>,
  { user?: SocketUser; presence?: PresenceUser }
>;

/**
 * Counts every signed-in socket of this node in and out of presence (the handshake has proved its user), and
 * keeps each player to MAX_SOCKETS_PER_PLAYER live sockets across every node: a new one closes the oldest.
 */
@WebSocketGateway()
export class PresenceGateway implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect {
  private readonly logger = new Logger('PresenceGateway');
  @WebSocketServer() server!: Server;

  constructor(
    @Inject(PresenceService) private readonly presence: PresenceService,
    @Inject(PlayerSocketsService) private readonly playerSockets: PlayerSocketsService,
  ) {}

  afterInit(server: Server): void {
    // Another node closing one of this node's sockets (one message, so the notice goes out before the close).
    server.on(REPLACED_EVENT, (socketId: unknown) => {
      if (typeof socketId === 'string') this.closeHere(socketId);
    });
  }

  handleConnection(socket: PresenceSocket): void {
    const user = socket.data.user;
    if (!user || socket.disconnected) return;
    // Remember who was counted: a later `new-token` replaces socket.data.user, but it is the same user.
    socket.data.presence = { id: user.id, role: user.role };
    this.presence.connected(socket.data.presence);
    void this.playerSockets.connected(user.id, socket.id).then((over) => this.close(user.id, over));
  }

  handleDisconnect(socket: PresenceSocket): void {
    const counted = socket.data.presence;
    if (!counted) return;
    socket.data.presence = undefined;
    this.presence.disconnected(counted);
    this.playerSockets.disconnected(counted.id, socket.id);
  }

  /** Closes sockets past a player's cap, wherever they are (other nodes through the Redis adapter). */
  private close(userId: string, socketIds: string[]): void {
    if (socketIds.length === 0) return;
    this.logger.log({ msg: 'oldest sockets closed: player over the socket limit', userId, sockets: socketIds.length });
    for (const id of socketIds) {
      if (!this.closeHere(id)) this.server.serverSideEmit(REPLACED_EVENT, id);
    }
  }

  /** Tells a socket of this node why and closes it; false when it is not here. */
  private closeHere(socketId: string): boolean {
    const socket = this.server.sockets.sockets.get(socketId);
    if (!socket) return false;
    socket.emit('exception', { status: 'error', message: SOCKET_REPLACED_MESSAGE });
    socket.disconnect(true);
    return true;
  }
}
