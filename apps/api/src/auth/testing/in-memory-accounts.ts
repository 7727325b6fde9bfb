import { emailIdentityKey, type Role } from '@app/domain';
import type { Snapshots } from '@app/testing/fakes';
import type { UserRepository } from '../../users/user.repository.js';

interface StoredAccount {
  id: string;
  username: string;
  email: string;
  role: Role;
  status: 'active' | 'frozen' | 'banned';
  password_hash: string;
}

/**
 * The accounts a sign-in or reset use case reads and changes, in memory: found by the address or any alias of its
 * identity (as UserRepository.findByEmail does for accounts that are not grandfathered aliases).
 */
export class InMemoryAccounts implements Pick<UserRepository, 'findByEmail' | 'setPasswordHash'>, Snapshots {
  private accounts = new Map<string, StoredAccount>();

  add(account: Omit<StoredAccount, 'status' | 'password_hash'> & Partial<StoredAccount>): void {
    this.accounts.set(account.id, { status: 'active', password_hash: 'none', ...account });
  }
  get(id: string): Readonly<StoredAccount> | undefined {
    return this.accounts.get(id);
  }
  snapshot(): unknown {
    return structuredClone(this.accounts);
  }
  restore(snapshot: unknown): void {
    this.accounts = structuredClone(snapshot as Map<string, StoredAccount>);
  }

  async findByEmail(_db: unknown, email: string) {
    const all = [...this.accounts.values()];
    const found = all.find((a) => a.email === email) ?? all.find((a) => emailIdentityKey(a.email) === emailIdentityKey(email));
    return found && { ...found };
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
