import { Migrator, sql, type Kysely } from 'kysely';
import { migrations } from './migrations/index.js';

const MIGRATION_LOCK_KEY = 727_001;

/**
 * Applies every pending migration. Safe to call from several processes at once: the whole run (Kysely's bookkeeping
 * tables included) is one transaction that first takes a transaction-level advisory lock, so it holds no session
 * state and runs the same through a transaction-mode pooler (PgBouncer) as on a direct connection. The run lifts the
 * caller's lock, statement and idle-in-transaction timeouts for itself (`SET LOCAL`): it may wait for another
 * process's run, a migration may take long, and between its statements the process may be busy elsewhere (a round
 * engine's sessions end a transaction left idle for ENGINE_DB_IDLE_TX_TIMEOUT_MS, which would cut a migration off).
 */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const result = await db.connection().execute(async (conn) => {
    await sql`BEGIN; SET LOCAL lock_timeout = 0; SET LOCAL statement_timeout = 0; SET LOCAL idle_in_transaction_session_timeout = 0`.execute(
      conn,
    );
    try {
      await sql`SELECT pg_advisory_xact_lock(${sql.lit(MIGRATION_LOCK_KEY)})`.execute(conn);
      const outcome = await new Migrator({
        db: conn,
        provider: { getMigrations: async () => migrations },
        // This transaction is the migrations' transaction.
        disableTransactions: true,
      }).migrateToLatest();
      await sql.raw(outcome.error ? 'ROLLBACK' : 'COMMIT').execute(conn);
      return outcome;
    } catch (error) {
      await sql`ROLLBACK`.execute(conn).catch(() => undefined);
      throw error;
    }
  });
  if (result.error) throw result.error instanceof Error ? result.error : new Error(String(result.error));
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
