import { Global, Module } from '@nestjs/common';
import { Registry } from 'prom-client';
import { createMetricsRegistry } from '@app/observability';
import { BATCH_METRICS, CLOCK_METRICS, EngineMetrics } from './engine-metrics.js';

/**
 * The engine's metrics registry and the metrics its roles report into, injected by token (`BATCH_METRICS`,
 * `CLOCK_METRICS`, `Registry` for the workers' own gauges): global, so every role's module sees them.
 */
@Global()
@Module({
  providers: [
    { provide: Registry, useFactory: () => createMetricsRegistry('round-engine') },
    EngineMetrics,
    { provide: BATCH_METRICS, useExisting: EngineMetrics },
    { provide: CLOCK_METRICS, useExisting: EngineMetrics },
  ],
  exports: [Registry, EngineMetrics, BATCH_METRICS, CLOCK_METRICS],
})
export class EngineMetricsModule {}
