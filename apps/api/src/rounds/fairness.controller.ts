import { Controller, Get, Inject, NotFoundException, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ApiSuccess, FairnessInfo, FairnessPeriodData } from '@app/contracts';
import { isPeriodId } from '@app/domain';
import { toGameResult } from '@app/realtime';
import { Public } from '../auth/decorators.js';
import { ok } from '../common/respond.js';
import { RoundsRepository } from './rounds.repository.js';
import { RoundsService } from './rounds.service.js';

export const PERIOD_NOT_FOUND = 'Period not found.';

/** Public: the committed chain and every revealed seed, so anyone can verify any period. */
@ApiTags('fairness')
@Public()
@Controller('fairness')
export class FairnessController {
  constructor(
    @Inject(RoundsRepository) private readonly repository: RoundsRepository,
    @Inject(RoundsService) private readonly rounds: RoundsService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'The commitment (seed[0]), the next seed hash and the latest revealed seeds' })
  async info(): Promise<ApiSuccess<FairnessInfo>> {
    const chain = await this.repository.activeChain();
    const current = await this.rounds.currentPeriodInfo();
    return ok({
      commitment: chain?.commitment ?? '',
      chainLength: chain?.length ?? 0,
      nextSeedHash: current.seedHash ?? '',
      recent: await this.rounds.latestResults(),
    });
  }

  @Get('periods/:periodId')
  @ApiOperation({ summary: "A period's committed hash, chain index and (once drawn) its seed and result" })
  async period(@Param('periodId') periodId: string): Promise<ApiSuccess<FairnessPeriodData>> {
    if (!isPeriodId(periodId, this.rounds.periodConfig)) throw new NotFoundException(PERIOD_NOT_FOUND);
    const row = await this.repository.period(periodId);
    if (!row) throw new NotFoundException(PERIOD_NOT_FOUND);
    const drawn = row.status === 'DRAWN' || row.status === 'SETTLED';
    const chain = await this.repository.chain(row.chain_id);
    return ok({
      period: {
        ...(drawn ? toGameResult(row) : { periodId: row.id, seedHash: row.seed_hash }),
        chainIndex: row.chain_index,
        status: row.status,
        commitment: chain?.commitment,
      } as FairnessPeriodData['period'],
    });
  }
}
