import { Controller, Get, Inject } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ApiSuccess, BetsData } from '@app/contracts';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/decorators.js';
import { ApiEnvelope } from '../common/api-envelope.js';
import { ok } from '../common/respond.js';
import { BetsDataDoc } from './rounds.docs.js';
import { RoundsService } from './rounds.service.js';

@ApiTags('bets')
@ApiBearerAuth()
@Controller('bet')
export class BetController {
  constructor(@Inject(RoundsService) private readonly rounds: RoundsService) {}

  @Get()
  @ApiOperation({ summary: "The player's bets, newest first (latest 200)" })
  @ApiEnvelope(BetsDataDoc)
  async list(@CurrentUser() user: AuthUser): Promise<ApiSuccess<BetsData>> {
    return ok({ bets: await this.rounds.history(user.id) });
  }
}
