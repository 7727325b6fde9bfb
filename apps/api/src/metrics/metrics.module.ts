import { Global, Module, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { Registry } from 'prom-client';
import { createMetricsRegistry } from '@app/observability';
import { ApiMetrics } from './api-metrics.service.js';
import { HttpMetricsMiddleware } from './http-metrics.middleware.js';
import { MetricsController } from './metrics.controller.js';
import { SocketMetricsGateway } from './socket-metrics.gateway.js';

/** The process's Prometheus registry (served at /metrics) and the api's own metrics, for every module. */
@Global()
@Module({
  controllers: [MetricsController],
  providers: [{ provide: Registry, useFactory: () => createMetricsRegistry('api') }, ApiMetrics, SocketMetricsGateway],
  exports: [Registry, ApiMetrics],
})
export class MetricsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(HttpMetricsMiddleware).forRoutes('*path');
  }
}
