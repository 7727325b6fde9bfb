import { Global, Inject, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '@app/config';
import { createDatabase, Database } from './database.js';

@Injectable()
class DatabaseCloser implements OnApplicationShutdown {
  constructor(@Inject(Database) private readonly db: Database) {}
  async onApplicationShutdown(): Promise<void> {
    await this.db.destroy();
  }
}

/** Provides the Kysely `Database` built from DATABASE_URL. */
@Global()
@Module({
  providers: [
    {
      provide: Database,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => {
        if (!config.DATABASE_URL) throw new Error('DATABASE_URL is not set');
        const logger = new Logger('Database');
        return createDatabase(config.DATABASE_URL, {
          max: 20,
          onIdleError: (error) => logger.warn({ msg: 'idle database connection lost', error: error.message }),
        });
      },
    },
    DatabaseCloser,
  ],
  exports: [Database],
})
export class DbModule {}
