import { Controller, Get, Inject, NotFoundException, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiNotFoundResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { ApiSuccess, BetProof, BetsData } from '@app/contracts';
import { UUID_PATTERN } from '@app/domain';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/decorators.js';
import { ApiEnvelope } from '../common/api-envelope.js';
import { ok } from '../common/respond.js';
import { BetProofDoc } from './fairness.docs.js';
import { BET_NOT_FOUND, FairnessService } from './fairness.service.js';
import { BetsDataDoc } from './rounds.docs.js';
import { RoundsService } from './rounds.service.js';

@ApiTags('bets')
@ApiBearerAuth()
@Controller('bet')
export class BetController {
  constructor(
    @Inject(RoundsService) private readonly rounds: RoundsService,
    @Inject(FairnessService) private readonly fairness: FairnessService,
  ) {}

  @Get()
  @ApiOperation({ summary: "The player's bets, newest first (latest 200)" })
  @ApiEnvelope(BetsDataDoc)
  async list(@CurrentUser() user: AuthUser): Promise<ApiSuccess<BetsData>> {
    return ok({ bets: await this.rounds.history(user.id) });
  }

  @Get(':betId/proof')
  @ApiOperation({
    summary:
      "One of the player's bets in its period's commitment: its leaf and the audit path to the root published at the lock",
  })
  @ApiEnvelope(BetProofDoc)
  @ApiParam({ name: 'betId', type: String, format: 'uuid' })
  @ApiNotFoundResponse({ description: BET_NOT_FOUND })
  async proof(@CurrentUser() user: AuthUser, @Param('betId') betId: string): Promise<ApiSuccess<BetProof>> {
    if (!UUID_PATTERN.test(betId)) throw new NotFoundException(BET_NOT_FOUND);
    return ok(await this.fairness.proof(user.id, betId));
  }
}
