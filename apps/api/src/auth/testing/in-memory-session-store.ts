import { randomUUID } from 'node:crypto';
import type { Snapshots } from '@app/testing/fakes';
import type { Role } from '@app/domain';
import type { SessionRepository } from '../session.repository.js';

interface StoredUser {
  id: string;
  username: string;
  email: string;
  role: Role;
  status: 'active' | 'frozen' | 'banned' | 'suspended';
}
interface StoredSession {
  id: string;
  userId: string;
  expiresAt: number;
  revokedAt: Date | null;
  revokedReason: string | null;
  lastUsedAt: number | null;
  ip: string;
}
interface StoredToken {
  sessionId: string;
  expiresAt: number;
  rotatedAt: Date | null;
}
interface Data {
  users: Map<string, StoredUser>;
  sessions: Map<string, StoredSession>;
  tokens: Map<string, StoredToken>;
}

/**
 * Sessions and refresh tokens in memory, for unit tests of SessionService: the same answers as the SQL of
 * SessionRepository for what the service relies on — a token rotates once (conditional update), a session is
 * revoked once, expiry is "now or earlier" on the token or its session (the clock is `Date.now()`, so jest's fake
 * timers move it), and the row the service reads carries the user's role and status.
 */
export class InMemorySessionStore implements SessionRepository, Snapshots {
  private data: Data = { users: new Map(), sessions: new Map(), tokens: new Map() };

  addUser(user: Omit<StoredUser, 'status'> & { status?: StoredUser['status'] }): void {
    this.data.users.set(user.id, { status: 'active', ...user });
  }
  setStatus(userId: string, status: StoredUser['status']): void {
    this.data.users.get(userId)!.status = status;
  }
  session(sessionId: string): Readonly<StoredSession> | undefined {
    return this.data.sessions.get(sessionId);
  }
  /** The live (not yet rotated) tokens of a session. */
  liveTokens(sessionId: string): string[] {
    return [...this.data.tokens].filter(([, t]) => t.sessionId === sessionId && !t.rotatedAt).map(([hash]) => hash);
  }

  snapshot(): unknown {
    return structuredClone(this.data);
  }
  restore(snapshot: unknown): void {
    this.data = structuredClone(snapshot as Data);
  }

  async createSession(
    _db: unknown,
    row: { userId: string; ttlSeconds: number; ip: string; userAgent: string | null },
  ): Promise<string> {
    if (!this.data.users.has(row.userId)) throw new Error('sessions_user_id_fkey');
    const id = randomUUID();
    this.data.sessions.set(id, {
      id,
      userId: row.userId,
      expiresAt: Date.now() + row.ttlSeconds * 1000,
      revokedAt: null,
      revokedReason: null,
      lastUsedAt: null,
      ip: row.ip,
    });
    return id;
  }

  async insertToken(_db: unknown, row: { tokenHash: string; sessionId: string; ttlSeconds: number }): Promise<void> {
    if (this.data.tokens.has(row.tokenHash)) throw new Error('refresh_tokens_pkey');
    this.data.tokens.set(row.tokenHash, {
      sessionId: row.sessionId,
      expiresAt: Date.now() + row.ttlSeconds * 1000,
      rotatedAt: null,
    });
  }

  async findTokenForUpdate(_db: unknown, tokenHash: string) {
    const token = this.data.tokens.get(tokenHash);
    if (!token) return undefined;
    const session = this.data.sessions.get(token.sessionId)!;
    const user = this.data.users.get(session.userId)!;
    return {
      session_id: session.id,
      rotated_at: token.rotatedAt,
      expired: token.expiresAt <= Date.now() || session.expiresAt <= Date.now(),
      revoked_at: session.revokedAt,
      user_id: user.id,
      username: user.username,
      email: user.email,
      role: user.role,
      status: user.status,
    };
  }

  async tokenOfSession(_db: unknown, tokenHash: string, sessionId: string): Promise<boolean> {
    return this.data.tokens.get(tokenHash)?.sessionId === sessionId;
  }

  async markRotated(_db: unknown, tokenHash: string): Promise<boolean> {
    const token = this.data.tokens.get(tokenHash);
    if (!token || token.rotatedAt) return false;
    token.rotatedAt = new Date();
    return true;
  }

  async touchSession(_db: unknown, sessionId: string, ttlSeconds: number): Promise<void> {
    const session = this.data.sessions.get(sessionId);
    if (!session) return;
    session.lastUsedAt = Date.now();
    session.expiresAt = Date.now() + ttlSeconds * 1000;
  }

  async sessionOfToken(_db: unknown, tokenHash: string): Promise<{ sessionId: string; userId: string } | undefined> {
    const token = this.data.tokens.get(tokenHash);
    if (!token) return undefined;
    return { sessionId: token.sessionId, userId: this.data.sessions.get(token.sessionId)!.userId };
  }

  async userOfSession(_db: unknown, sessionId: string): Promise<string | undefined> {
    return this.data.sessions.get(sessionId)?.userId;
  }

  async revoke(_db: unknown, sessionId: string, reason: string): Promise<boolean> {
    const session = this.data.sessions.get(sessionId);
    if (!session || session.revokedAt) return false;
    session.revokedAt = new Date();
    session.revokedReason = reason;
    return true;
  }

  async revokeAllOfUser(_db: unknown, userId: string, reason: string): Promise<string[]> {
    return this.revokeOthersOfUser(_db, userId, null, reason);
  }

  async revokeOthersOfUser(
    _db: unknown,
    userId: string,
    keepSessionId: string | null,
    reason: string,
  ): Promise<string[]> {
    const revoked: string[] = [];
    for (const session of this.data.sessions.values()) {
      if (session.userId !== userId || session.revokedAt || session.id === keepSessionId) continue;
      session.revokedAt = new Date();
      session.revokedReason = reason;
      revoked.push(session.id);
    }
    return revoked;
  }
}
