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
    const applied = await migrateToLatest(this.db);
    if (applied.length > 0) this.logger.log({ msg: 'migrations applied', applied });
  }
}
