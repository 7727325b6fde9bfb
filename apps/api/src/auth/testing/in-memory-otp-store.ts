import { randomUUID } from 'node:crypto';
import type { OtpPurpose } from '@app/mail';
import type { Snapshots } from '@app/testing/fakes';
import type { OtpRepository } from '../otp.repository.js';

interface StoredCode {
  id: string;
  purpose: OtpPurpose;
  email: string;
  codeHash: string;
  attempts: number;
  createdAt: number;
  expiresAt: number;
  consumedAt: number | null;
}

/**
 * One-time codes in memory, for unit tests of OtpService: the same answers as OtpRepository's SQL — only the newest
 * unused code of an address and purpose is checked, a code is used once (conditional update), expiry is "now or
 * earlier" on `Date.now()` (jest's fake timers move it).
 */
export class InMemoryOtpStore implements OtpRepository, Snapshots {
  private codes: StoredCode[] = [];

  get all(): readonly Readonly<StoredCode>[] {
    return this.codes;
  }

  snapshot(): unknown {
    return structuredClone(this.codes);
  }
  restore(snapshot: unknown): void {
    this.codes = structuredClone(snapshot as StoredCode[]);
  }

  /** Accounts' languages by address (none: no account, as for a registration). */
  readonly languages = new Map<string, 'en-IN' | 'hi-IN'>();

  async languageOf(_db: unknown, email: string): Promise<'en-IN' | 'hi-IN' | null> {
    return this.languages.get(email) ?? null;
  }

  async supersede(_db: unknown, purpose: OtpPurpose, email: string): Promise<void> {
    for (const code of this.codes)
      if (code.purpose === purpose && code.email === email && code.consumedAt === null) code.consumedAt = Date.now();
  }

  async insert(
    _db: unknown,
    row: { purpose: OtpPurpose; email: string; codeHash: string; ip: string; ttlMinutes: number },
  ): Promise<string> {
    const id = randomUUID();
    this.codes.push({
      id,
      purpose: row.purpose,
      email: row.email,
      codeHash: row.codeHash,
      attempts: 0,
      createdAt: Date.now(),
      expiresAt: Date.now() + row.ttlMinutes * 60_000,
      consumedAt: null,
    });
    return id;
  }

  async newestUnusedForUpdate(_db: unknown, purpose: OtpPurpose, email: string) {
    const newest = this.codes.filter((c) => c.purpose === purpose && c.email === email && c.consumedAt === null).at(-1);
    return (
      newest && {
        id: newest.id,
        code_hash: newest.codeHash,
        attempts: newest.attempts,
        expired: newest.expiresAt <= Date.now(),
      }
    );
  }

  async addWrongAttempt(_db: unknown, id: string): Promise<number> {
    const code = this.codes.find((c) => c.id === id)!;
    return ++code.attempts;
  }

  async consume(_db: unknown, id: string): Promise<boolean> {
    const code = this.codes.find((c) => c.id === id);
    if (!code || code.consumedAt !== null) return false;
    code.consumedAt = Date.now();
    return true;
  }
}
