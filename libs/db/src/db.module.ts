import {
  Global,
  Inject,
  Injectable,
  Logger,
  Module,
  type DynamicModule,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { Gauge, Registry } from 'prom-client';
import type pg from 'pg';
import { AppConfig } from '@app/config';
import { createDialect, createPool, Database, type SessionLimits } from './database.js';
import { ReadDatabase, ReplicaMonitor, RoutingPool } from './read-database.js';

/** The primary's connection pool, shared by `Database` and (as its fallback) `ReadDatabase`. */
const PRIMARY_POOL = Symbol('PRIMARY_POOL');

@Injectable()
class DatabaseCloser implements OnApplicationShutdown {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(ReadDatabase) private readonly reads: ReadDatabase,
  ) {}
  async onApplicationShutdown(): Promise<void> {
    if ((this.reads as unknown) !== this.db) await this.reads.destroy();
    await this.db.destroy();
  }
}

function databaseProviders(session?: (config: AppConfig) => SessionLimits) {
  const logger = new Logger('Database');
  const onIdleError = (error: Error) => logger.warn({ msg: 'idle database connection lost', error: error.message });
  return [
    {
      provide: PRIMARY_POOL,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => {
        if (!config.DATABASE_URL) throw new Error('DATABASE_URL is not set');
        return createPool(config.DATABASE_URL, {
          max: 20,
          onIdleError,
          session: session?.(config),
          pooler: config.DATABASE_POOLER,
        });
      },
    },
    {
      provide: Database,
      inject: [AppConfig, PRIMARY_POOL],
      useFactory: (config: AppConfig, pool: pg.Pool) =>
        new Database({ dialect: createDialect(pool, { pooler: config.DATABASE_POOLER, session: session?.(config) }) }),
    },
    {
      provide: ReadDatabase,
      inject: [AppConfig, PRIMARY_POOL, Database, { token: Registry, optional: true }],
      useFactory: (config: AppConfig, primary: pg.Pool, db: Database, registry?: Registry) => {
        if (!config.DATABASE_READ_URL) return db;
        const replica = createPool(config.DATABASE_READ_URL, {
          max: 20,
          onIdleError,
          pooler: config.DATABASE_POOLER,
          applicationName: 'winround-reads',
          connectionTimeoutMs: 2000,
        });
        const gauges = registry ? replicaGauges(registry) : undefined;
        const monitor = new ReplicaMonitor({
          primary,
          replica,
          maxLagMs: config.DATABASE_READ_MAX_LAG_MS,
          onChange: (state) =>
            (state.replica ? logger.log.bind(logger) : logger.warn.bind(logger))({
              msg: state.replica ? 'reads go to the replica' : 'reads go to the primary',
              reason: state.reason,
              lagMs: state.lagMs,
              maxLagMs: config.DATABASE_READ_MAX_LAG_MS,
            }),
          onCheck: (state) => {
            gauges?.inUse.set(state.replica ? 1 : 0);
            if (state.lagMs === null) gauges?.lag.reset();
            else gauges?.lag.set(state.lagMs / 1000);
          },
        });
        monitor.start();
        return new ReadDatabase({
          dialect: createDialect(new RoutingPool(primary, replica, monitor), { pooler: config.DATABASE_POOLER }),
        });
      },
    },
    DatabaseCloser,
  ];
}

function replicaGauges(registry: Registry): { inUse: Gauge; lag: Gauge } {
  const existing = (name: string) => registry.getSingleMetric(name) as Gauge | undefined;
  return {
    inUse:
      existing('wr_db_read_replica_in_use') ??
      new Gauge({
        name: 'wr_db_read_replica_in_use',
        help: 'Whether reads that may lag go to the read replica (1) or to the primary (0)',
        registers: [registry],
      }),
    lag:
      existing('wr_db_read_replica_lag_seconds') ??
      new Gauge({
        name: 'wr_db_read_replica_lag_seconds',
        help: "The read replica's replay lag at its last check (absent while unknown)",
        registers: [registry],
      }),
  };
}

/**
 * Provides the Kysely `Database` built from DATABASE_URL, and `ReadDatabase` for reads that may lag (a replica at
 * DATABASE_READ_URL within DATABASE_READ_MAX_LAG_MS, else the same primary).
 */
@Global()
@Module({
  providers: databaseProviders(),
  exports: [Database, ReadDatabase],
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
      providers: databaseProviders(limits),
      exports: [Database, ReadDatabase],
    };
  }
}
