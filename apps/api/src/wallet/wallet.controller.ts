import { Controller, Get, Inject } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ApiSuccess, TransactionsData, WalletSummaryData } from '@app/contracts';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/decorators.js';
import { ApiEnvelope } from '../common/api-envelope.js';
import { ok } from '../common/respond.js';
import { TransactionsDataDoc, WalletSummaryDataDoc } from './wallet.docs.js';
import { WalletService } from './wallet.service.js';

@ApiTags('wallet')
@ApiBearerAuth()
@Controller('wallet')
export class WalletController {
  constructor(@Inject(WalletService) private readonly wallet: WalletService) {}

  @Get('summary')
  @ApiOperation({ summary: 'Main (withdrawable) and bonus balance, activation and withdrawal eligibility, in rupees' })
  @ApiEnvelope(WalletSummaryDataDoc)
  async summary(@CurrentUser() user: AuthUser): Promise<ApiSuccess<WalletSummaryData>> {
    return ok({ summary: await this.wallet.summary(user.id) });
  }

  @Get('transactions')
  @ApiOperation({ summary: "The player's transactions, newest first; withdrawals negative; bank account masked" })
  @ApiEnvelope(TransactionsDataDoc)
  async transactions(@CurrentUser() user: AuthUser): Promise<ApiSuccess<TransactionsData>> {
    return ok({ transactions: await this.wallet.transactions(user.id) });
  }
}
