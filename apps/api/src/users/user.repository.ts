import { Injectable } from '@nestjs/common';
import { sql, type Kysely } from 'kysely';
import type { DB, Role } from '@app/db';
import { emailIdentityKey } from '@app/domain';
import { newReferralCode } from '../setup/startup.service.js';

type Executor = Kysely<DB>;

export class EmailTakenError extends Error {
  constructor() {
    super('email already registered');
  }
}

/** Said when a registration or a rename asks for a username another account holds (ignoring case). */
export const USERNAME_TAKEN_MESSAGE = 'This username is already taken. Please choose another.';

/** Another account holds this username (compared ignoring case). */
export class UsernameTakenError extends Error {
  constructor() {
    super('username already taken');
  }
}

/** The UNIQUE index on lower(username) (migration 0009). */
const USERNAME_INDEX = 'users_username_lower_key';

/** A unique violation of the username index, as the error to answer with; any other error unchanged. */
function uniqueViolation(error: unknown): Error | null {
  const pg = error as { code?: string; constraint?: string };
  if (pg.code !== '23505') return null;
  return pg.constraint === USERNAME_INDEX ? new UsernameTakenError() : new EmailTakenError();
}

/**
 * SQL of players and their profile figures. An account is found by its e-mail identity (users.email_key): any
 * alias of the address finds it. An account that shared its identity before aliases were refused
 * (grandfathered_alias) is found by its exact address only.
 */
@Injectable()
export class UserRepository {
  /** The account an address signs in to: its exact address first, else the owner of its identity. */
  async findByEmail(db: Executor, email: string) {
    return db
      .selectFrom('users')
      .select(['id', 'username', 'email', 'role', 'status', 'password_hash'])
      .where((eb) => eb.or([eb('email', '=', email), eb.and([eb('email_key', '=', emailIdentityKey(email)), eb('grandfathered_alias', '=', false)])]))
      .orderBy(sql`email = ${email}`, 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** True when an account already holds this address's identity (any alias of it). */
  async emailExists(db: Executor, email: string): Promise<boolean> {
    const row = await db
      .selectFrom('users')
      .select('id')
      .where('email_key', '=', emailIdentityKey(email))
      .where('grandfathered_alias', '=', false)
      .executeTakeFirst();
    return !!row;
  }

  /** True when another account (not `exceptId`) holds this username, ignoring case. */
  async usernameTaken(db: Executor, username: string, exceptId?: string): Promise<boolean> {
    let query = db.selectFrom('users').select('id').where(sql<string>`lower(username)`, '=', username.toLowerCase());
    if (exceptId) query = query.where('id', '<>', exceptId);
    return !!(await query.executeTakeFirst());
  }

  /** The owner of a referral code: who they are (role, e-mail identity) decides whether the code may be used. */
  async referrerByCode(db: Executor, code: string) {
    return db.selectFrom('users').select(['id', 'role', 'email_key']).where('referral_code', '=', code).executeTakeFirst();
  }

  /**
   * Creates a player and their empty wallet. The UNIQUE e-mail identity makes a second registration of one
   * address, or of any alias of it, fail (EmailTakenError) even when two arrive together, and the UNIQUE username
   * (ignoring case) a second account of one name (UsernameTakenError); a clashing referral
   * code is redrawn.
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
        // Invariant: one account per e-mail identity and per username (UNIQUE indexes), whoever commits first.
        throw uniqueViolation(error) ?? error;
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

  async setPasswordHash(db: Executor, id: string, passwordHash: string): Promise<boolean> {
    const row = await db
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: sql`now()` })
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
    return !!row;
  }

  /** Renames an account; UsernameTakenError when another account holds the name (the UNIQUE index decides). */
  async setName(db: Executor, id: string, name: string): Promise<void> {
    try {
      await db.updateTable('users').set({ username: name, updated_at: sql`now()` }).where('id', '=', id).execute();
    } catch (error) {
      throw uniqueViolation(error) ?? error;
    }
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
