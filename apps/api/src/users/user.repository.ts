import { Injectable } from '@nestjs/common';
import { sql, type Kysely } from 'kysely';
import type { DB, Role } from '@app/db';
import { newReferralCode } from '../setup/startup.service.js';

type Executor = Kysely<DB>;

export class EmailTakenError extends Error {
  constructor() {
    super('email already registered');
  }
}

/** SQL of players and their profile figures. */
@Injectable()
export class UserRepository {
  async findByEmail(db: Executor, email: string) {
    return db
      .selectFrom('users')
      .select(['id', 'username', 'email', 'role', 'status', 'password_hash'])
      .where('email', '=', email)
      .executeTakeFirst();
  }

  async emailExists(db: Executor, email: string): Promise<boolean> {
    return !!(await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst());
  }

  async idByReferralCode(db: Executor, code: string): Promise<string | undefined> {
    const row = await db.selectFrom('users').select('id').where('referral_code', '=', code).executeTakeFirst();
    return row?.id;
  }

  /**
   * Creates a player and their empty wallet. The e-mail's UNIQUE constraint makes a second registration of one
   * address fail (EmailTakenError) even when two arrive together; a clashing referral code is redrawn.
   */
  async createPlayer(
    trx: Executor,
    row: { username: string; email: string; passwordHash: string; referredBy: string | null },
  ): Promise<{ id: string; username: string; email: string; role: Role }> {
    for (let attempt = 0; ; attempt++) {
      let created;
      try {
        created = await trx
          .insertInto('users')
          .values({ username: row.username, email: row.email, password_hash: row.passwordHash, role: 'user', referral_code: newReferralCode(), referred_by: row.referredBy })
          .onConflict((oc) => oc.column('referral_code').doNothing())
          .returning(['id', 'username', 'email', 'role'])
          .executeTakeFirst();
      } catch (error) {
        if ((error as { code?: string; constraint?: string }).code === '23505') throw new EmailTakenError();
        throw error;
      }
      if (created) {
        await trx.insertInto('wallets').values({ user_id: created.id }).execute();
        return created;
      }
      if (attempt >= 5) throw new Error('could not draw a free referral code');
    }
  }

  async recordLogin(db: Executor, id: string): Promise<void> {
    await db.updateTable('users').set({ last_login_at: sql`now()` }).where('id', '=', id).execute();
  }

  async setPasswordHash(db: Executor, email: string, passwordHash: string): Promise<string | undefined> {
    const row = await db
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: sql`now()` })
      .where('email', '=', email)
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  async setName(db: Executor, id: string, name: string): Promise<void> {
    await db.updateTable('users').set({ username: name, updated_at: sql`now()` }).where('id', '=', id).execute();
  }

  async profile(db: Executor, id: string) {
    return db
      .selectFrom('users')
      .select(['id', 'username', 'email', 'role', 'referral_code', 'created_at', 'last_login_at'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /**
   * Profile figures: sums of paise as exact decimal text (numeric, never bigint overflow or float rounding), the
   * count as a number. Refunded bets were never played and do not count.
   */
  async stats(db: Executor, id: string) {
    const row = await sql<{
      total_games: number;
      total_winnings: string;
      total_loses: string;
      total_deposits: string;
      total_withdrawals: string;
    }>`
      SELECT
        (SELECT count(*) FROM bets WHERE user_id = ${id} AND status <> 'REFUNDED') AS total_games,
        (SELECT coalesce(sum(win_amount), 0) FROM bets WHERE user_id = ${id} AND status = 'COMPLETED' AND is_win)::text AS total_winnings,
        (SELECT coalesce(sum(amount), 0) FROM bets WHERE user_id = ${id} AND status = 'COMPLETED' AND NOT is_win)::text AS total_loses,
        (SELECT coalesce(sum(amount), 0) FROM transactions WHERE user_id = ${id} AND type = 'DEPOSIT' AND status = 'COMPLETED')::text AS total_deposits,
        (SELECT coalesce(sum(amount), 0) FROM transactions WHERE user_id = ${id} AND type = 'WITHDRAWAL' AND status = 'COMPLETED')::text AS total_withdrawals
    `.execute(db);
    return row.rows[0]!;
  }
}
