import { hash } from 'argon2';
import { randomBytes } from 'node:crypto';
import type { Role } from '@app/contracts';
import { Accounts, recordEntries } from '@app/ledger';
import { apiAuth } from './apps.js';
import type { TestApi } from './test-api.js';

export interface TestUser {
  id: string;
  email: string;
  username: string;
  password: string;
  role: Role;
  /** '' for an administrator, who holds no wallet. */
  walletId: string;
  referralCode: string;
  sessionId: string;
  /** A valid access token for this user's session. */
  token: string;
}

export interface CreateUserOptions {
  /** The user id (default: the database's). */
  id?: string;
  email?: string;
  username?: string;
  password?: string;
  role?: Role;
  /** Main balance to fund (paise), posted through the ledger from clearing:deposits. */
  main?: number;
  /** Bonus balance to fund (paise), posted through the ledger from house:bonus. */
  bonus?: number;
  isActive?: boolean;
  referredBy?: string;
  /**
   * A player's date of birth ('YYYY-MM-DD'; default 1990-01-01, an adult); null for an account older than the field
   * (asked for it before its next deposit).
   */
  dateOfBirth?: string | null;
  /**
   * A player's identity check (default `verified`, under the name "Test Player", so money can leave as before the
   * rule); `none` for a player who has submitted nothing. The document of a fixture is not a real sealed number.
   */
  identity?: 'verified' | 'none';
}

/** The verified name of a test player's fixture identity. */
export const TEST_VERIFIED_NAME = 'Test Player';

/**
 * Creates a player (or admin) directly in the database with a session and an access token. Balances are
 * funded through a balanced journal entry, so the ledger stays reconcilable.
 */
export async function createUser(api: TestApi, options: CreateUserOptions = {}): Promise<TestUser> {
  const tag = randomBytes(4).toString('hex');
  const email = (options.email ?? `player.${tag}@gmail.com`).toLowerCase();
  const username = options.username ?? `player_${tag}`;
  const password = options.password ?? 'secret123';
  const role = options.role ?? 'user';
  const referralCode = `T${tag.toUpperCase()}`.slice(0, 8).padEnd(8, 'Z');
  // The production parameters with less memory: test players are many, and their passwords guard nothing.
  const { PASSWORD_HASH_OPTIONS } = await apiAuth();
  const passwordHash = await hash(password, { ...PASSWORD_HASH_OPTIONS, memoryCost: 4096 });
  const created = await api.db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto('users')
      .values({
        ...(options.id ? { id: options.id } : {}),
        username,
        email,
        password_hash: passwordHash,
        role,
        referral_code: referralCode,
        referred_by: options.referredBy ?? null,
        date_of_birth:
          role === 'user' ? (options.dateOfBirth === undefined ? '1990-01-01' : options.dateOfBirth) : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (role === 'user' && (options.identity ?? 'verified') === 'verified') {
      await trx
        .insertInto('identity_checks')
        .values({
          user_id: user.id,
          status: 'verified',
          full_name: TEST_VERIFIED_NAME,
          document_type: 'PAN',
          document_sealed: 'test-fixture-not-sealed',
          key_id: '0000000000000000',
          document_masked: 'XXXXX0000T',
          document_digest: randomBytes(32).toString('hex'),
          decided_at: new Date(),
        })
        .execute();
    }
    // An administrator holds no wallet (the database refuses one).
    const wallet =
      role === 'user'
        ? await trx
            .insertInto('wallets')
            .values({ user_id: user.id, is_active: options.isActive ?? (options.main ?? 0) > 0 })
            .returning('id')
            .executeTakeFirstOrThrow()
        : { id: '' };
    const postings = [];
    if (options.main)
      postings.push(
        { account: Accounts.clearingDeposits, amount: -options.main },
        { account: Accounts.userMain(user.id), amount: options.main },
      );
    if (options.bonus)
      postings.push(
        { account: Accounts.houseBonus, amount: -options.bonus },
        { account: Accounts.userBonus(user.id), amount: options.bonus },
      );
    if (postings.length > 0) {
      await recordEntries(trx, [
        { type: 'TestFunding', stream: `wallet:${user.id}`, userId: user.id, payload: {}, postings, outbox: false },
      ]);
    }
    const session = await trx
      .insertInto('sessions')
      .values({ user_id: user.id, expires_at: new Date(Date.now() + 86_400_000) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: user.id, walletId: wallet.id, sessionId: session.id };
  });
  const token = api.accessToken({ id: created.id, role }, created.sessionId);
  return { ...created, email, username, password, role, referralCode, token };
}

/** A new session of an existing user and its access token (a test that signs out can sign in again). */
export async function newSession(api: TestApi, user: Pick<TestUser, 'id' | 'role'>): Promise<string> {
  const session = await api.db
    .insertInto('sessions')
    .values({ user_id: user.id, expires_at: new Date(Date.now() + 86_400_000) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return api.accessToken(user, session.id);
}
