import { randomUUID } from 'node:crypto';
import type { Snapshots } from '@app/testing/fakes';
import type { SecondFactorRepository, SecondFactorRow } from '../second-factor.repository.js';

interface StoredRecoveryCode {
  id: string;
  userId: string;
  codeHash: string;
  usedAt: number | null;
}

interface Data {
  users: Map<string, { email: string; role: 'user' | 'super-admin'; status: string }>;
  factors: Map<string, SecondFactorRow>;
  codes: StoredRecoveryCode[];
}

/**
 * Second factors and recovery codes in memory, for unit tests of SecondFactorService: the same answers as
 * SecondFactorRepository's SQL (a waiting key is confirmed only while it is the one waiting, a time step is accepted
 * once, a recovery code is used once). `addUser` stands for the users table it reads.
 */
export class InMemorySecondFactors implements SecondFactorRepository, Snapshots {
  private data: Data = { users: new Map(), factors: new Map(), codes: [] };

  addUser(id: string, email: string, role: 'user' | 'super-admin' = 'super-admin', status = 'active'): void {
    this.data.users.set(id, { email, role, status });
  }
  row(userId: string): Readonly<SecondFactorRow> | undefined {
    return this.data.factors.get(userId);
  }
  snapshot(): unknown {
    return structuredClone(this.data);
  }
  restore(snapshot: unknown): void {
    this.data = structuredClone(snapshot as Data);
  }

  async emailOf(_db: unknown, userId: string): Promise<string | undefined> {
    return this.data.users.get(userId)?.email;
  }

  async find(_db: unknown, userId: string): Promise<SecondFactorRow | undefined> {
    const row = this.data.factors.get(userId);
    return row && { ...row };
  }

  async startPending(_db: unknown, userId: string, sealed: string, keyId: string): Promise<void> {
    const row = this.data.factors.get(userId) ?? {
      secret_sealed: null,
      key_id: null,
      confirmed_at: null,
      last_step: null,
      pending_sealed: null,
      pending_key_id: null,
    };
    this.data.factors.set(userId, { ...row, pending_sealed: sealed, pending_key_id: keyId });
  }

  async confirmPending(_db: unknown, userId: string, pendingSealed: string, step: number): Promise<boolean> {
    const row = this.data.factors.get(userId);
    if (!row || row.pending_sealed !== pendingSealed) return false;
    this.data.factors.set(userId, {
      secret_sealed: row.pending_sealed,
      key_id: row.pending_key_id,
      confirmed_at: new Date(),
      last_step: step,
      pending_sealed: null,
      pending_key_id: null,
    });
    return true;
  }

  async advanceStep(_db: unknown, userId: string, step: number): Promise<boolean> {
    const row = this.data.factors.get(userId);
    if (!row?.secret_sealed || (row.last_step !== null && row.last_step >= step)) return false;
    row.last_step = step;
    return true;
  }

  async replaceRecoveryCodes(_db: unknown, userId: string, codeHashes: readonly string[]): Promise<void> {
    this.data.codes = this.data.codes.filter((c) => c.userId !== userId);
    for (const codeHash of codeHashes) this.data.codes.push({ id: randomUUID(), userId, codeHash, usedAt: null });
  }

  async useRecoveryCode(_db: unknown, userId: string, codeHash: string): Promise<boolean> {
    const code = this.data.codes.find((c) => c.userId === userId && c.codeHash === codeHash && c.usedAt === null);
    if (!code) return false;
    code.usedAt = Date.now();
    return true;
  }

  async recoveryCodesLeft(_db: unknown, userId: string): Promise<number> {
    return this.data.codes.filter((c) => c.userId === userId && c.usedAt === null).length;
  }

  async superAdminsWithout(_db: unknown, keyId: string): Promise<string[]> {
    return [...this.data.users]
      .filter(
        ([id, u]) =>
          u.role === 'super-admin' &&
          u.status === 'active' &&
          !(this.data.factors.get(id)?.confirmed_at && this.data.factors.get(id)?.key_id === keyId),
      )
      .map(([, u]) => u.email)
      .sort();
  }
}
