import { Module, type DynamicModule } from '@nestjs/common';
import { Registry } from 'prom-client';
import { AppConfig, ConfigModule } from '@app/config';
import { DbModule } from '@app/db';
import { createMetricsRegistry } from '@app/observability';
import { RealtimeModule } from '@app/realtime';
import { RedisModule } from '@app/redis';
import { EngineStartupService } from './engine-startup.service.js';
import { MailWorkerModule } from './mail/mail-worker.module.js';
import { EngineMetricsService } from './metrics/engine-metrics.service.js';
import { OpsServerService } from './ops-server.service.js';
import { OutboxRelayService } from './outbox/outbox-relay.service.js';
import { ReconciliationModule } from './reconciliation/reconciliation.module.js';
import { RoundsModule } from './rounds/rounds.module.js';

/** The round engine: round clock, bet processors, settler, outbox relay and background workers. */
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
        RoundsModule,
        // Background workers (e-mail, reconciliation) run only where this process has the `workers` role.
        ...(config.hasEngineRole('workers') ? [MailWorkerModule, ReconciliationModule] : []),
      ],
      providers: [{ provide: Registry, useFactory: () => createMetricsRegistry('round-engine') }, EngineStartupService, OpsServerService, OutboxRelayService, EngineMetricsService],
    };
  }
}
