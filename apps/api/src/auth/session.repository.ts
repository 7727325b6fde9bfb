import { Injectable } from '@nestjs/common';
import { sql, type Kysely } from 'kysely';
import type { DB } from '@app/db';

type Executor = Kysely<DB>;

/** SQL of sessions (refresh-token families) and their refresh tokens (stored as SHA-256 hashes). */
@Injectable()
export class SessionRepository {
  async createSession(
    db: Executor,
    row: { userId: string; ttlSeconds: number; ip: string; userAgent: string | null },
  ): Promise<string> {
    const session = await db
      .insertInto('sessions')
      .values({
        user_id: row.userId,
        expires_at: sql<Date>`now() + make_interval(secs => ${row.ttlSeconds})`,
        ip: row.ip,
        user_agent: row.userAgent,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return session.id;
  }

  async insertToken(db: Executor, row: { tokenHash: string; sessionId: string; ttlSeconds: number }): Promise<void> {
    await db
      .insertInto('refresh_tokens')
      .values({
        token_hash: row.tokenHash,
        session_id: row.sessionId,
        expires_at: sql<Date>`now() + make_interval(secs => ${row.ttlSeconds})`,
      })
      .execute();
  }

  /** A refresh token with its session and user, token and session rows locked (one rotation at a time). */
  async findTokenForUpdate(db: Executor, tokenHash: string) {
    return db
      .selectFrom('refresh_tokens as t')
      .innerJoin('sessions as s', 's.id', 't.session_id')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select([
        't.session_id',
        't.rotated_at',
        sql<boolean>`t.expires_at <= now() OR s.expires_at <= now()`.as('expired'),
        's.revoked_at',
        'u.id as user_id',
        'u.username',
        'u.email',
        'u.role',
        'u.status',
      ])
      .where('t.token_hash', '=', tokenHash)
      .forUpdate(['t', 's'])
      .executeTakeFirst();
  }

  /** True when the token exists and belongs to the session. */
  async tokenOfSession(db: Executor, tokenHash: string, sessionId: string): Promise<boolean> {
    const row = await db
      .selectFrom('refresh_tokens')
      .select('token_hash')
      .where('token_hash', '=', tokenHash)
      .where('session_id', '=', sessionId)
      .executeTakeFirst();
    return !!row;
  }

  /** Marks a token rotated; false when it already was (conditional update: a token rotates once). */
  async markRotated(db: Executor, tokenHash: string): Promise<boolean> {
    const row = await db
      .updateTable('refresh_tokens')
      .set({ rotated_at: sql`now()` })
      .where('token_hash', '=', tokenHash)
      .where('rotated_at', 'is', null)
      .returning('token_hash')
      .executeTakeFirst();
    return !!row;
  }

  /** Sliding lifetime: each refresh extends the session. */
  async touchSession(db: Executor, sessionId: string, ttlSeconds: number): Promise<void> {
    await db
      .updateTable('sessions')
      .set({ last_used_at: sql`now()`, expires_at: sql`now() + make_interval(secs => ${ttlSeconds})` })
      .where('id', '=', sessionId)
      .execute();
  }

  async sessionOfToken(db: Executor, tokenHash: string): Promise<{ sessionId: string; userId: string } | undefined> {
    const row = await db
      .selectFrom('refresh_tokens as t')
      .innerJoin('sessions as s', 's.id', 't.session_id')
      .select(['s.id as sessionId', 's.user_id as userId'])
      .where('t.token_hash', '=', tokenHash)
      .executeTakeFirst();
    return row;
  }

  async userOfSession(db: Executor, sessionId: string): Promise<string | undefined> {
    const row = await db.selectFrom('sessions').select('user_id').where('id', '=', sessionId).executeTakeFirst();
    return row?.user_id;
  }

  /** Revokes one session; returns whether it was live. */
  async revoke(db: Executor, sessionId: string, reason: string): Promise<boolean> {
    const row = await db
      .updateTable('sessions')
      .set({ revoked_at: sql`now()`, revoked_reason: reason })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return !!row;
  }

  /** Revokes every live session of a user but one (the one making the change); returns their ids. */
  async revokeOthersOfUser(db: Executor, userId: string, keepSessionId: string, reason: string): Promise<string[]> {
    const rows = await db
      .updateTable('sessions')
      .set({ revoked_at: sql`now()`, revoked_reason: reason })
      .where('user_id', '=', userId)
      .where('id', '<>', keepSessionId)
      .where('revoked_at', 'is', null)
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  }

  /** Revokes every live session of a user; returns their ids. */
  async revokeAllOfUser(db: Executor, userId: string, reason: string): Promise<string[]> {
    const rows = await db
      .updateTable('sessions')
      .set({ revoked_at: sql`now()`, revoked_reason: reason })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  }
}
