import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
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
    // migration and take longer, so the migrations' transaction lifts them for itself (`SET LOCAL`, which leaves
    // the connection as it was: nothing of it outlives the transaction, through a pooler or not).
    const applied = await migrateToLatest(this.db);
    if (applied.length > 0) this.logger.log({ msg: 'migrations applied', applied });
  }
}
