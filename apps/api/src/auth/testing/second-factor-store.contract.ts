import type { SecondFactorRepository } from '../second-factor.repository.js';

/** What a second-factor store scenario needs from its world (Postgres, or memory). */
export interface SecondFactorWorld {
  store: SecondFactorRepository;
  /** What the store's methods are given as executor (the database; ignored by the fake). */
  db: any;
  /** A new account of this role; its id. */
  user(role: 'user' | 'super-admin', email: string): Promise<string>;
  close(): Promise<void>;
}

let n = 0;
const address = () => `factor.${Date.now()}.${++n}@winround.app`;
const KEY = 'a1b2c3d4e5f60718';
const OTHER_KEY = 'ffffffffffffffff';
const hash = (c: string) => c.repeat(64).slice(0, 64);

/**
 * The behaviour SecondFactorService relies on, run against every store: the in-memory fake of its unit tests must
 * answer as Postgres does.
 */
export function describeSecondFactorStore(name: string, makeWorld: () => Promise<SecondFactorWorld>): void {
  describe(`second-factor store: ${name}`, () => {
    let world: SecondFactorWorld;
    beforeAll(async () => {
      world = await makeWorld();
    });
    afterAll(() => world.close());

    it('keeps a key waiting, confirms it only while it is the one waiting, and then it is the enrolled one', async () => {
      const email = address();
      const id = await world.user('super-admin', email);
      expect(await world.store.emailOf(world.db, id)).toBe(email);
      expect(await world.store.find(world.db, id)).toBeUndefined();
      await world.store.startPending(world.db, id, 'sealedOne', KEY);
      await world.store.startPending(world.db, id, 'sealedTwo', KEY);
      expect(await world.store.find(world.db, id)).toMatchObject({
        secret_sealed: null,
        confirmed_at: null,
        pending_sealed: 'sealedTwo',
        pending_key_id: KEY,
      });
      expect(await world.store.confirmPending(world.db, id, 'sealedOne', 100)).toBe(false);
      expect(await world.store.confirmPending(world.db, id, 'sealedTwo', 100)).toBe(true);
      expect(await world.store.confirmPending(world.db, id, 'sealedTwo', 100)).toBe(false);
      const row = await world.store.find(world.db, id);
      expect(row).toMatchObject({
        secret_sealed: 'sealedTwo',
        key_id: KEY,
        last_step: 100,
        pending_sealed: null,
        pending_key_id: null,
      });
      expect(row!.confirmed_at).toBeInstanceOf(Date);
      // A replacement waits beside the enrolled key, which stays until the replacement is confirmed.
      await world.store.startPending(world.db, id, 'sealedThree', KEY);
      expect(await world.store.find(world.db, id)).toMatchObject({
        secret_sealed: 'sealedTwo',
        pending_sealed: 'sealedThree',
      });
    });

    it('accepts each time step once, only later ones after it', async () => {
      const id = await world.user('super-admin', address());
      expect(await world.store.advanceStep(world.db, id, 5)).toBe(false);
      await world.store.startPending(world.db, id, 'sealed', KEY);
      expect(await world.store.advanceStep(world.db, id, 5)).toBe(false);
      await world.store.confirmPending(world.db, id, 'sealed', 10);
      expect(await world.store.advanceStep(world.db, id, 10)).toBe(false);
      expect(await world.store.advanceStep(world.db, id, 9)).toBe(false);
      expect(await world.store.advanceStep(world.db, id, 11)).toBe(true);
      expect(await world.store.advanceStep(world.db, id, 11)).toBe(false);
      expect((await world.store.find(world.db, id))?.last_step).toBe(11);
    });

    it('uses a recovery code once, only the user’s own, and a new set replaces the old one', async () => {
      const id = await world.user('super-admin', address());
      const other = await world.user('super-admin', address());
      await world.store.replaceRecoveryCodes(world.db, id, [hash('a'), hash('b'), hash('c')]);
      expect(await world.store.recoveryCodesLeft(world.db, id)).toBe(3);
      expect(await world.store.useRecoveryCode(world.db, other, hash('a'))).toBe(false);
      expect(await world.store.useRecoveryCode(world.db, id, hash('a'))).toBe(true);
      expect(await world.store.useRecoveryCode(world.db, id, hash('a'))).toBe(false);
      expect(await world.store.recoveryCodesLeft(world.db, id)).toBe(2);
      await world.store.replaceRecoveryCodes(world.db, id, [hash('d')]);
      expect(await world.store.useRecoveryCode(world.db, id, hash('b'))).toBe(false);
      expect(await world.store.recoveryCodesLeft(world.db, id)).toBe(1);
    });

    it('names the active super-admins without an authenticator enrolled under the given key', async () => {
      const enrolledEmail = address();
      const missingEmail = address();
      const otherKeyEmail = address();
      const enrolled = await world.user('super-admin', enrolledEmail);
      await world.user('super-admin', missingEmail);
      const otherKey = await world.user('super-admin', otherKeyEmail);
      await world.user('user', address());
      await world.store.startPending(world.db, enrolled, 'sealed', KEY);
      await world.store.confirmPending(world.db, enrolled, 'sealed', 1);
      await world.store.startPending(world.db, otherKey, 'sealed', OTHER_KEY);
      await world.store.confirmPending(world.db, otherKey, 'sealed', 1);
      const without = await world.store.superAdminsWithout(world.db, KEY);
      expect(without).toEqual(expect.arrayContaining([missingEmail, otherKeyEmail]));
      expect(without).not.toContain(enrolledEmail);
      expect([...without].sort()).toEqual(without);
    });
  });
}
