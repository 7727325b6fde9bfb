import { sql, type Kysely } from 'kysely';

/**
 * Usernames are unique, ignoring case: two public profiles can never show the same name. Existing duplicates are
 * resolved deterministically first: within each lower(username), the earliest account (created_at, then id) keeps
 * its name, and every later one becomes its name (cut to 21 characters, trailing spaces dropped) + '-' + the first 8 hex digits of its id,
 * which stays within the 30-character username rule. Then a UNIQUE index on lower(username) holds it, under any
 * concurrency (two registrations or renames racing for one name: one wins, the other gets 23505).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    WITH ranked AS (
      SELECT id, username, row_number() OVER (PARTITION BY lower(username) ORDER BY created_at, id) AS rank
      FROM users
    )
    UPDATE users u
    SET username = rtrim(left(ranked.username, 21)) || '-' || left(replace(u.id::text, '-', ''), 8), updated_at = now()
    FROM ranked
    WHERE ranked.id = u.id AND ranked.rank > 1;

    CREATE UNIQUE INDEX users_username_lower_key ON users (lower(username));
  `.execute(db);
}
