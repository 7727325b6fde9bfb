import type { OtpRepository } from '../otp.repository.js';

/** What a one-time-code store scenario needs from its world (Postgres, or memory). */
export interface OtpWorld {
  store: OtpRepository;
  /** What the store's methods are given as executor (the database; ignored by the fake). */
  db: any;
  close(): Promise<void>;
}

let n = 0;
const address = () => `code.${Date.now()}.${++n}@gmail.com`;
const code = (purpose: 'register' | 'reset', email: string, codeHash: string, ttlMinutes = 10) => ({
  purpose,
  email,
  codeHash,
  ip: '198.51.100.4',
  ttlMinutes,
});

/**
 * The behaviour OtpService relies on, run against every store: the in-memory fake of its unit tests must answer as
 * Postgres does.
 */
export function describeOtpStore(name: string, makeWorld: () => Promise<OtpWorld>): void {
  describe(`one-time-code store: ${name}`, () => {
    let world: OtpWorld;
    beforeAll(async () => {
      world = await makeWorld();
    });
    afterAll(() => world.close());

    it('reads the newest unused code of an address and purpose only', async () => {
      const email = address();
      await world.store.insert(world.db, code('register', email, 'a'.repeat(64)));
      const newest = await world.store.insert(world.db, code('register', email, 'b'.repeat(64)));
      expect(await world.store.newestUnusedForUpdate(world.db, 'register', email)).toEqual({
        id: newest,
        code_hash: 'b'.repeat(64),
        attempts: 0,
        expired: false,
      });
      expect(await world.store.newestUnusedForUpdate(world.db, 'reset', email)).toBeUndefined();
      expect(await world.store.newestUnusedForUpdate(world.db, 'register', address())).toBeUndefined();
    });

    it('supersedes every unused code of an address and purpose, and no other', async () => {
      const email = address();
      await world.store.insert(world.db, code('register', email, 'a'.repeat(64)));
      const reset = await world.store.insert(world.db, code('reset', email, 'c'.repeat(64)));
      await world.store.supersede(world.db, 'register', email);
      expect(await world.store.newestUnusedForUpdate(world.db, 'register', email)).toBeUndefined();
      expect((await world.store.newestUnusedForUpdate(world.db, 'reset', email))?.id).toBe(reset);
    });

    it('counts wrong attempts and uses a code once', async () => {
      const email = address();
      const id = await world.store.insert(world.db, code('reset', email, 'd'.repeat(64)));
      expect(await world.store.addWrongAttempt(world.db, id)).toBe(1);
      expect(await world.store.addWrongAttempt(world.db, id)).toBe(2);
      expect((await world.store.newestUnusedForUpdate(world.db, 'reset', email))?.attempts).toBe(2);
      expect(await world.store.consume(world.db, id)).toBe(true);
      expect(await world.store.consume(world.db, id)).toBe(false);
      expect(await world.store.newestUnusedForUpdate(world.db, 'reset', email)).toBeUndefined();
    });

    it('counts a code as expired from the moment its lifetime ends', async () => {
      const email = address();
      await world.store.insert(world.db, code('register', email, 'e'.repeat(64), 0));
      expect((await world.store.newestUnusedForUpdate(world.db, 'register', email))?.expired).toBe(true);
    });
  });
}
