import { Module, type DynamicModule } from '@nestjs/common';
import { AppConfig, ConfigModule } from '@app/config';
import { DbModule } from '@app/db';
import { RealtimeModule } from '@app/realtime';
import { RedisModule } from '@app/redis';
import { BetsModule } from './bets/bets.module.js';
import { EngineStartupService } from './engine-startup.service.js';
import { EngineGauges } from './metrics/engine-gauges.service.js';
import { EngineMetricsModule } from './metrics/engine-metrics.module.js';
import { OpsServerService } from './ops-server.service.js';
import { RelayModule } from './outbox/relay.module.js';
import { RoundsModule } from './rounds/rounds.module.js';
import { WorkersModule } from './workers.module.js';

/**
 * The round engine: one module per role (the round clock `RoundsModule`, the bet partition consumers `BetsModule`,
 * the outbox relay `RelayModule`, the background `WorkersModule`), the metrics they report into, and the ops server.
 */
@Module({})
export class EngineModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: EngineModule,
      imports: [
        ConfigModule.forRoot(config),
        // Engine sessions never wait long on a lock, never keep a transaction open while their process is frozen
        // (a paused leader's locks are released before a standby takes over) and never run a statement away.
        DbModule.withSessionLimits((c) => ({
          lockTimeoutMs: c.ENGINE_DB_LOCK_TIMEOUT_MS,
          idleInTransactionTimeoutMs: c.ENGINE_DB_IDLE_TX_TIMEOUT_MS,
          statementTimeoutMs: c.ENGINE_DB_STATEMENT_TIMEOUT_MS,
        })),
        RedisModule,
        RealtimeModule,
        EngineMetricsModule,
        RoundsModule,
        BetsModule,
        RelayModule,
        // Background workers (e-mail, reconciliation, play-through, bet-answer retention) run only where this process has the `workers` role.
        ...(config.hasEngineRole('workers') ? [WorkersModule] : []),
      ],
      providers: [EngineStartupService, OpsServerService, EngineGauges],
    };
  }
}
