import { Global, Module, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { Registry } from 'prom-client';
import { createMetricsRegistry } from '@app/observability';
import { ApiMetrics } from './api-metrics.service.js';
import { HttpMetricsMiddleware } from './http-metrics.middleware.js';
import { MetricsServer } from './metrics-server.js';
import { SocketMetricsGateway } from './socket-metrics.gateway.js';

/** The process's Prometheus registry (served at /metrics on METRICS_PORT) and the api's own metrics, for every module. */
@Global()
@Module({
  providers: [{ provide: Registry, useFactory: () => createMetricsRegistry('api') }, ApiMetrics, SocketMetricsGateway, MetricsServer],
  exports: [Registry, ApiMetrics],
})
export class MetricsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(HttpMetricsMiddleware).forRoutes('*path');
  }
}
