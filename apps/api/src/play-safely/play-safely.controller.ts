import { Body, Controller, Get, Inject, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ApiSuccess, PlaySafelyData, PlaySessionData } from '@app/contracts';
import { PLAY_SAFELY_MESSAGES } from '@app/domain';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/decorators.js';
import { ApiEnvelope } from '../common/api-envelope.js';
import { ok } from '../common/respond.js';
import { UpdateLimitsDto } from './dto/update-limits.dto.js';
import { PlaySafelyDataDoc, PlaySessionDataDoc } from './play-safely.docs.js';
import { PlaySafelyService } from './play-safely.service.js';
import { SessionLimitWatch } from './session-limit.watch.js';

/** The Play safely screen: a player's own limits, reality-check interval and session figures. Players only (403 otherwise). */
@ApiTags('play-safely')
@ApiBearerAuth()
@Controller('player')
export class PlaySafelyController {
  constructor(
    @Inject(PlaySafelyService) private readonly playSafely: PlaySafelyService,
    @Inject(SessionLimitWatch) private readonly watch: SessionLimitWatch,
  ) {}

  @Get('limits')
  @ApiOperation({
    summary:
      "The player's own limits: each in force, its pending change, what it counts now and when it resets; the reality-check interval",
  })
  @ApiEnvelope(PlaySafelyDataDoc)
  async limits(@CurrentUser() user: AuthUser): Promise<ApiSuccess<PlaySafelyData>> {
    return ok({ playSafely: await this.playSafely.view(user) });
  }

  @Put('limits')
  @ApiOperation({
    summary:
      'Set, lower, raise or remove limits and choose the reality-check interval: a lower limit applies at once, a higher one or a removal after 24 hours (cancellable). 400 with per-field errors; 409 when a cancelled limit has nothing pending',
  })
  @ApiEnvelope(PlaySafelyDataDoc)
  async update(@CurrentUser() user: AuthUser, @Body() body: UpdateLimitsDto): Promise<ApiSuccess<PlaySafelyData>> {
    const { view, sessionLimitChanged } = await this.playSafely.update(user, body);
    if (sessionLimitChanged) this.watch.limitsChanged(user.id);
    return ok({ playSafely: view }, PLAY_SAFELY_MESSAGES.saved);
  }

  @Get('session')
  @ApiOperation({
    summary:
      'This session (since the login): when it started, rupees staked, won and net, the reminder interval and when its time limit ends it',
  })
  @ApiEnvelope(PlaySessionDataDoc)
  async session(@CurrentUser() user: AuthUser): Promise<ApiSuccess<PlaySessionData>> {
    return ok({ session: await this.playSafely.session(user) });
  }
}
