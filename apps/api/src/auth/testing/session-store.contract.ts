import type { SessionRepository } from '../session.repository.js';

/** What a session store scenario needs from its world (Postgres, or memory). */
export interface SessionWorld {
  store: SessionRepository;
  /** What the store's methods are given as executor (the database; ignored by the fake). */
  db: any;
  /** A player who can hold sessions; returns the user id. */
  user(): Promise<{ id: string; username: string; email: string }>;
  suspend(userId: string): Promise<void>;
  close(): Promise<void>;
}

const client = { ip: '203.0.113.7', userAgent: 'Chrome' };
let n = 0;
const tokenHash = () => `hash-${Date.now()}-${++n}`.padEnd(64, '0');

/**
 * The behaviour SessionService relies on, run against every store: the in-memory fake of its unit tests must
 * answer as Postgres does.
 */
export function describeSessionStore(name: string, makeWorld: () => Promise<SessionWorld>): void {
  describe(`session store: ${name}`, () => {
    let world: SessionWorld;
    beforeAll(async () => {
      world = await makeWorld();
    });
    afterAll(() => world.close());

    const open = async (ttlSeconds = 3_600) => {
      const user = await world.user();
      const sessionId = await world.store.createSession(world.db, {
        userId: user.id,
        ttlSeconds,
        ip: client.ip,
        userAgent: client.userAgent,
      });
      const hash = tokenHash();
      await world.store.insertToken(world.db, { tokenHash: hash, sessionId, ttlSeconds });
      return { user, sessionId, hash };
    };

    it("reads a token with its session and its user's role and status; nothing for an unknown token", async () => {
      const { user, sessionId, hash } = await open();
      expect(await world.store.findTokenForUpdate(world.db, hash)).toEqual({
        session_id: sessionId,
        rotated_at: null,
        expired: false,
        revoked_at: null,
        user_id: user.id,
        username: user.username,
        email: user.email,
        role: 'user',
        status: 'active',
      });
      await world.suspend(user.id);
      expect((await world.store.findTokenForUpdate(world.db, hash))?.status).toBe('banned');
      expect(await world.store.findTokenForUpdate(world.db, tokenHash())).toBeUndefined();
      expect(await world.store.sessionOfToken(world.db, hash)).toEqual({ sessionId, userId: user.id });
      expect(await world.store.userOfSession(world.db, sessionId)).toBe(user.id);
    });

    it('rotates a token once, and knows which session a successor belongs to', async () => {
      const first = await open();
      const other = await open();
      expect(await world.store.markRotated(world.db, first.hash)).toBe(true);
      expect(await world.store.markRotated(world.db, first.hash)).toBe(false);
      expect((await world.store.findTokenForUpdate(world.db, first.hash))?.rotated_at).toBeInstanceOf(Date);
      expect(await world.store.tokenOfSession(world.db, first.hash, first.sessionId)).toBe(true);
      expect(await world.store.tokenOfSession(world.db, first.hash, other.sessionId)).toBe(false);
    });

    it('revokes a session once; revoking all of a user ends only the live ones', async () => {
      const { user, sessionId, hash } = await open();
      const second = await world.store.createSession(world.db, { userId: user.id, ttlSeconds: 3_600, ...client });
      expect(await world.store.revoke(world.db, sessionId, 'logout')).toBe(true);
      expect(await world.store.revoke(world.db, sessionId, 'logout')).toBe(false);
      expect((await world.store.findTokenForUpdate(world.db, hash))?.revoked_at).toBeInstanceOf(Date);
      expect(await world.store.revokeAllOfUser(world.db, user.id, 'password-reset')).toEqual([second]);
      expect(await world.store.revokeAllOfUser(world.db, user.id, 'password-reset')).toEqual([]);
    });

    it('revokes every live session of a user but the one making the change', async () => {
      const { user, sessionId } = await open();
      const second = await world.store.createSession(world.db, { userId: user.id, ttlSeconds: 3_600, ...client });
      const third = await world.store.createSession(world.db, { userId: user.id, ttlSeconds: 3_600, ...client });
      expect((await world.store.revokeOthersOfUser(world.db, user.id, sessionId, 'password-changed')).sort()).toEqual(
        [second, third].sort(),
      );
      expect(await world.store.revokeOthersOfUser(world.db, user.id, sessionId, 'password-changed')).toEqual([]);
      expect(await world.store.revoke(world.db, sessionId, 'logout')).toBe(true);
    });

    it('counts a token as expired from the moment its lifetime ends', async () => {
      const { hash } = await open(0);
      expect((await world.store.findTokenForUpdate(world.db, hash))?.expired).toBe(true);
    });
  });
}
