import {
  Body,
  Controller,
  ForbiddenException,
  Get,
  HttpCode,
  HttpStatus,
  Inject,
  Post,
  UseGuards,
} from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type {
  ApiSuccess,
  AwaySummaryData,
  PlayBreakData,
  PlayBreakTakenData,
  ReturnRequestedData,
  WithdrawResult,
} from '@app/contracts';
import { PLAY_BREAK_MESSAGES, WALLET_MESSAGES } from '@app/domain';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser, Public } from '../auth/decorators.js';
import { ApiEnvelope } from '../common/api-envelope.js';
import { ok } from '../common/respond.js';
import { WithdrawResultDoc } from '../payment/dto/payment-results.docs.js';
import { WithdrawDto } from '../payment/dto/withdraw.dto.js';
import {
  AwaySummaryDataDoc,
  PlayBreakDataDoc,
  PlayBreakTakenDataDoc,
  ReturnRequestedDataDoc,
  TakePlayBreakDto,
} from './play-breaks.docs.js';
import { PlayBreaksService } from './play-breaks.service.js';
import { AwayPlayer, WithdrawTokenGuard } from './withdraw-token.guard.js';

/** Taking a break or excluding oneself, signed in (the "Take a break or exclude yourself" screen). */
@ApiTags('play-safely')
@ApiBearerAuth()
@Controller('play-safely/break')
export class PlayBreaksController {
  constructor(@Inject(PlayBreaksService) private readonly breaks: PlayBreaksService) {}

  @Get()
  @ApiOperation({ summary: 'The break or self-exclusion in force for the signed-in player, or null (players only)' })
  @ApiEnvelope(PlayBreakDataDoc)
  async current(@CurrentUser() user: AuthUser): Promise<ApiSuccess<PlayBreakData>> {
    if (user.role !== 'user') throw new ForbiddenException(WALLET_MESSAGES.playersOnly);
    return ok({ playBreak: await this.breaks.current(user.id) });
  }

  @Post()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      'Take a break (24h, 7d, 30d, 6w) or exclude yourself (6m, 1y, 5y). Every session ends and every socket disconnects at once; sign-in, bets and deposits are refused until it ends; withdrawals stay possible. While one runs only a longer one is accepted (409 otherwise); none can be shortened',
  })
  @ApiEnvelope(PlayBreakTakenDataDoc)
  async take(@CurrentUser() user: AuthUser, @Body() body: TakePlayBreakDto): Promise<ApiSuccess<PlayBreakTakenData>> {
    const playBreak = await this.breaks.take(user.id, body.option);
    return ok({ playBreak }, PLAY_BREAK_MESSAGES.taken(playBreak.kind, Date.parse(playBreak.endsAt)));
  }
}

/**
 * What a player on a break or self-excluded can still do, with the withdraw-only token of their refused sign-in
 * (`Authorization: Bearer pb1…`): see what runs and their balance, withdraw their main balance, take a longer break
 * or exclusion, and ask to return from a self-exclusion past its end. @Public only so the access-token guard does
 * not refuse the token first: WithdrawTokenGuard admits nothing else.
 */
@ApiTags('play-safely')
@ApiBearerAuth()
@Public()
@UseGuards(WithdrawTokenGuard)
@Controller('play-safely/away')
export class AwayController {
  constructor(@Inject(PlayBreaksService) private readonly breaks: PlayBreaksService) {}

  @Get()
  @ApiOperation({
    summary: 'With the withdraw-only token: what keeps the player away, their balances, whether they may ask to return',
  })
  @ApiEnvelope(AwaySummaryDataDoc)
  async summary(@AwayPlayer() userId: string): Promise<ApiSuccess<AwaySummaryData>> {
    return ok(await this.breaks.awaySummary(userId));
  }

  @Post('withdraw')
  @ApiOperation({
    summary:
      'With the withdraw-only token: request a withdrawal of the main balance (the usual form and limits; the play-through turnover rule does not apply while away)',
  })
  @ApiEnvelope(WithdrawResultDoc, { status: 201 })
  async withdraw(@AwayPlayer() userId: string, @Body() body: WithdrawDto): Promise<ApiSuccess<WithdrawResult>> {
    const result = await this.breaks.withdraw(userId, body);
    return ok(result, result.message);
  }

  @Post('break')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      'With the withdraw-only token: take a longer break or self-exclusion than the one running (409 when not longer)',
  })
  @ApiEnvelope(PlayBreakTakenDataDoc)
  async lengthen(
    @AwayPlayer() userId: string,
    @Body() body: TakePlayBreakDto,
  ): Promise<ApiSuccess<PlayBreakTakenData>> {
    const playBreak = await this.breaks.take(userId, body.option);
    return ok({ playBreak }, PLAY_BREAK_MESSAGES.taken(playBreak.kind, Date.parse(playBreak.endsAt)));
  }

  @Post('return')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      'With the withdraw-only token: ask to return from a self-exclusion past its end; the account opens 24 hours later (409 before the end, or twice)',
  })
  @ApiEnvelope(ReturnRequestedDataDoc)
  async requestReturn(@AwayPlayer() userId: string): Promise<ApiSuccess<ReturnRequestedData>> {
    const playBreak = await this.breaks.requestReturn(userId);
    return ok({ playBreak }, PLAY_BREAK_MESSAGES.returnAccepted(Date.parse(playBreak.until!)));
  }
}
