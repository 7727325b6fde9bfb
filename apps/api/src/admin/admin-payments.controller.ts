import { applyDecorators, Body, Controller, Get, Inject, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type {
  ApiSuccess,
  PendingDepositsData,
  PendingPaymentCountsData,
  PendingWithdrawalsData,
  UpdateTransactionStatusData,
} from '@app/contracts';
import { PAYMENT_PAGE_MAX, PAYMENT_SEARCH_MAX_LENGTH } from '@app/domain';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser, Roles } from '../auth/decorators.js';
import { ApiEnvelope } from '../common/api-envelope.js';
import { ok } from '../common/respond.js';
import {
  PendingDepositsDataDoc,
  PendingPaymentCountsDataDoc,
  PendingWithdrawalsDataDoc,
  UpdateTransactionStatusDataDoc,
} from './dto/admin-payments.docs.js';
import { ADMIN_PAYMENT_MESSAGES, AdminPaymentsService, REVIEW_FILTER_STATUSES } from './admin-payments.service.js';
import { UpdateTransactionStatusDto } from './dto/update-transaction-status.dto.js';

const ReviewFilterDocs = () =>
  applyDecorators(
    ApiQuery({ name: 'status', required: false, enum: REVIEW_FILTER_STATUSES, description: 'PENDING when absent' }),
    ApiQuery({ name: 'from', required: false, type: String, description: 'YYYY-MM-DD (IST), inclusive' }),
    ApiQuery({
      name: 'to',
      required: false,
      type: String,
      description: 'YYYY-MM-DD (IST), inclusive to the end of the day',
    }),
    ApiQuery({
      name: 'q',
      required: false,
      type: String,
      description: `Search (at most ${PAYMENT_SEARCH_MAX_LENGTH} characters): a UTR, the start of a username or e-mail, a player id, a transaction id, or an exact amount in rupees`,
    }),
    ApiQuery({
      name: 'limit',
      required: false,
      type: Number,
      description: `Page size, 1–${PAYMENT_PAGE_MAX} (${PAYMENT_PAGE_MAX})`,
    }),
    ApiQuery({ name: 'offset', required: false, type: Number, description: 'Entries to skip (0)' }),
  );

/** The query of a list, as it came. */
interface ListQuery {
  status?: string;
  from?: string;
  to?: string;
  q?: unknown;
  limit?: unknown;
  offset?: unknown;
}

/** The admin panel's Payment tab: review deposits and withdrawals. */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('super-admin')
@Controller('admin')
export class AdminPaymentsController {
  constructor(@Inject(AdminPaymentsService) private readonly payments: AdminPaymentsService) {}

  @Get('pending-deposits')
  @ApiOperation({
    summary: 'Deposits to review (newest first), filtered by status and IST date range, searched, paged',
  })
  @ApiEnvelope(PendingDepositsDataDoc)
  @ReviewFilterDocs()
  async deposits(@Query() query: ListQuery): Promise<ApiSuccess<PendingDepositsData>> {
    const { entries, total } = await this.payments.deposits(query);
    return ok({ pendingDeposits: entries, total });
  }

  @Get('pending-withdraws')
  @ApiOperation({
    summary: 'Withdrawals to review (newest first), filtered by status and IST date range, searched, paged',
  })
  @ApiEnvelope(PendingWithdrawalsDataDoc)
  @ReviewFilterDocs()
  async withdrawals(@Query() query: ListQuery): Promise<ApiSuccess<PendingWithdrawalsData>> {
    const { entries, total } = await this.payments.withdrawals(query);
    return ok({ pendingWithdrawals: entries, total });
  }

  @Get('pending-counts')
  @ApiOperation({
    summary:
      'How many deposits and withdrawals wait for a review (also pushed to administrators as `pending-payments` whenever a claim is stored or reviewed)',
  })
  @ApiEnvelope(PendingPaymentCountsDataDoc)
  async pendingCounts(): Promise<ApiSuccess<PendingPaymentCountsData>> {
    return ok({ pending: await this.payments.pendingCounts() });
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
