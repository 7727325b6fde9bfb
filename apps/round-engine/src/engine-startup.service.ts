import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { sql } from 'kysely';
import { Database, migrateToLatest } from '@app/db';

/**
 * Applies pending migrations during module initialisation, which completes before any worker starts (the workers
 * start on application bootstrap). Advisory-locked, so api nodes may race it safely.
 */
@Injectable()
export class EngineStartupService implements OnModuleInit {
  private readonly logger = new Logger('EngineStartup');

  constructor(@Inject(Database) private readonly db: Database) {}

  async onModuleInit(): Promise<void> {
    // The engine's sessions have short lock and statement timeouts; migrating may wait for another process's
    // migration and take longer, so this one connection lifts them while it migrates.
    const applied = await this.db.connection().execute(async (conn) => {
      await sql`SET lock_timeout = 0`.execute(conn);
      await sql`SET statement_timeout = 0`.execute(conn);
      try {
        return await migrateToLatest(conn);
      } finally {
        await sql`RESET lock_timeout`.execute(conn);
        await sql`RESET statement_timeout`.execute(conn);
      }
    });
    if (applied.length > 0) this.logger.log({ msg: 'migrations applied', applied });
  }
}
