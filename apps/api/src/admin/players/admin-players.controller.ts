import { Body, Controller, Get, Inject, Param, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type {
  AdminPlayerData,
  AdminPlayerOverviewData,
  AdminPlayersData,
  ApiSuccess,
  PlaySafelyData,
} from '@app/contracts';
import { PLAYER_ACTION_MESSAGES } from '@app/domain';
import type { AuthUser } from '../../auth/auth-user.js';
import { CurrentUser, Roles } from '../../auth/decorators.js';
import { ApiEnvelope } from '../../common/api-envelope.js';
import { ok } from '../../common/respond.js';
import { PlaySafelyDataDoc } from '../../play-safely/play-safely.docs.js';
import { AdminPlayerDataDoc, AdminPlayerOverviewDataDoc, AdminPlayersDataDoc } from './admin-players.docs.js';
import { AdminPlayersService } from './admin-players.service.js';
import { PlayerActionDto } from './player-action.dto.js';

/** The admin panel's Players tab: find, suspend and reinstate players. */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('super-admin')
@Controller('admin/players')
export class AdminPlayersController {
  constructor(@Inject(AdminPlayersService) private readonly players: AdminPlayersService) {}

  @Get()
  @ApiOperation({
    summary: 'Players whose username or e-mail starts with q (or whose id it is), newest first, at most 50',
  })
  @ApiQuery({ name: 'q', required: false })
  @ApiQuery({ name: 'status', required: false, enum: ['suspended'], description: 'Only the suspended players' })
  @ApiEnvelope(AdminPlayersDataDoc)
  async search(@Query('q') q?: string, @Query('status') status?: string): Promise<ApiSuccess<AdminPlayersData>> {
    return ok({ players: await this.players.search({ q, status }) });
  }

  @Get(':userId/limits')
  @ApiOperation({
    summary:
      "A player's own limits and reality-check setting, read-only (the console cannot change or lift them). 404 for an unknown id or an administrator",
  })
  @ApiEnvelope(PlaySafelyDataDoc)
  async limits(@Param('userId') userId: string): Promise<ApiSuccess<PlaySafelyData>> {
    return ok({ playSafely: await this.players.limitsOf(userId) });
  }

  @Get(':userId/overview')
  @ApiOperation({
    summary:
      'One player at a glance: balances, their own limits and break or self-exclusion (read-only), the newest 20 ledger entries, deposits and withdrawals, and bets. Audited. 404 for an unknown id or an administrator',
  })
  @ApiEnvelope(AdminPlayerOverviewDataDoc)
  async overview(
    @CurrentUser() admin: AuthUser,
    @Param('userId') userId: string,
  ): Promise<ApiSuccess<AdminPlayerOverviewData>> {
    return ok({ overview: await this.players.overview(admin.id, userId) });
  }

  @Put(':userId/suspend')
  @ApiOperation({
    summary:
      'Suspend a player with a reason: every session ends and their sockets disconnect at once, money routes and bets are refused, pending withdrawals are held; the balance stays. 409 when already suspended',
  })
  @ApiEnvelope(AdminPlayerDataDoc)
  async suspend(
    @CurrentUser() admin: AuthUser,
    @Param('userId') userId: string,
    @Body() body: PlayerActionDto,
  ): Promise<ApiSuccess<AdminPlayerData>> {
    return ok({ player: await this.players.act(admin.id, userId, 'suspend', body) }, PLAYER_ACTION_MESSAGES.suspended);
  }

  @Put(':userId/reinstate')
  @ApiOperation({ summary: 'Reinstate a suspended player with a reason (they sign in again). 409 when not suspended' })
  @ApiEnvelope(AdminPlayerDataDoc)
  async reinstate(
    @CurrentUser() admin: AuthUser,
    @Param('userId') userId: string,
    @Body() body: PlayerActionDto,
  ): Promise<ApiSuccess<AdminPlayerData>> {
    return ok(
      { player: await this.players.act(admin.id, userId, 'reinstate', body) },
      PLAYER_ACTION_MESSAGES.reinstated,
    );
  }
}
