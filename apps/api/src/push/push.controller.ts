import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Inject, NotFoundException, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AppConfig } from '@app/config';
import type { ApiSuccess, PushKeyData, PushSubscriptionData } from '@app/contracts';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser, Public, Roles } from '../auth/decorators.js';
import { ApiEnvelope } from '../common/api-envelope.js';
import { ok } from '../common/respond.js';
import {
  PUSH_MESSAGES,
  PushKeyDataDoc,
  PushSubscriptionDataDoc,
  PushSubscriptionDto,
  PushUnsubscribeDto,
} from './push.dto.js';
import { PushRepository } from './push.repository.js';

/** Web push: the key browsers subscribe with, and a player's subscriptions (docs/app-shell.md, "Push"). */
@ApiTags('push')
@Controller('push')
export class PushController {
  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(PushRepository) private readonly subscriptions: PushRepository,
  ) {}

  @Public()
  @Get('key')
  @ApiOperation({ summary: 'The VAPID public key to subscribe with, or null when push is off' })
  @ApiEnvelope(PushKeyDataDoc)
  key(): ApiSuccess<PushKeyData> {
    return ok({ publicKey: this.config.webPush?.publicKey ?? null });
  }

  @ApiBearerAuth()
  @Roles('user')
  @Put('subscription')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      "Save this browser's push subscription for the signed-in player (players only; 404 when push is off). An endpoint belongs to the latest player to subscribe with it",
  })
  @ApiEnvelope(PushSubscriptionDataDoc)
  async subscribe(
    @CurrentUser() user: AuthUser,
    @Body() body: PushSubscriptionDto,
  ): Promise<ApiSuccess<PushSubscriptionData>> {
    if (!this.config.webPush) throw new NotFoundException(PUSH_MESSAGES.off);
    await this.subscriptions.save(user.id, { endpoint: body.endpoint, ...body.keys });
    return ok({ subscribed: true });
  }

  @ApiBearerAuth()
  @Roles('user')
  @Delete('subscription')
  @ApiOperation({ summary: "Forget this browser's push subscription (the signed-in player's own only)" })
  @ApiEnvelope(PushSubscriptionDataDoc)
  async unsubscribe(
    @CurrentUser() user: AuthUser,
    @Body() body: PushUnsubscribeDto,
  ): Promise<ApiSuccess<PushSubscriptionData>> {
    await this.subscriptions.remove(user.id, body.endpoint);
    return ok({ subscribed: false });
  }
}
