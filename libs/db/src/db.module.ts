import {
  Global,
  Inject,
  Injectable,
  Logger,
  Module,
  type DynamicModule,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { AppConfig } from '@app/config';
import { createDatabase, Database, type SessionLimits } from './database.js';

@Injectable()
class DatabaseCloser implements OnApplicationShutdown {
  constructor(@Inject(Database) private readonly db: Database) {}
  async onApplicationShutdown(): Promise<void> {
    await this.db.destroy();
  }
}

function databaseProvider(session?: (config: AppConfig) => SessionLimits) {
  return {
    provide: Database,
    inject: [AppConfig],
    useFactory: (config: AppConfig) => {
      if (!config.DATABASE_URL) throw new Error('DATABASE_URL is not set');
      const logger = new Logger('Database');
      return createDatabase(config.DATABASE_URL, {
        max: 20,
        onIdleError: (error) => logger.warn({ msg: 'idle database connection lost', error: error.message }),
        session: session?.(config),
      });
    },
  };
}

/** Provides the Kysely `Database` built from DATABASE_URL. */
@Global()
@Module({
  providers: [databaseProvider(), DatabaseCloser],
  exports: [Database],
})
export class DbModule {
  /**
   * The same, with per-session limits on every connection (the round engine's lock, idle and statement timeouts).
   * Statements are not prepared: a cached generic plan cannot see how many keys a batch looks up (it plans for ten,
   * and on a young database scans whole tables for ever); planned each time, bet batches of 40 and more cost
   * Postgres 15–40 % less CPU (apps/round-engine/scripts/settlement-figures.mjs).
   */
  static withSessionLimits(limits: (config: AppConfig) => SessionLimits): DynamicModule {
    return {
      module: DbModule,
      global: true,
      providers: [databaseProvider(limits), DatabaseCloser],
      exports: [Database],
    };
  }
}
