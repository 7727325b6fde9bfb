import { Controller, Get, Inject, NotFoundException, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { ApiSuccess, FairnessInfo, FairnessPeriod, FairnessPeriodData } from '@app/contracts';
import type { PublicPeriodRow } from '@app/db';
import { isPeriodId, RESULTS_KEPT } from '@app/domain';
import { toGameResult } from '@app/realtime';
import { Public } from '../auth/decorators.js';
import { ApiEnvelope } from '../common/api-envelope.js';
import { ok } from '../common/respond.js';
import { FairnessInfoDoc, FairnessPeriodDataDoc } from './rounds.docs.js';
import { RoundsRepository } from './rounds.repository.js';
import { RoundsService } from './rounds.service.js';

export const PERIOD_NOT_FOUND = 'Period not found.';

/**
 * A period as the fairness pages show it: what the `public_periods` view lets anyone see. A result is shown when
 * the period was drawn (also when it was refunded afterwards, because it could not be settled in time).
 */
function toFairnessPeriod(row: PublicPeriodRow, commitment?: string): FairnessPeriod {
  return {
    ...(row.digit !== null ? toGameResult(row) : { periodId: row.id }),
    ...(row.seed_hash ? { seedHash: row.seed_hash } : {}),
    ...(row.seed ? { seed: row.seed } : {}),
    chainIndex: row.chain_index,
    status: row.status,
    ...(commitment ? { commitment } : {}),
  };
}

/**
 * Public: the committed chain and every revealed seed, so anyone can verify any period. Periods are read through
 * the `public_periods` view: a committed hash appears once the period before it was drawn or refunded, a seed once
 * its period was drawn or refunded.
 */
@ApiTags('fairness')
@Public()
@Controller('fairness')
export class FairnessController {
  constructor(
    @Inject(RoundsRepository) private readonly repository: RoundsRepository,
    @Inject(RoundsService) private readonly rounds: RoundsService,
  ) {}

  @Get()
  @ApiOperation({ summary: "The commitment (seed[0]), the running period's committed hash once public, and the latest revealed seeds" })
  @ApiEnvelope(FairnessInfoDoc)
  async info(): Promise<ApiSuccess<FairnessInfo>> {
    const [chain, current, recent] = await Promise.all([
      this.repository.activeChain(),
      this.rounds.currentPeriodInfo(),
      this.repository.latestRevealed(RESULTS_KEPT),
    ]);
    return ok({
      commitment: chain?.commitment ?? '',
      chainLength: chain?.length ?? 0,
      nextSeedHash: current.seedHash ?? '',
      recent: recent.map((row) => toFairnessPeriod(row)),
    });
  }

  @Get('periods/:periodId')
  @ApiOperation({ summary: "A period's chain index, its committed hash once public, and (once drawn or refunded) its seed and result" })
  @ApiEnvelope(FairnessPeriodDataDoc)
  @ApiParam({ name: 'periodId', type: String, description: 'The IST date YYYYMMDD and the sequence of the day', example: '202611230001' })
  @ApiNotFoundResponse({ description: PERIOD_NOT_FOUND })
  async period(@Param('periodId') periodId: string): Promise<ApiSuccess<FairnessPeriodData>> {
    if (!isPeriodId(periodId, this.rounds.periodConfig)) throw new NotFoundException(PERIOD_NOT_FOUND);
    const row = await this.repository.period(periodId);
    if (!row) throw new NotFoundException(PERIOD_NOT_FOUND);
    const chain = row.chain_id === null ? undefined : await this.repository.chain(row.chain_id);
    return ok({ period: toFairnessPeriod(row, chain?.commitment) });
  }
}
