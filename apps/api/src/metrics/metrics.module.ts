import { Global, Module, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { Registry } from 'prom-client';
import { createMetricsRegistry } from '@app/observability';
import { HealthChecks } from '../health/health-checks.js';
import { ApiMetrics } from './api-metrics.service.js';
import { HttpMetricsMiddleware } from './http-metrics.middleware.js';
import { MetricsServer } from './metrics-server.js';
import { SocketMetricsGateway } from './socket-metrics.gateway.js';

/**
 * The process's Prometheus registry (served at /metrics on METRICS_PORT) and the api's own metrics, for every module;
 * the health checks, reported in full on METRICS_PORT and as up or down on the public /api/v1/health.
 */
@Global()
@Module({
  providers: [
    { provide: Registry, useFactory: () => createMetricsRegistry('api') },
    ApiMetrics,
    SocketMetricsGateway,
    HealthChecks,
    MetricsServer,
  ],
  exports: [Registry, ApiMetrics, HealthChecks],
})
export class MetricsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(HttpMetricsMiddleware).forRoutes('*path');
  }
}
