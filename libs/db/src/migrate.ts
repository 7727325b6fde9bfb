import { Migrator, sql, type Kysely } from 'kysely';
import { migrations } from './migrations/index.js';

const MIGRATION_LOCK_KEY = 727_001;

/** Applies every pending migration. Safe to call from several processes at once (advisory lock). */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const result = await db.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(${MIGRATION_LOCK_KEY})`.execute(conn);
    try {
      return await new Migrator({ db: conn, provider: { getMigrations: async () => migrations } }).migrateToLatest();
    } finally {
      await sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(conn);
    }
  });
  if (result.error) throw result.error instanceof Error ? result.error : new Error(String(result.error));
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
