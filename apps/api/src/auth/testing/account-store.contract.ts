import { EmailTakenError, UsernameTakenError, type UserRepository } from '../../users/user.repository.js';

/** What an account store scenario needs from its world (Postgres, or memory). */
export interface AccountWorld {
  /** The account methods the sign-in, registration and reset use cases call. */
  store: Pick<
    UserRepository,
    'findByEmail' | 'emailExists' | 'usernameTaken' | 'referrerByCode' | 'createPlayer' | 'setPasswordHash'
  >;
  /** What the store's methods are given as executor (the database; ignored by the fake). */
  db: any;
  /** An administrator account (made directly); returns its id and referral code. */
  admin(email: string): Promise<{ id: string; referralCode: string }>;
  referralCodeOf(userId: string): Promise<string>;
  close(): Promise<void>;
}

let n = 0;
const tag = () => `${Date.now().toString(36)}${++n}`;

/**
 * The behaviour AuthService and PasswordResetService rely on, run against UserRepository on Postgres and against the
 * in-memory accounts of their unit tests.
 */
export function describeAccountStore(name: string, makeWorld: () => Promise<AccountWorld>): void {
  describe(`account store: ${name}`, () => {
    let world: AccountWorld;
    beforeAll(async () => {
      world = await makeWorld();
    });
    afterAll(() => world.close());

    const player = (email: string, referredBy: string | null = null) =>
      world.store.createPlayer(world.db, { username: `p ${tag()}`, email, passwordHash: 'hash-1', referredBy });

    it('finds an account by its address or any alias of its identity, with what login needs', async () => {
      const t = tag();
      const created = await player(`anita.${t}@gmail.com`);
      const expected = {
        id: created.id,
        username: created.username,
        email: `anita.${t}@gmail.com`,
        role: 'user',
        status: 'active',
        password_hash: 'hash-1',
        play_paused_until: null,
        session_limit_minutes: null,
      };
      expect(await world.store.findByEmail(world.db, `anita.${t}@gmail.com`)).toEqual(expected);
      expect(await world.store.findByEmail(world.db, `anita${t}+x@gmail.com`)).toEqual(expected);
      expect(await world.store.findByEmail(world.db, `other.${t}@gmail.com`)).toBeUndefined();
      expect(await world.store.emailExists(world.db, `a.nita.${t}+promo@googlemail.com`)).toBe(true);
      expect(await world.store.emailExists(world.db, `other.${t}@gmail.com`)).toBe(false);
    });

    it('refuses a second account of one identity (EmailTakenError) or one username in any case (UsernameTakenError)', async () => {
      const t = tag();
      const first = await world.store.createPlayer(world.db, {
        username: `Name ${t}`,
        email: `dup.${t}@gmail.com`,
        passwordHash: 'h',
        referredBy: null,
      });
      await expect(
        world.store.createPlayer(world.db, {
          username: `Other ${t}`,
          email: `dup${t}+2@gmail.com`,
          passwordHash: 'h',
          referredBy: null,
        }),
      ).rejects.toBeInstanceOf(EmailTakenError);
      await expect(
        world.store.createPlayer(world.db, {
          username: `NAME ${t}`.toUpperCase(),
          email: `fresh.${t}@gmail.com`,
          passwordHash: 'h',
          referredBy: null,
        }),
      ).rejects.toBeInstanceOf(UsernameTakenError);
      expect(await world.store.usernameTaken(world.db, `name ${t}`)).toBe(true);
      expect(await world.store.usernameTaken(world.db, `name ${t}`, first.id)).toBe(false);
    });

    it("names a referral code's owner with role and e-mail identity; changes a password hash of an account only", async () => {
      const t = tag();
      const referrer = await player(`ref.${t}@gmail.com`);
      const code = await world.referralCodeOf(referrer.id);
      expect(await world.store.referrerByCode(world.db, code)).toEqual({
        id: referrer.id,
        role: 'user',
        email_key: `ref${t}@gmail.com`,
      });
      const admin = await world.admin(`boss.${t}@gmail.com`);
      expect(await world.store.referrerByCode(world.db, admin.referralCode)).toMatchObject({
        id: admin.id,
        role: 'super-admin',
      });
      expect(await world.store.referrerByCode(world.db, 'NOSUCH00')).toBeUndefined();
      expect(await world.store.setPasswordHash(world.db, referrer.id, 'hash-2')).toBe(true);
      expect((await world.store.findByEmail(world.db, `ref.${t}@gmail.com`))?.password_hash).toBe('hash-2');
      expect(await world.store.setPasswordHash(world.db, '00000000-0000-4000-8000-000000000000', 'hash-3')).toBe(false);
    });
  });
}
