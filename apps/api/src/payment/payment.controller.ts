import { Body, Controller, Inject, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ApiSuccess, DepositResult, WithdrawResult } from '@app/contracts';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/decorators.js';
import { ApiEnvelope } from '../common/api-envelope.js';
import { ok } from '../common/respond.js';
import { DepositResultDoc, WithdrawResultDoc } from './dto/payment-results.docs.js';
import { DepositDto } from './dto/deposit.dto.js';
import { WithdrawDto } from './dto/withdraw.dto.js';
import { PaymentService } from './payment.service.js';

@ApiTags('payment')
@ApiBearerAuth()
@Controller('payment')
export class PaymentController {
  constructor(@Inject(PaymentService) private readonly payments: PaymentService) {}

  @Post('deposit')
  @ApiOperation({ summary: 'Claim a UPI payment by its UTR; pending until an admin approves it' })
  @ApiEnvelope(DepositResultDoc, { status: 201 })
  async deposit(@CurrentUser() user: AuthUser, @Body() body: DepositDto): Promise<ApiSuccess<DepositResult>> {
    const result = await this.payments.deposit(user.id, body);
    return ok(result, result.message);
  }

  @Post('withdraw')
  @ApiOperation({ summary: 'Request a withdrawal by UPI or bank transfer; the amount is held at once' })
  @ApiEnvelope(WithdrawResultDoc, { status: 201 })
  async withdraw(@CurrentUser() user: AuthUser, @Body() body: WithdrawDto): Promise<ApiSuccess<WithdrawResult>> {
    const result = await this.payments.withdraw(user.id, body);
    return ok(result, result.message);
  }
}
