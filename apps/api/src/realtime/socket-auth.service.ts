import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Server, Socket } from 'socket.io';
import { newTokenPayloadSchema } from '@app/contracts';
import { ADMIN_ROOM, userRoom } from '@app/realtime';
import { AccessTokenService } from '../auth/access-token.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import { SIGN_IN_REQUIRED } from '../auth/jwt-auth.guard.js';
import { SessionRevocations } from '../auth/session-revocations.js';

export const SOCKET_MESSAGES = {
  signInRequired: SIGN_IN_REQUIRED,
  sessionExpired: 'Your session has expired. Please log in again.',
  tokenInvalid: 'The new token is not valid.',
  tokenOtherUser: 'The new token belongs to another account.',
} as const;

/** A signed-in socket: `socket.data.user` as the handshake (or the latest `new-token`) proved it. */
export interface SocketUser extends AuthUser {
  /** Expiry of the current access token, epoch ms. */
  expiresAt: number;
}

interface Timers {
  refresh?: NodeJS.Timeout;
  expire?: NodeJS.Timeout;
}

/**
 * Signs sockets in. The handshake carries `auth: { apiKey, token }`; the access token must be valid and its
 * session not revoked. A signed-in socket joins `user:{id}` (an administrator's also `admins`). About a minute before its token expires the server
 * emits `request-refresh-token`; the client refreshes over HTTP and emits `new-token` `{ token }` (same user),
 * which extends the socket's life. A socket whose token expires unrefreshed, or whose session is revoked, is
 * disconnected.
 */
@Injectable()
export class SocketAuthService {
  private readonly logger = new Logger('SocketAuth');
  private server?: Server;
  private readonly timers = new WeakMap<Socket, Timers>();

  /** How long before expiry `request-refresh-token` is sent (tests shorten it). */
  readonly timings = { refreshLeadMs: 60_000 };

  constructor(
    @Inject(AccessTokenService) private readonly tokens: AccessTokenService,
    @Inject(SessionRevocations) private readonly revocations: SessionRevocations,
  ) {}

  /** Installs the handshake check; call after the API-key check. */
  attach(server: Server): void {
    this.server = server;
    server.use((socket, next) => {
      this.authenticate((socket.handshake.auth as { token?: unknown } | undefined)?.token)
        .then((user) => {
          socket.data.user = user;
          next();
        })
        .catch((error: Error) => next(error));
    });
  }

  private async authenticate(token: unknown): Promise<SocketUser> {
    if (typeof token !== 'string' || token === '') throw socketError(SOCKET_MESSAGES.signInRequired);
    const user = await this.verify(token);
    if (!user) throw socketError(SOCKET_MESSAGES.sessionExpired);
    return user;
  }

  /** The user an access token proves, or null when it is invalid, expired or of a revoked session. */
  private async verify(token: string): Promise<SocketUser | null> {
    let claims;
    try {
      claims = this.tokens.verify(token);
    } catch {
      return null;
    }
    if (await this.revocations.isRevoked(claims.sid)) return null;
    return { id: claims.sub, role: claims.role, sessionId: claims.sid, expiresAt: claims.exp * 1000 };
  }

  /** Call from the gateway's handleConnection: joins the user's room and watches the token's expiry. */
  onConnection(socket: Socket): void {
    const user = socket.data.user as SocketUser | undefined;
    if (!user) {
      socket.disconnect(true);
      return;
    }
    void socket.join(userRoom(user.id));
    // Administrators alone hear what the console follows live (the pending payment counts).
    if (user.role === 'super-admin') void socket.join(ADMIN_ROOM);
    this.schedule(socket, user.expiresAt);
    socket.on('new-token', (payload: unknown, ack?: unknown) => {
      void this.renew(
        socket,
        payload,
        typeof ack === 'function' ? (ack as (r: { success: boolean; message?: string }) => void) : undefined,
      );
    });
    socket.on('disconnect', () => this.clear(socket));
  }

  private async renew(
    socket: Socket,
    payload: unknown,
    ack?: (r: { success: boolean; message?: string }) => void,
  ): Promise<void> {
    const current = socket.data.user as SocketUser;
    // The door: new-token's schema (libs/contracts/src/socket.ts), a token that is not empty.
    const door = newTokenPayloadSchema.safeParse(payload);
    const next = door.success ? await this.verify(door.data.token) : null;
    if (!socket.connected) return;
    if (!next) return this.refuse(socket, SOCKET_MESSAGES.tokenInvalid, ack);
    if (next.id !== current.id) return this.refuse(socket, SOCKET_MESSAGES.tokenOtherUser, ack);
    socket.data.user = next;
    this.schedule(socket, next.expiresAt);
    ack?.({ success: true });
  }

  private refuse(socket: Socket, message: string, ack?: (r: { success: boolean; message?: string }) => void): void {
    socket.emit('exception', { status: 'error', message });
    ack?.({ success: false, message });
  }

  private schedule(socket: Socket, expiresAt: number): void {
    this.clear(socket);
    const now = Date.now();
    const timers: Timers = {
      refresh: setTimeout(
        () => socket.emit('request-refresh-token'),
        Math.max(0, expiresAt - this.timings.refreshLeadMs - now),
      ),
      expire: setTimeout(
        () => {
          socket.emit('exception', { status: 'error', message: SOCKET_MESSAGES.sessionExpired });
          socket.disconnect(true);
        },
        Math.max(0, expiresAt - now),
      ),
    };
    timers.refresh?.unref();
    timers.expire?.unref();
    this.timers.set(socket, timers);
  }

  private clear(socket: Socket): void {
    const timers = this.timers.get(socket);
    if (timers) {
      clearTimeout(timers.refresh);
      clearTimeout(timers.expire);
      this.timers.delete(socket);
    }
  }

  /** Disconnects every socket of a user, on every api node (through the Redis adapter). */
  disconnectUser(userId: string): void {
    if (!this.server) return;
    this.server.in(userRoom(userId)).disconnectSockets(true);
    this.logger.log({ msg: 'user sockets disconnected', userId });
  }
}

function socketError(message: string): Error & { data: { message: string } } {
  return Object.assign(new Error(message), { data: { message } });
}
