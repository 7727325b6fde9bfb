import { Inject } from '@nestjs/common';
import { WebSocketGateway, type OnGatewayConnection, type OnGatewayDisconnect } from '@nestjs/websockets';
import type { Socket } from 'socket.io';
import type { SocketUser } from '../realtime/socket-auth.service.js';
import { PresenceService, type PresenceUser } from './presence.service.js';

type PresenceSocket = Socket<Record<string, never>, Record<string, never>, Record<string, never>, { user?: SocketUser; presence?: PresenceUser }>;

/** Counts every signed-in socket of this node in and out of presence (the handshake has proved its user). */
@WebSocketGateway()
export class PresenceGateway implements OnGatewayConnection, OnGatewayDisconnect {
  constructor(@Inject(PresenceService) private readonly presence: PresenceService) {}

  handleConnection(socket: PresenceSocket): void {
    const user = socket.data.user;
    if (!user || socket.disconnected) return;
    // Remember who was counted: a later `new-token` replaces socket.data.user, but it is the same user.
    socket.data.presence = { id: user.id, role: user.role };
    this.presence.connected(socket.data.presence);
  }

  handleDisconnect(socket: PresenceSocket): void {
    const counted = socket.data.presence;
    if (!counted) return;
    socket.data.presence = undefined;
    this.presence.disconnected(counted);
  }
}
