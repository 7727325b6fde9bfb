import { Inject, Injectable, Logger, UnauthorizedException, ForbiddenException } from '@nestjs/common';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { AppConfig } from '@app/config';
import type { AuthUser as AuthUserData, Role } from '@app/contracts';
import { Database } from '@app/db';
import { decidePlayBreak, displayName } from '@app/domain';
import { PlayBreakRepository } from '../play-breaks/play-break.repository.js';
import { SocketAuthService } from '../realtime/socket-auth.service.js';
import { AccessTokenService } from './access-token.service.js';
import { AUTH_MESSAGES } from './auth-messages.js';
import { SessionRevocations } from './session-revocations.js';
import { SessionRepository } from './session.repository.js';

export interface IssuedSession {
  user: AuthUserData;
  accessToken: string;
  refreshToken: string;
  sessionId: string;
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function toAuthUser(row: { id: string; username: string; email: string; role: Role }): AuthUserData {
  return { _id: row.id, name: displayName(row.username, row.email), email: row.email, role: row.role };
}

type RotateOutcome =
  | { kind: 'ok'; session: IssuedSession }
  | { kind: 'refused'; reason: string }
  | { kind: 'reused'; userId: string; sessionId: string }
  | { kind: 'suspended'; userId: string; sessionId: string }
  | { kind: 'away'; userId: string; sessionId: string; message: string };

/**
 * Sessions: one per login, each a family of opaque refresh tokens (stored as SHA-256). Every refresh rotates the
 * token; presenting a rotated token again revokes the whole family (it was copied) — unless it comes back within
 * REFRESH_REUSE_GRACE_SECONDS of its rotation, which is the same client refreshing twice at once (two tabs, the
 * socket and a page): that presentation gets the very successor the first one got, never a second one, so a
 * family always has exactly one live token. To give the same successor again without keeping it readable, a
 * successor is derived from its predecessor (HMAC under a server key); the first token of a session is random.
 * Revoking a session also stops its access tokens (SessionRevocations) and disconnects the user's sockets on
 * every node. A refresh re-reads the account: a suspended account, or a player on a break or self-excluded (however
 * it was written), gets 403 and the session ends.
 */
@Injectable()
export class SessionService {
  private readonly logger = new Logger('Sessions');
  private readonly successorKey: Buffer;

  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(SessionRepository) private readonly sessions: SessionRepository,
    @Inject(AccessTokenService) private readonly accessTokens: AccessTokenService,
    @Inject(SessionRevocations) private readonly revocations: SessionRevocations,
    @Inject(SocketAuthService) private readonly sockets: SocketAuthService,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(PlayBreakRepository) private readonly playBreaks: PlayBreakRepository,
  ) {
    this.successorKey = config.deriveKey('refresh-token-successor');
  }

  private newToken(): { token: string; hash: string } {
    const token = randomBytes(32).toString('base64url');
    return { token, hash: hashRefreshToken(token) };
  }

  /** The token that replaces `token` when it rotates: the same every time it is asked for. */
  private successorOf(token: string): { token: string; hash: string } {
    const next = createHmac('sha256', this.successorKey).update(token).digest('base64url');
    return { token: next, hash: hashRefreshToken(next) };
  }

  /** Opens a session for a user who has just proved who they are. */
  async start(
    user: { id: string; username: string; email: string; role: Role },
    client: { ip: string; userAgent: string | null },
  ): Promise<IssuedSession> {
    const ttlSeconds = this.config.REFRESH_TOKEN_TTL_SECONDS;
    const { token, hash } = this.newToken();
    const sessionId = await this.db.transaction().execute(async (trx) => {
      const id = await this.sessions.createSession(trx, {
        userId: user.id,
        ttlSeconds,
        ip: client.ip,
        userAgent: client.userAgent,
      });
      await this.sessions.insertToken(trx, { tokenHash: hash, sessionId: id, ttlSeconds });
      return id;
    });
    return {
      user: toAuthUser(user),
      accessToken: this.accessTokens.sign(user, sessionId),
      refreshToken: token,
      sessionId,
    };
  }

  /** Exchanges a refresh token for a new one (and an access token); 401 when missing, expired, revoked or reused. */
  async rotate(refreshToken: string | undefined): Promise<IssuedSession> {
    if (!refreshToken) throw new UnauthorizedException(AUTH_MESSAGES.sessionExpired);
    const presented = hashRefreshToken(refreshToken);
    const ttlSeconds = this.config.REFRESH_TOKEN_TTL_SECONDS;
    const outcome = await this.db.transaction().execute(async (trx): Promise<RotateOutcome> => {
      // The row lock serialises presentations of one token: a second one sees the first one's rotation.
      const row = await this.sessions.findTokenForUpdate(trx, presented);
      if (!row) return { kind: 'refused', reason: 'unknown' };
      if (row.revoked_at) return { kind: 'refused', reason: 'revoked' };
      const concurrent =
        !!row.rotated_at &&
        Date.now() - new Date(row.rotated_at).getTime() < this.config.REFRESH_REUSE_GRACE_SECONDS * 1000;
      if (row.rotated_at && !concurrent) {
        // Later than a concurrent refresh could be: someone holds a copy. End the whole family.
        await this.sessions.revoke(trx, row.session_id, 'refresh-token-reuse');
        return { kind: 'reused', userId: row.user_id, sessionId: row.session_id };
      }
      if (row.expired) return { kind: 'refused', reason: 'expired' };
      if (row.status !== 'active') {
        await this.sessions.revoke(trx, row.session_id, 'account-suspended');
        return { kind: 'suspended', userId: row.user_id, sessionId: row.session_id };
      }
      // A break or self-exclusion ends the session even when it was written without revoking it (the same word as
      // the sign-in's: refused with the end date and the support address).
      const nowMs = Date.now();
      const away = await this.playBreaks.latest(trx, row.user_id, nowMs);
      const [refused] = decidePlayBreak(
        { type: 'EnterAccount', userId: row.user_id, nowMs, supportEmail: this.config.SUPPORT_EMAIL },
        { role: row.role, latest: away?.latest ?? null },
      );
      if (refused?.type === 'AccessRefused') {
        await this.sessions.revoke(trx, row.session_id, 'play-break');
        return { kind: 'away', userId: row.user_id, sessionId: row.session_id, message: refused.data.message };
      }
      const next = this.successorOf(refreshToken);
      if (concurrent) {
        // The same successor again (it exists unless the token was rotated before successors were derived).
        if (!(await this.sessions.tokenOfSession(trx, next.hash, row.session_id)))
          return { kind: 'refused', reason: 'rotated' };
      } else {
        if (!(await this.sessions.markRotated(trx, presented))) return { kind: 'refused', reason: 'rotated' };
        await this.sessions.insertToken(trx, { tokenHash: next.hash, sessionId: row.session_id, ttlSeconds });
      }
      await this.sessions.touchSession(trx, row.session_id, ttlSeconds);
      const user = { id: row.user_id, username: row.username, email: row.email, role: row.role };
      return {
        kind: 'ok',
        session: {
          user: toAuthUser(user),
          accessToken: this.accessTokens.sign(user, row.session_id),
          refreshToken: next.token,
          sessionId: row.session_id,
        },
      };
    });
    switch (outcome.kind) {
      case 'ok':
        return outcome.session;
      case 'reused':
        this.logger.warn({
          msg: 'refresh token reused; session revoked',
          userId: outcome.userId,
          sessionId: outcome.sessionId,
        });
        await this.afterRevoke(outcome.userId, [outcome.sessionId]);
        throw new UnauthorizedException(AUTH_MESSAGES.sessionExpired);
      case 'suspended':
        await this.afterRevoke(outcome.userId, [outcome.sessionId]);
        throw new ForbiddenException(AUTH_MESSAGES.accountSuspended);
      case 'away':
        this.logger.log({
          msg: 'refresh refused: play break; session revoked',
          userId: outcome.userId,
          sessionId: outcome.sessionId,
        });
        await this.afterRevoke(outcome.userId, [outcome.sessionId]);
        throw new ForbiddenException(outcome.message);
      case 'refused':
        throw new UnauthorizedException(AUTH_MESSAGES.sessionExpired);
    }
  }

  /**
   * Ends the session the refresh cookie belongs to (it works with an expired access token), or else the one of
   * a valid access token. Idempotent: nothing to end is not an error.
   */
  async logout(refreshToken: string | undefined, accessToken: string | undefined): Promise<void> {
    let target: { sessionId: string; userId: string } | undefined;
    if (refreshToken) target = await this.sessions.sessionOfToken(this.db, hashRefreshToken(refreshToken));
    if (!target && accessToken) {
      try {
        const claims = this.accessTokens.verify(accessToken);
        const userId = await this.sessions.userOfSession(this.db, claims.sid);
        if (userId === claims.sub) target = { sessionId: claims.sid, userId };
      } catch {
        /* an invalid or expired access token names no session */
      }
    }
    if (!target) return;
    await this.sessions.revoke(this.db, target.sessionId, 'logout');
    await this.afterRevoke(target.userId, [target.sessionId]);
  }

  /** After sessions were revoked in the database: stop their access tokens and disconnect the user's sockets. */
  propagateRevocation(userId: string, sessionIds: string[]): Promise<void> {
    return this.afterRevoke(userId, sessionIds);
  }

  private async afterRevoke(userId: string, sessionIds: string[]): Promise<void> {
    await this.revocations.markRevoked(sessionIds);
    this.sockets.disconnectUser(userId);
  }
}
