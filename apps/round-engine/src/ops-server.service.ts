import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { createServer, type Server } from 'node:http';
import { sql } from 'kysely';
import { Registry } from 'prom-client';
import { AppConfig } from '@app/config';
import { Database } from '@app/db';
import { RedisService } from '@app/redis';

/** The engine has no public HTTP surface; this serves /health and /metrics for operators on METRICS_PORT. */
@Injectable()
export class OpsServerService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('OpsServer');
  private server?: Server;

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(Registry) private readonly registry: Registry,
    @Inject(Database) private readonly db: Database,
    @Inject(RedisService) private readonly redis: RedisService,
  ) {}

  async health(): Promise<{ healthy: boolean; checks: Record<string, string> }> {
    const check = async (fn: () => Promise<unknown>) => {
      try {
        await Promise.race([fn(), new Promise((_, reject) => setTimeout(() => reject(new Error('timed out')), 2000))]);
        return 'up';
      } catch (error) {
        return `down: ${(error as Error).message}`;
      }
    };
    const [postgres, redis] = await Promise.all([
      check(() => sql`SELECT 1`.execute(this.db)),
      check(() => this.redis.client.ping()),
    ]);
    return { healthy: postgres === 'up' && redis === 'up', checks: { postgres, redis } };
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.METRICS_PORT === undefined) return;
    this.server = createServer((req, res) => {
      void (async () => {
        if (req.url === '/metrics') {
          res.setHeader('content-type', this.registry.contentType);
          res.end(await this.registry.metrics());
        } else if (req.url === '/health') {
          const health = await this.health();
          res.statusCode = health.healthy ? 200 : 503;
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ status: health.healthy ? 'ok' : 'error', checks: health.checks }));
        } else {
          res.statusCode = 404;
          res.end();
        }
      })().catch(() => {
        res.statusCode = 500;
        res.end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(this.config.METRICS_PORT, resolve));
    this.logger.log({ msg: 'operations endpoint listening', port: this.config.METRICS_PORT });
  }

  async onApplicationShutdown(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
