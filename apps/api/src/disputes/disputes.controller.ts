import { Body, Controller, Get, HttpCode, Inject, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { AdminDisputeData, AdminDisputesData, ApiSuccess, DisputeData, DisputesData } from '@app/contracts';
import { DISPUTE_MESSAGES, DISPUTE_SLA_DAYS, DISPUTE_STATUSES } from '@app/domain';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser, Roles } from '../auth/decorators.js';
import { ApiEnvelope } from '../common/api-envelope.js';
import { ok } from '../common/respond.js';
import { AnswerDisputeDto, OpenDisputeDto } from './dispute.dto.js';
import { AdminDisputeDataDoc, AdminDisputesDataDoc, DisputeDataDoc, DisputesDataDoc } from './disputes.docs.js';
import { DisputesService } from './disputes.service.js';

/** A player's disputes: open one on a bet or a transaction, read the answers, close one. */
@ApiTags('disputes')
@ApiBearerAuth()
@Controller('disputes')
export class DisputesController {
  constructor(@Inject(DisputesService) private readonly disputes: DisputesService) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary: `Dispute one of the player’s bets (its period and fairness proof go with it) or transactions, with 10–1000 characters; answered within ${DISPUTE_SLA_DAYS} days. 404 for anyone else’s, 409 while one is not closed`,
  })
  @ApiEnvelope(DisputeDataDoc, { status: 201 })
  async open(@CurrentUser() user: AuthUser, @Body() body: OpenDisputeDto): Promise<ApiSuccess<DisputeData>> {
    return ok({ dispute: await this.disputes.open(user.id, body) }, DISPUTE_MESSAGES.opened);
  }

  @Get()
  @ApiOperation({ summary: 'The player’s disputes with their answers, newest first' })
  @ApiEnvelope(DisputesDataDoc)
  async mine(@CurrentUser() user: AuthUser): Promise<ApiSuccess<DisputesData>> {
    return ok({ disputes: await this.disputes.mine(user.id) });
  }

  @Put(':id/close')
  @ApiOperation({
    summary: 'Close one of the player’s disputes (open or answered). 404 for anyone else’s, 409 when closed',
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiEnvelope(DisputeDataDoc)
  async close(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<ApiSuccess<DisputeData>> {
    return ok({ dispute: await this.disputes.close({ id: user.id, role: 'user' }, id) }, DISPUTE_MESSAGES.closedDone);
  }
}

/** The console's Disputes tab. */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('super-admin')
@Controller('admin/disputes')
export class AdminDisputesController {
  constructor(@Inject(DisputesService) private readonly disputes: DisputesService) {}

  @Get()
  @ApiOperation({
    summary:
      'Disputes of one status with their evidence (bet and result, or transaction and review) and player; open and answered by due date',
  })
  @ApiQuery({ name: 'status', required: false, enum: DISPUTE_STATUSES, description: 'Default open' })
  @ApiEnvelope(AdminDisputesDataDoc)
  async list(@Query('status') status?: unknown): Promise<ApiSuccess<AdminDisputesData>> {
    return ok({ disputes: await this.disputes.list(status) });
  }

  @Put(':id/answer')
  @ApiOperation({
    summary:
      'Answer an open dispute: it becomes answered, the player reads it in the app and is e-mailed; audited. 409 once answered or closed',
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiEnvelope(AdminDisputeDataDoc)
  async answer(
    @CurrentUser() admin: AuthUser,
    @Param('id') id: string,
    @Body() body: AnswerDisputeDto,
  ): Promise<ApiSuccess<AdminDisputeData>> {
    return ok({ dispute: await this.disputes.answer(admin.id, id, body) }, DISPUTE_MESSAGES.answered);
  }

  @Put(':id/close')
  @ApiOperation({ summary: 'Close a dispute (open or answered); audited. 409 when closed' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiEnvelope(AdminDisputeDataDoc)
  async close(@CurrentUser() admin: AuthUser, @Param('id') id: string): Promise<ApiSuccess<AdminDisputeData>> {
    return ok(
      {
        dispute: (await this.disputes.close({ id: admin.id, role: 'super-admin' }, id)) as AdminDisputeData['dispute'],
      },
      DISPUTE_MESSAGES.closedDone,
    );
  }
}
