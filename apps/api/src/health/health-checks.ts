import { Inject, Injectable, Logger } from '@nestjs/common';
import { sql } from 'kysely';
import type { HealthData } from '@app/contracts';
import { Database } from '@app/db';
import { RedisService } from '@app/redis';

/** How long a dependency may take to answer its probe before it counts as down. */
export const HEALTH_PROBE_TIMEOUT_MS = 2000;

export type DependencyName = 'postgres' | 'redis';

/** One dependency's probe, in full: for the logs and the operations port only. */
export interface DependencyCheck {
  status: 'up' | 'down';
  latencyMs?: number;
  /** The driver's own words (host, port, reason): never sent on the public port. */
  error?: string;
}

export interface HealthReport {
  healthy: boolean;
  checks: Record<DependencyName, DependencyCheck>;
}

async function probe(fn: () => Promise<unknown>, timeoutMs = HEALTH_PROBE_TIMEOUT_MS): Promise<DependencyCheck> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      fn(),
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), timeoutMs))),
    ]);
    return { status: 'up', latencyMs: Date.now() - started };
  } catch (error) {
    return { status: 'down', latencyMs: Date.now() - started, error: (error as Error).message };
  } finally {
    clearTimeout(timer);
  }
}

/** What the public health answer says: up or down, per dependency and overall, and nothing else. */
export function publicHealth(report: HealthReport): HealthData {
  return {
    status: report.healthy ? 'ok' : 'error',
    checks: { postgres: { status: report.checks.postgres.status }, redis: { status: report.checks.redis.status } },
  };
}

/**
 * Probes Postgres and Redis (each within HEALTH_PROBE_TIMEOUT_MS). The full report (latency, the driver's error) goes
 * to the operations port (`GET /health` on METRICS_PORT) and to the logs, once per change: a dependency going down is
 * logged with its error at warn level, its coming back at info. The public `/api/v1/health` says up or down only.
 */
@Injectable()
export class HealthChecks {
  private readonly logger = new Logger('Health');
  private readonly last: Partial<Record<DependencyName, DependencyCheck['status']>> = {};

  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(RedisService) private readonly redis: RedisService,
  ) {}

  async check(): Promise<HealthReport> {
    const [postgres, redis] = await Promise.all([
      probe(() => sql`SELECT 1`.execute(this.db)),
      probe(() => this.redis.client.ping()),
    ]);
    const checks = { postgres, redis };
    for (const name of ['postgres', 'redis'] as const) this.report(name, checks[name]);
    return { healthy: postgres.status === 'up' && redis.status === 'up', checks };
  }

  private report(name: DependencyName, check: DependencyCheck): void {
    const before = this.last[name];
    this.last[name] = check.status;
    if (before === check.status) return;
    if (check.status === 'down')
      this.logger.warn({ msg: 'health check failing', check: name, error: check.error, latencyMs: check.latencyMs });
    else if (before === 'down')
      this.logger.log({ msg: 'health check passing again', check: name, latencyMs: check.latencyMs });
  }
}
