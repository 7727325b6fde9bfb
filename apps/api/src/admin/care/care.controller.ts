import { Body, Controller, Get, HttpCode, Inject, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { AppliedBreakData, ApiSuccess, CareData, CareFlagData } from '@app/contracts';
import { CARE_MESSAGES } from '@app/domain';
import type { AuthUser } from '../../auth/auth-user.js';
import { CurrentUser, Roles } from '../../auth/decorators.js';
import { ApiEnvelope } from '../../common/api-envelope.js';
import { ok } from '../../common/respond.js';
import { AppliedBreakDataDoc, ApplyBreakDto, CareDataDoc, CareFlagDataDoc, CareReviewDto } from './care.docs.js';
import { CareService } from './care.service.js';

/** The admin panel's Care tab: players whose play shows harm markers, contact notes, and breaks applied by an operator. */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('super-admin')
@Controller('admin')
export class CareController {
  constructor(@Inject(CareService) private readonly care: CareService) {}

  @Get('care')
  @ApiOperation({
    summary:
      'Flagged players (care signals) with each pattern and its figures, the latest seen first, at most 100 players',
  })
  @ApiQuery({
    name: 'status',
    required: false,
    enum: ['open', 'contacted', 'dismissed', 'all'],
    description: 'Flags of this status (default open)',
  })
  @ApiEnvelope(CareDataDoc)
  async list(@Query('status') status?: string): Promise<ApiSuccess<CareData>> {
    return ok({ players: await this.care.list(status) });
  }

  @Put('care/:id/contacted')
  @ApiOperation({
    summary:
      'Record that the player was contacted about a flag, with a note (audited: the admin as actor, the player as beneficiary). 404 unknown flag',
  })
  @ApiEnvelope(CareFlagDataDoc)
  async contacted(
    @CurrentUser() admin: AuthUser,
    @Param('id') flagId: string,
    @Body() body: CareReviewDto,
  ): Promise<ApiSuccess<CareFlagData>> {
    return ok({ flag: await this.care.review(admin.id, flagId, 'contacted', body) }, CARE_MESSAGES.contacted);
  }

  @Put('care/:id/dismissed')
  @ApiOperation({
    summary:
      'Dismiss a flag with a note (audited). It opens again only on occurrences after this review. 404 unknown flag',
  })
  @ApiEnvelope(CareFlagDataDoc)
  async dismissed(
    @CurrentUser() admin: AuthUser,
    @Param('id') flagId: string,
    @Body() body: CareReviewDto,
  ): Promise<ApiSuccess<CareFlagData>> {
    return ok({ flag: await this.care.review(admin.id, flagId, 'dismissed', body) }, CARE_MESSAGES.dismissed);
  }

  @Post('players/:userId/break')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Apply a break (24h, 7d, 30d or 6w) to a player, with a reason: every session ends and their sockets disconnect at once; like any break nobody can lift or shorten it (409 when it would end before the one running). Audited: the admin as actor. 404 unknown player',
  })
  @ApiEnvelope(AppliedBreakDataDoc)
  async applyBreak(
    @CurrentUser() admin: AuthUser,
    @Param('userId') userId: string,
    @Body() body: ApplyBreakDto,
  ): Promise<ApiSuccess<AppliedBreakData>> {
    const playBreak = await this.care.applyBreak(admin.id, userId, body);
    return ok({ playBreak }, CARE_MESSAGES.breakApplied(Date.parse(playBreak.until!)));
  }
}
