import { Injectable } from '@nestjs/common';
import { sql, type Kysely } from 'kysely';
import type { DB, PlayerLanguage, Role } from '@app/db';
import { emailIdentityKey, isReservedUsername, loadUsernameSkeleton, normalizeUsername } from '@app/domain';
import { newReferralCode } from '../setup/startup.service.js';

type Executor = Kysely<DB>;

export class EmailTakenError extends Error {
  constructor() {
    super('email already registered');
  }
}

/** Said when a registration or a rename asks for a username another account holds (ignoring case, or a look-alike). */
export const USERNAME_TAKEN_MESSAGE = 'This username is already taken. Please choose another.';

/** Another account holds this username (compared ignoring case, and on the confusable skeleton). */
export class UsernameTakenError extends Error {
  constructor() {
    super('username already taken');
  }
}

/** The UNIQUE indexes of usernames: lower(username) (migration 0009) and the confusable skeleton (migration 0018). */
const USERNAME_INDEXES = new Set(['users_username_lower_key', 'users_username_skeleton_key']);

/** A unique violation of the username index, as the error to answer with; any other error unchanged. */
function uniqueViolation(error: unknown): Error | null {
  const pg = error as { code?: string; constraint?: string };
  if (pg.code !== '23505') return null;
  return pg.constraint && USERNAME_INDEXES.has(pg.constraint) ? new UsernameTakenError() : new EmailTakenError();
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
    return (
      db
        .selectFrom('users')
        .select(['id', 'username', 'email', 'role', 'status', 'password_hash'])
        // Play paused after a session reached the player's session time limit (migration 0020), and that limit.
        .select(
          sql<Date | null>`(SELECT p.play_paused_until FROM player_play_settings p WHERE p.user_id = users.id AND p.play_paused_until > now())`.as(
            'play_paused_until',
          ),
        )
        .select(
          sql<
            string | null
          >`(SELECT player_limit_in_force(l.value, l.pending_value, l.pending_at, now()) FROM player_limits l WHERE l.user_id = users.id AND l.kind = 'sessionMinutes')`.as(
            'session_limit_minutes',
          ),
        )
        .where((eb) =>
          eb.or([
            eb('email', '=', email),
            eb.and([eb('email_key', '=', emailIdentityKey(email)), eb('grandfathered_alias', '=', false)]),
          ]),
        )
        .orderBy(sql`email = ${email}`, 'desc')
        .limit(1)
        .executeTakeFirst()
    );
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

  /**
   * True when another account (not `exceptId`) holds this username, ignoring case, or one that looks like it (the same
   * confusable skeleton); or when it looks like a staff or brand name (held by the staff: RESERVED_USERNAMES).
   */
  async usernameTaken(db: Executor, username: string, exceptId?: string): Promise<boolean> {
    const skeleton = await loadUsernameSkeleton();
    const name = normalizeUsername(username);
    if (isReservedUsername(name, { skeleton })) return true;
    let query = db
      .selectFrom('users')
      .select('id')
      .where((eb) =>
        eb.or([
          eb(sql<string>`lower(username)`, '=', name.toLowerCase()),
          eb('username_skeleton', '=', skeleton(name)),
        ]),
      );
    if (exceptId) query = query.where('id', '<>', exceptId);
    return !!(await query.executeTakeFirst());
  }

  /** The owner of a referral code: who they are (role, e-mail identity) decides whether the code may be used. */
  async referrerByCode(db: Executor, code: string) {
    return db
      .selectFrom('users')
      .select(['id', 'role', 'email_key'])
      .where('referral_code', '=', code)
      .executeTakeFirst();
  }

  /**
   * Creates a player and their empty wallet. The UNIQUE e-mail identity makes a second registration of one
   * address, or of any alias of it, fail (EmailTakenError) even when two arrive together, and the UNIQUE username
   * (ignoring case) and skeleton a second account of one name or of a look-alike (UsernameTakenError); a clashing
   * referral code is redrawn. The name is stored normalised (normalizeUsername).
   */
  async createPlayer(
    trx: Executor,
    row: {
      username: string;
      email: string;
      passwordHash: string;
      referredBy: string | null;
      dateOfBirth?: string | null;
      language?: PlayerLanguage;
    },
  ): Promise<{ id: string; username: string; email: string; role: Role }> {
    const username = normalizeUsername(row.username);
    const skeleton = (await loadUsernameSkeleton())(username);
    for (let attempt = 0; ; attempt++) {
      let created;
      try {
        created = await trx
          .insertInto('users')
          .values({
            username,
            username_skeleton: skeleton,
            email: row.email,
            password_hash: row.passwordHash,
            role: 'user',
            referral_code: newReferralCode(),
            referred_by: row.referredBy,
            date_of_birth: row.dateOfBirth ?? null,
            ...(row.language ? { language: row.language } : {}),
          })
          .onConflict((oc) => oc.column('referral_code').doNothing())
          .returning(['id', 'username', 'email', 'role'])
          .executeTakeFirst();
      } catch (error) {
        // Invariant: one account per e-mail identity and per username and look-alike (UNIQUE indexes), whoever commits first.
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
    await db
      .updateTable('users')
      .set({ last_login_at: sql`now()` })
      .where('id', '=', id)
      .execute();
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

  /** Renames an account; UsernameTakenError when another account holds the name or a look-alike (the UNIQUE indexes decide). */
  async setName(db: Executor, id: string, name: string): Promise<void> {
    const username = normalizeUsername(name);
    const skeleton = (await loadUsernameSkeleton())(username);
    try {
      await db
        .updateTable('users')
        .set({ username, username_skeleton: skeleton, updated_at: sql`now()` })
        .where('id', '=', id)
        .execute();
    } catch (error) {
      throw uniqueViolation(error) ?? error;
    }
  }

  /** Remembers the language the player reads the product in; false when there is no such account. */
  async setLanguage(db: Executor, id: string, language: PlayerLanguage): Promise<boolean> {
    const row = await db
      .updateTable('users')
      .set({ language, updated_at: sql`now()` })
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
    return !!row;
  }

  async profile(db: Executor, id: string) {
    return db
      .selectFrom('users')
      .select(['id', 'username', 'email', 'role', 'referral_code', 'created_at', 'last_login_at', 'language'])
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
        (SELECT coalesce(sum(win_amount - amount), 0) FROM bets WHERE user_id = ${id} AND status = 'COMPLETED' AND is_win)::text AS total_winnings,
        (SELECT coalesce(sum(amount), 0) FROM bets WHERE user_id = ${id} AND status = 'COMPLETED' AND NOT is_win)::text AS total_loses,
        (SELECT coalesce(sum(amount), 0) FROM transactions WHERE user_id = ${id} AND type = 'DEPOSIT' AND status = 'COMPLETED')::text AS total_deposits,
        (SELECT coalesce(sum(amount), 0) FROM transactions WHERE user_id = ${id} AND type = 'WITHDRAWAL' AND status = 'COMPLETED')::text AS total_withdrawals
    `.execute(db);
    return row.rows[0]!;
  }
}
