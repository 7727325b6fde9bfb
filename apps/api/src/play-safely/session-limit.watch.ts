import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Server, Socket } from 'socket.io';
import { userRoom } from '@app/realtime';
import type { SocketUser } from '../realtime/socket-auth.service.js';
import { PlaySafelyService } from './play-safely.service.js';

/** The cluster-wide notice that a player's session limit changed: every api node re-arms its sockets of that player. */
const LIMITS_CHANGED = 'play-limits-changed';

/**
 * The session time limit, on the live connection: each player socket is armed with its session's end (the login +
 * the limit in force). At that moment the player is told (`session-limit`, with until when play is paused), every
 * session of theirs ends and their sockets close on every node (PlaySafelyService.endPlayAtLimit). A socket of a
 * session already past its limit is ended as it connects. When the player changes their session limit, every node
 * re-arms its sockets of that player (a server-side emit through the Redis adapter). The timer checks again when it
 * fires, so a limit raised meanwhile (its 24 hours passed) is honoured.
 */
@Injectable()
export class SessionLimitWatch {
  private readonly logger = new Logger('SessionLimit');
  private server?: Server;
  private readonly timers = new WeakMap<Socket, NodeJS.Timeout>();
  private readonly socketsByUser = new Map<string, Set<Socket>>();

  constructor(@Inject(PlaySafelyService) private readonly playSafely: PlaySafelyService) {}

  attach(server: Server): void {
    this.server = server;
    server.on(LIMITS_CHANGED, (userId: unknown) => {
      if (typeof userId === 'string') this.rearmLocal(userId);
    });
  }

  /** Call from the gateway's handleConnection, after the socket is signed in. */
  onConnection(socket: Socket): void {
    const user = socket.data.user as SocketUser | undefined;
    if (!user || user.role !== 'user') return;
    const own = this.socketsByUser.get(user.id) ?? this.socketsByUser.set(user.id, new Set()).get(user.id)!;
    own.add(socket);
    socket.on('disconnect', () => {
      this.clear(socket);
      own.delete(socket);
      if (own.size === 0 && this.socketsByUser.get(user.id) === own) this.socketsByUser.delete(user.id);
    });
    void this.arm(socket);
  }

  /** The player changed their session limit: re-arm their sockets here and on every other node. */
  limitsChanged(userId: string): void {
    this.rearmLocal(userId);
    try {
      this.server?.serverSideEmit(LIMITS_CHANGED, userId);
    } catch (error) {
      this.logger.warn({
        msg: 'session limit change not sent to other nodes',
        userId,
        error: (error as Error).message,
      });
    }
  }

  private rearmLocal(userId: string): void {
    for (const socket of this.socketsByUser.get(userId) ?? []) void this.arm(socket);
  }

  private clear(socket: Socket): void {
    const timer = this.timers.get(socket);
    if (timer) clearTimeout(timer);
    this.timers.delete(socket);
  }

  private async arm(socket: Socket): Promise<void> {
    const user = socket.data.user as SocketUser;
    try {
      const endsAt = await this.playSafely.sessionEndsAt(user.id, user.sessionId);
      this.clear(socket);
      if (!endsAt || !socket.connected) return;
      const timer = setTimeout(() => void this.reached(socket), Math.max(0, endsAt.getTime() - Date.now()));
      timer.unref();
      this.timers.set(socket, timer);
    } catch (error) {
      this.logger.warn({ msg: 'session limit not armed', userId: user.id, error: (error as Error).message });
    }
  }

  private async reached(socket: Socket): Promise<void> {
    const user = socket.data.user as SocketUser;
    this.timers.delete(socket);
    if (!socket.connected) return;
    try {
      await this.end(socket, user);
    } catch (error) {
      this.logger.error({ msg: 'session limit not applied', userId: user.id, error: (error as Error).message });
    }
  }

  private async end(socket: Socket, user: SocketUser): Promise<void> {
    const limit = await this.playSafely.sessionLimit(user.id, user.sessionId);
    if (!limit) return; // the limit was removed, or the session ended otherwise
    if (limit.endsAt.getTime() > Date.now() + 500) return void this.arm(socket); // raised meanwhile
    const notice = await this.playSafely.endPlayAtLimit(user.id, limit.minutes);
    this.server
      ?.to(userRoom(user.id))
      .emit('session-limit', { message: notice.message, pausedUntil: notice.pausedUntil.toISOString() });
    await this.playSafely.propagate(notice);
  }
}
