import { Public } from '../auth/decorators.js';
import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AppConfig } from '@app/config';
import {
  DEPOSIT_MAX_PAISE,
  DEPOSIT_MIN_PAISE,
  STAKES_PAISE,
  WITHDRAWAL_DAILY_MAX_PAISE,
  WITHDRAWAL_MAX_PAISE,
  WITHDRAWAL_MIN_PAISE,
} from '@app/domain';
import type { ApiSuccess, ClientConfig } from '@app/contracts';
import { ApiEnvelope } from '../common/api-envelope.js';
import { ok } from '../common/respond.js';
import { ClientConfigDoc } from './app-config.docs.js';

@ApiTags('app')
@Public()
@Controller('app-config')
export class AppConfigController {
  constructor(@Inject(AppConfig) private readonly config: AppConfig) {}

  @Get()
  @ApiOperation({ summary: 'Round timing, payouts, GST, stakes, deposit and withdrawal bounds, e-mail domains, referral terms and the UPI payee the client needs' })
  @ApiEnvelope(ClientConfigDoc)
  get(): ApiSuccess<ClientConfig> {
    const c = this.config;
    return ok({
      roundSeconds: c.ROUND_SECONDS,
      lockSeconds: c.LOCK_SECONDS,
      payouts: c.payouts,
      gstRate: c.GST_RATE,
      gstBps: c.gstBps,
      allowedEmailDomains: c.ALLOWED_EMAIL_DOMAINS,
      payment: { payeeVpa: c.UPI_PAYEE_VPA, payeeName: c.UPI_PAYEE_NAME },
      stakesPaise: [...STAKES_PAISE],
      deposit: { minPaise: DEPOSIT_MIN_PAISE, maxPaise: DEPOSIT_MAX_PAISE },
      withdrawal: { minPaise: WITHDRAWAL_MIN_PAISE, maxPaise: WITHDRAWAL_MAX_PAISE, dailyMaxPaise: WITHDRAWAL_DAILY_MAX_PAISE },
      referral: c.referralTerms,
    });
  }
}
