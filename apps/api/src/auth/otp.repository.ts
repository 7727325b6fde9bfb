import { Injectable } from '@nestjs/common';
import { sql, type Kysely } from 'kysely';
import type { DB } from '@app/db';
import type { OtpPurpose } from '@app/mail';

type Executor = Kysely<DB>;

/** SQL of one-time codes (otp_codes). */
@Injectable()
export class OtpRepository {
  /** The language of the account at this address, for its code's e-mail; null when there is no account (yet). */
  async languageOf(db: Executor, email: string): Promise<'en-IN' | 'hi-IN' | null> {
    const account = await db.selectFrom('users').select('language').where('email', '=', email).executeTakeFirst();
    if (!account) return null;
    return account.language === 'hi-IN' ? 'hi-IN' : 'en-IN';
  }

  /** A new code replaces any unused one for the same address and purpose (only the newest code works). */
  async supersede(db: Executor, purpose: OtpPurpose, email: string): Promise<void> {
    await db
      .updateTable('otp_codes')
      .set({ consumed_at: sql`now()` })
      .where('purpose', '=', purpose)
      .where('email', '=', email)
      .where('consumed_at', 'is', null)
      .execute();
  }

  async insert(
    db: Executor,
    row: { purpose: OtpPurpose; email: string; codeHash: string; ip: string; ttlMinutes: number },
  ): Promise<string> {
    const inserted = await db
      .insertInto('otp_codes')
      .values({
        purpose: row.purpose,
        email: row.email,
        code_hash: row.codeHash,
        ip: row.ip,
        expires_at: sql<Date>`now() + make_interval(mins => ${row.ttlMinutes})`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  }

  /** The newest unused code, locked for the check (concurrent checks of one code queue up). */
  async newestUnusedForUpdate(db: Executor, purpose: OtpPurpose, email: string) {
    return db
      .selectFrom('otp_codes')
      .select(['id', 'code_hash', 'attempts', sql<boolean>`expires_at <= now()`.as('expired')])
      .where('purpose', '=', purpose)
      .where('email', '=', email)
      .where('consumed_at', 'is', null)
      .orderBy('created_at', 'desc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
  }

  async addWrongAttempt(db: Executor, id: string): Promise<number> {
    const row = await db
      .updateTable('otp_codes')
      .set({ attempts: sql`attempts + 1` })
      .where('id', '=', id)
      .returning('attempts')
      .executeTakeFirstOrThrow();
    return row.attempts;
  }

  /** Uses a code up; false when it was already used (single use, even under concurrent calls). */
  async consume(db: Executor, id: string): Promise<boolean> {
    const row = await db
      .updateTable('otp_codes')
      .set({ consumed_at: sql`now()` })
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return !!row;
  }
}
