import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { createServer, type Server } from 'node:http';
import { Registry } from 'prom-client';
import { AppConfig } from '@app/config';
import { HealthChecks } from '../health/health-checks.js';

/**
 * Serves the Prometheus scrape endpoint (/metrics) and the detailed health report (/health: each dependency's status,
 * latency and the driver's error; 200 or 503 like the public one) on METRICS_PORT, an operations port apart from the
 * public one: what the api counts (routes, latencies, sockets, refusals) and what fails where is for operators, not
 * for players. Unset → not served.
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('MetricsServer');
  private server?: Server;

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(Registry) private readonly registry: Registry,
    @Inject(HealthChecks) private readonly health: HealthChecks,
  ) {}

  /** The port it listens on (METRICS_PORT=0 takes a free one), or undefined when it is off. */
  get port(): number | undefined {
    const address = this.server?.address();
    return address && typeof address === 'object' ? address.port : undefined;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.METRICS_PORT === undefined) return;
    this.server = createServer((req, res) => {
      const path = req.url?.split('?')[0];
      if (req.method === 'GET' && path === '/health') {
        this.health.check().then(
          (report) => {
            res.statusCode = report.healthy ? 200 : 503;
            res.setHeader('content-type', 'application/json');
            res.setHeader('cache-control', 'no-store');
            res.end(JSON.stringify({ status: report.healthy ? 'ok' : 'error', checks: report.checks }));
          },
          () => {
            res.statusCode = 500;
            res.end();
          },
        );
        return;
      }
      if (req.method !== 'GET' || path !== '/metrics') {
        res.statusCode = 404;
        res.end();
        return;
      }
      this.registry.metrics().then(
        (text) => {
          res.setHeader('content-type', this.registry.contentType);
          res.end(text);
        },
        () => {
          res.statusCode = 500;
          res.end();
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(this.config.METRICS_PORT, resolve);
    });
    this.logger.log({ msg: 'metrics endpoint listening', port: this.port });
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
