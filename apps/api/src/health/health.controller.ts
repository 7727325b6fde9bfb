import { Public } from '../auth/decorators.js';
import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiExtraModels, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { sql } from 'kysely';
import { Database } from '@app/db';
import { RedisService } from '@app/redis';
import type { HealthData } from '@app/contracts';
import { ApiEnvelope } from '../common/api-envelope.js';
import { SkipApiKey } from '../common/public.decorator.js';
import { HEALTH_DOC_MODELS, HealthDataDoc } from './health.docs.js';

async function probe(fn: () => Promise<unknown>, timeoutMs = 2000) {
  const started = Date.now();
  try {
    await Promise.race([fn(), new Promise((_, reject) => setTimeout(() => reject(new Error('timed out')), timeoutMs))]);
    return { status: 'up' as const, latencyMs: Date.now() - started };
  } catch (error) {
    return { status: 'down' as const, error: (error as Error).message };
  }
}

@ApiTags('operations')
@Public()
@Controller('health')
export class HealthController {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(RedisService) private readonly redis: RedisService,
  ) {}

  @Get()
  @SkipApiKey()
  @ApiOperation({ summary: 'Liveness and readiness: Postgres and Redis reachable (503 when either is down)' })
  @ApiExtraModels(...HEALTH_DOC_MODELS)
  @ApiEnvelope(HealthDataDoc)
  async check(@Res({ passthrough: true }) res: Response): Promise<{ success: boolean; data: HealthData }> {
    const [postgres, redis] = await Promise.all([
      probe(() => sql`SELECT 1`.execute(this.db)),
      probe(() => this.redis.client.ping()),
    ]);
    const healthy = postgres.status === 'up' && redis.status === 'up';
    res.status(healthy ? 200 : 503);
    return { success: healthy, data: { status: healthy ? 'ok' : 'error', checks: { postgres, redis } } };
  }
}
