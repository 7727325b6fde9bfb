import { sql, type Kysely } from 'kysely';

/**
 * The language a player reads the product in (docs/languages.md): English or Hindi, as spoken in India. Chosen in the
 * app and remembered with the account, so a player finds their language on any browser they sign in on. Existing
 * players read English, as before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE users
      ADD COLUMN language text NOT NULL DEFAULT 'en-IN'
        CONSTRAINT users_language_check CHECK (language IN ('en-IN', 'hi-IN'))
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN language`.execute(db);
}
