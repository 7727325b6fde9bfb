import { Controller, Get, Inject, NotFoundException, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { ApiSuccess, FairnessInfo, FairnessPeriodData, FairnessStats } from '@app/contracts';
import { isPeriodId } from '@app/domain';
import { Public } from '../auth/decorators.js';
import { ApiEnvelope } from '../common/api-envelope.js';
import { ok } from '../common/respond.js';
import { FairnessInfoDoc, FairnessPeriodDataDoc, FairnessStatsDoc } from './fairness.docs.js';
import { FairnessService, PERIOD_NOT_FOUND } from './fairness.service.js';
import { RoundsService } from './rounds.service.js';

export { PERIOD_NOT_FOUND };

/**
 * Public: everything anyone needs to verify every period without trusting the operator — the chains' commitments as
 * announced, each period's revealed seed, beacon round and bets commitment, the refunds and what they would have
 * cost, and the statistics of the house's exposure. Read through `public_periods` and `public_fairness_chains`.
 */
@ApiTags('fairness')
@Public()
@Controller('fairness')
export class FairnessController {
  constructor(
    @Inject(FairnessService) private readonly fairness: FairnessService,
    @Inject(RoundsService) private readonly rounds: RoundsService,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'Every chain commitment as announced, the beacon, the refunds and the latest drawn or refunded periods',
  })
  @ApiEnvelope(FairnessInfoDoc)
  async info(): Promise<ApiSuccess<FairnessInfo>> {
    return ok(await this.fairness.info());
  }

  @Get('stats')
  @ApiOperation({
    summary:
      'Over the last 1,000 and 10,000 settled periods: how often the drawn digit was the cheapest for the house, and the return to player per choice',
  })
  @ApiEnvelope(FairnessStatsDoc)
  async stats(): Promise<ApiSuccess<FairnessStats>> {
    return ok(await this.fairness.statistics());
  }

  @Get('periods/:periodId')
  @ApiOperation({
    summary:
      "A period's chain place, committed hash, seed, beacon round, bets commitment and exposure, once each is public",
  })
  @ApiEnvelope(FairnessPeriodDataDoc)
  @ApiParam({
    name: 'periodId',
    type: String,
    description: 'The IST date YYYYMMDD and the sequence of the day',
    example: '202611230001',
  })
  @ApiNotFoundResponse({ description: PERIOD_NOT_FOUND })
  async period(@Param('periodId') periodId: string): Promise<ApiSuccess<FairnessPeriodData>> {
    if (!isPeriodId(periodId, this.rounds.periodConfig)) throw new NotFoundException(PERIOD_NOT_FOUND);
    return ok(await this.fairness.period(periodId));
  }
}
