import { Module, type DynamicModule, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { AppConfig, ConfigModule } from '@app/config';
import { DbModule } from '@app/db';
import { RealtimeModule } from '@app/realtime';
import { RedisModule } from '@app/redis';
import { ApiKeyGuard } from './common/api-key.guard.js';
import { HttpExceptionFilter } from './common/http-exception.filter.js';
import { RequestContextMiddleware } from './common/request-context.middleware.js';
import { AppConfigController } from './app-config/app-config.controller.js';
import { AuthCoreModule } from './auth/auth-core.module.js';
import { AuthModule } from './auth/auth.module.js';
import { JwtAuthGuard } from './auth/jwt-auth.guard.js';
import { RolesGuard } from './auth/roles.guard.js';
import { HealthController } from './health/health.controller.js';
import { MetricsModule } from './metrics/metrics.module.js';
import { RoundsModule } from './rounds/rounds.module.js';
import { SocketsModule } from './realtime/sockets.module.js';
import { StartupService } from './setup/startup.service.js';
import { UsersModule } from './users/users.module.js';
import { AdminPlayersModule } from './admin/players/admin-players.module.js';
import { CareModule } from './admin/care/care.module.js';
import { PlayBreaksModule } from './play-breaks/play-breaks.module.js';
import { IdentityModule } from './identity/identity.module.js';
import { AdminPaymentsModule } from './admin/admin-payments.module.js';
import { AdminConsoleModule } from './admin/admin-console.module.js';
import { PresenceModule } from './presence/presence.module.js';
import { PaymentModule } from './payment/payment.module.js';
import { WalletModule } from './wallet/wallet.module.js';
import { PlaySafelyModule } from './play-safely/play-safely.module.js';
import { StatementsModule } from './statements/statements.module.js';
import { DisputesModule } from './disputes/disputes.module.js';
import { PushModule } from './push/push.module.js';

@Module({})
export class ApiModule implements NestModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: ApiModule,
      imports: [
        ConfigModule.forRoot(config),
        DbModule,
        RedisModule,
        RealtimeModule,
        SocketsModule,
        AuthCoreModule,
        AuthModule,
        UsersModule,
        WalletModule,
        PaymentModule,
        AdminPaymentsModule,
        AdminPlayersModule,
        PlayBreaksModule,
        IdentityModule,
        RoundsModule,
        MetricsModule,
        PresenceModule,
        AdminConsoleModule,
        PlaySafelyModule,
        StatementsModule,
        DisputesModule,
        PushModule,
        CareModule,
      ],
      controllers: [HealthController, AppConfigController],
      providers: [
        // Global guards, in this order: client API key, signed-in user (default deny), role.
        { provide: APP_GUARD, useClass: ApiKeyGuard },
        { provide: APP_GUARD, useExisting: JwtAuthGuard },
        { provide: APP_GUARD, useExisting: RolesGuard },
        { provide: APP_FILTER, useClass: HttpExceptionFilter },
        StartupService,
      ],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(RequestContextMiddleware).forRoutes('*path');
  }
}
