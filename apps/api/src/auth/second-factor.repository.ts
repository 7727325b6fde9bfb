import { Injectable } from '@nestjs/common';
import { sql, type Kysely } from 'kysely';
import type { DB } from '@app/db';

type Executor = Kysely<DB>;

export interface SecondFactorRow {
  secret_sealed: string | null;
  key_id: string | null;
  confirmed_at: Date | null;
  last_step: number | null;
  pending_sealed: string | null;
  pending_key_id: string | null;
}

/** SQL of second factors (second_factors) and their recovery codes (recovery_codes). */
@Injectable()
export class SecondFactorRepository {
  async find(db: Executor, userId: string): Promise<SecondFactorRow | undefined> {
    return db
      .selectFrom('second_factors')
      .select(['secret_sealed', 'key_id', 'confirmed_at', 'last_step', 'pending_sealed', 'pending_key_id'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** The account's address (what an authenticator app shows beside the issuer). */
  async emailOf(db: Executor, userId: string): Promise<string | undefined> {
    return (await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst())?.email;
  }

  /** Keeps a new authenticator's key waiting for its first code (replacing one already waiting). */
  async startPending(db: Executor, userId: string, sealed: string, keyId: string): Promise<void> {
    await db
      .insertInto('second_factors')
      .values({ user_id: userId, pending_sealed: sealed, pending_key_id: keyId, pending_since: sql`now()` })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          pending_sealed: sealed,
          pending_key_id: keyId,
          pending_since: sql`now()`,
          updated_at: sql`now()`,
        }),
      )
      .execute();
  }

  /**
   * Makes the waiting key the enrolled one, with `step` as its newest accepted time step; false when that key is no
   * longer the one waiting (another enrolment replaced it meanwhile).
   */
  async confirmPending(db: Executor, userId: string, pendingSealed: string, step: number): Promise<boolean> {
    const row = await db
      .updateTable('second_factors')
      .set({
        secret_sealed: sql`pending_sealed`,
        key_id: sql`pending_key_id`,
        confirmed_at: sql`now()`,
        last_step: step,
        pending_sealed: null,
        pending_key_id: null,
        pending_since: null,
        updated_at: sql`now()`,
      })
      .where('user_id', '=', userId)
      .where('pending_sealed', '=', pendingSealed)
      .returning('user_id')
      .executeTakeFirst();
    return !!row;
  }

  /** Records `step` as accepted; false when it (or a later one) already was: a code is accepted once. */
  async advanceStep(db: Executor, userId: string, step: number): Promise<boolean> {
    const row = await db
      .updateTable('second_factors')
      .set({ last_step: step, updated_at: sql`now()` })
      .where('user_id', '=', userId)
      .where('secret_sealed', 'is not', null)
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
      .returning('user_id')
      .executeTakeFirst();
    return !!row;
  }

  /** Replaces every recovery code of the user with these (hashes). */
  async replaceRecoveryCodes(db: Executor, userId: string, codeHashes: readonly string[]): Promise<void> {
    await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    if (codeHashes.length > 0)
      await db
        .insertInto('recovery_codes')
        .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash })))
        .execute();
  }

  /** Uses a recovery code up; false when it is not one of the user's or was used already (single use, even at once). */
  async useRecoveryCode(db: Executor, userId: string, codeHash: string): Promise<boolean> {
    const row = await db
      .updateTable('recovery_codes')
      .set({ used_at: sql`now()` })
      .where('user_id', '=', userId)
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return !!row;
  }

  async recoveryCodesLeft(db: Executor, userId: string): Promise<number> {
    const row = await db
      .selectFrom('recovery_codes')
      .select((eb) => eb.fn.countAll<number>().as('left'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.left);
  }

  /** The e-mail addresses of super-admins without an authenticator enrolled under the key `keyId`. */
  async superAdminsWithout(db: Executor, keyId: string): Promise<string[]> {
    const rows = await db
      .selectFrom('users')
      .leftJoin('second_factors', 'second_factors.user_id', 'users.id')
      .select('users.email')
      .where('users.role', '=', 'super-admin')
      .where('users.status', '=', 'active')
      .where((eb) =>
        eb.or([eb('second_factors.confirmed_at', 'is', null), eb('second_factors.key_id', 'is distinct from', keyId)]),
      )
      .orderBy('users.email')
      .execute();
    return rows.map((r) => r.email);
  }
}
