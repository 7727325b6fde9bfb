import { Public } from '../auth/decorators.js';
import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiExtraModels, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { HealthData } from '@app/contracts';
import { ApiEnvelope } from '../common/api-envelope.js';
import { SkipApiKey } from '../common/public.decorator.js';
import { HealthChecks, publicHealth } from './health-checks.js';
import { HEALTH_DOC_MODELS, HealthDataDoc } from './health.docs.js';

/**
 * The public health answer, for load balancers and orchestrators: 200 when Postgres and Redis both answer, 503 when
 * either does not, and up or down per dependency, nothing more. What failed and why (the driver's error, naming hosts
 * and ports) is logged and served on the operations port (`GET /health` on METRICS_PORT).
 */
@ApiTags('operations')
@Public()
@Controller('health')
export class HealthController {
  constructor(@Inject(HealthChecks) private readonly health: HealthChecks) {}

  @Get()
  @SkipApiKey()
  @ApiOperation({
    summary: 'Liveness and readiness: Postgres and Redis reachable (503 when either is down); up or down only',
  })
  @ApiExtraModels(...HEALTH_DOC_MODELS)
  @ApiEnvelope(HealthDataDoc)
  async check(@Res({ passthrough: true }) res: Response): Promise<{ success: boolean; data: HealthData }> {
    const report = await this.health.check();
    res.status(report.healthy ? 200 : 503);
    return { success: report.healthy, data: publicHealth(report) };
  }
}
