import { applyDecorators, Body, Controller, Get, Inject, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type {
  ApiSuccess,
  PendingDepositsData,
  PendingWithdrawalsData,
  UpdateTransactionStatusData,
} from '@app/contracts';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser, Roles } from '../auth/decorators.js';
import { ApiEnvelope } from '../common/api-envelope.js';
import { ok } from '../common/respond.js';
import {
  PendingDepositsDataDoc,
  PendingWithdrawalsDataDoc,
  UpdateTransactionStatusDataDoc,
} from './dto/admin-payments.docs.js';
import { ADMIN_PAYMENT_MESSAGES, AdminPaymentsService, REVIEW_FILTER_STATUSES } from './admin-payments.service.js';
import { UpdateTransactionStatusDto } from './dto/update-transaction-status.dto.js';

const ReviewFilterDocs = () =>
  applyDecorators(
    ApiQuery({ name: 'status', required: false, enum: REVIEW_FILTER_STATUSES, description: 'PENDING when absent' }),
    ApiQuery({ name: 'from', required: false, description: 'YYYY-MM-DD (IST), inclusive' }),
    ApiQuery({ name: 'to', required: false, description: 'YYYY-MM-DD (IST), inclusive to the end of the day' }),
  );

/** The admin panel's Payment tab: review deposits and withdrawals. */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('super-admin')
@Controller('admin')
export class AdminPaymentsController {
  constructor(@Inject(AdminPaymentsService) private readonly payments: AdminPaymentsService) {}

  @Get('pending-deposits')
  @ApiOperation({ summary: 'Deposits to review (newest first), filtered by status and IST date range' })
  @ApiEnvelope(PendingDepositsDataDoc)
  @ReviewFilterDocs()
  async deposits(
    @Query('status') status?: string,
    @Query('from') from?: string,
    @Query('to') to?: string,
  ): Promise<ApiSuccess<PendingDepositsData>> {
    return ok({ pendingDeposits: await this.payments.deposits({ status, from, to }) });
  }

  @Get('pending-withdraws')
  @ApiOperation({ summary: 'Withdrawals to review (newest first), filtered by status and IST date range' })
  @ApiEnvelope(PendingWithdrawalsDataDoc)
  @ReviewFilterDocs()
  async withdrawals(
    @Query('status') status?: string,
    @Query('from') from?: string,
    @Query('to') to?: string,
  ): Promise<ApiSuccess<PendingWithdrawalsData>> {
    return ok({ pendingWithdrawals: await this.payments.withdrawals({ status, from, to }) });
  }

  @Put('update-transaction-status')
  @ApiOperation({
    summary: 'Approve (COMPLETED) or reject (FAILED) a PENDING deposit or withdrawal, exactly once; 409 otherwise',
  })
  @ApiEnvelope(UpdateTransactionStatusDataDoc)
  async updateStatus(
    @CurrentUser() admin: AuthUser,
    @Body() body: UpdateTransactionStatusDto,
  ): Promise<ApiSuccess<UpdateTransactionStatusData>> {
    return ok({ transaction: await this.payments.updateStatus(admin.id, body) }, ADMIN_PAYMENT_MESSAGES.updated);
  }
}
