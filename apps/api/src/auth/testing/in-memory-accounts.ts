import { randomUUID } from 'node:crypto';
import { emailIdentityKey, type Role } from '@app/domain';
import type { Snapshots } from '@app/testing/fakes';
import { EmailTakenError, UsernameTakenError, type UserRepository } from '../../users/user.repository.js';

interface StoredAccount {
  id: string;
  username: string;
  email: string;
  role: Role;
  status: 'active' | 'frozen' | 'banned' | 'suspended';
  password_hash: string;
  referral_code: string;
  referred_by: string | null;
  last_login_at: Date | null;
}

type AccountMethods =
  | 'findByEmail'
  | 'setPasswordHash'
  | 'emailExists'
  | 'usernameTaken'
  | 'referrerByCode'
  | 'createPlayer'
  | 'recordLogin';

/**
 * The accounts the sign-in, registration and reset use cases read and change, in memory, answering as
 * UserRepository's SQL does for accounts that are not grandfathered aliases: an address is found by itself or any
 * alias of its identity, one account per identity and per username ignoring case (EmailTakenError,
 * UsernameTakenError, as the UNIQUE indexes decide).
 */
export class InMemoryAccounts implements Pick<UserRepository, AccountMethods>, Snapshots {
  private accounts = new Map<string, StoredAccount>();

  add(account: Pick<StoredAccount, 'id' | 'username' | 'email' | 'role'> & Partial<StoredAccount>): void {
    this.accounts.set(account.id, {
      status: 'active',
      password_hash: 'none',
      referral_code: `R${account.id.replace(/[^A-Za-z0-9]/g, '').toUpperCase()}`.slice(0, 8),
      referred_by: null,
      last_login_at: null,
      ...account,
    });
  }
  get(id: string): Readonly<StoredAccount> | undefined {
    return this.accounts.get(id);
  }
  byEmail(email: string): Readonly<StoredAccount> | undefined {
    return [...this.accounts.values()].find((a) => a.email === email);
  }
  get size(): number {
    return this.accounts.size;
  }
  snapshot(): unknown {
    return structuredClone(this.accounts);
  }
  restore(snapshot: unknown): void {
    this.accounts = structuredClone(snapshot as Map<string, StoredAccount>);
  }

  async findByEmail(_db: unknown, email: string) {
    const all = [...this.accounts.values()];
    const found =
      all.find((a) => a.email === email) ?? all.find((a) => emailIdentityKey(a.email) === emailIdentityKey(email));
    return (
      found && {
        id: found.id,
        username: found.username,
        email: found.email,
        role: found.role,
        status: found.status,
        password_hash: found.password_hash,
        play_paused_until: null as Date | null,
        session_limit_minutes: null as string | null,
      }
    );
  }

  async emailExists(_db: unknown, email: string): Promise<boolean> {
    return [...this.accounts.values()].some((a) => emailIdentityKey(a.email) === emailIdentityKey(email));
  }

  async usernameTaken(_db: unknown, username: string, exceptId?: string): Promise<boolean> {
    return [...this.accounts.values()].some(
      (a) => a.username.toLowerCase() === username.toLowerCase() && a.id !== exceptId,
    );
  }

  async referrerByCode(_db: unknown, code: string) {
    const found = [...this.accounts.values()].find((a) => a.referral_code === code);
    return found && { id: found.id, role: found.role, email_key: emailIdentityKey(found.email) };
  }

  async createPlayer(
    _trx: unknown,
    row: { username: string; email: string; passwordHash: string; referredBy: string | null },
  ) {
    if (await this.emailExists(undefined, row.email)) throw new EmailTakenError();
    if (await this.usernameTaken(undefined, row.username)) throw new UsernameTakenError();
    const id = randomUUID();
    this.add({
      id,
      username: row.username,
      email: row.email,
      role: 'user',
      password_hash: row.passwordHash,
      referred_by: row.referredBy,
    });
    return { id, username: row.username, email: row.email, role: 'user' as const };
  }

  async recordLogin(_db: unknown, id: string): Promise<void> {
    const account = this.accounts.get(id);
    if (account) account.last_login_at = new Date();
  }

  async setPasswordHash(_db: unknown, id: string, passwordHash: string): Promise<boolean> {
    const account = this.accounts.get(id);
    if (!account) return false;
    account.password_hash = passwordHash;
    return true;
  }

  asUserRepository(): UserRepository {
    return this as unknown as UserRepository;
  }
}
