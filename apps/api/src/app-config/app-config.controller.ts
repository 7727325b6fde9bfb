import { Public } from '../auth/decorators.js';
import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AppConfig } from '@app/config';
import { clientRules, type ApiSuccess, type ClientConfig } from '@app/contracts';
import { ApiEnvelope } from '../common/api-envelope.js';
import { ok } from '../common/respond.js';
import { ClientConfigDoc } from './app-config.docs.js';

@ApiTags('app')
@Public()
@Controller('app-config')
export class AppConfigController {
  constructor(@Inject(AppConfig) private readonly config: AppConfig) {}

  @Get()
  @ApiOperation({
    summary:
      'Round timing, payouts, GST, stakes, deposit and withdrawal bounds, e-mail domains, referral terms, play-through rules and the UPI payee the client needs',
  })
  @ApiEnvelope(ClientConfigDoc)
  get(): ApiSuccess<ClientConfig> {
    const c = this.config;
    return ok({
      ...clientRules({
        roundSeconds: c.ROUND_SECONDS,
        lockSeconds: c.LOCK_SECONDS,
        payouts: c.payouts,
        gstBps: c.gstBps,
        allowedEmailDomains: c.ALLOWED_EMAIL_DOMAINS,
        referral: c.referralTerms,
        playThrough: {
          bonusWageringMultiplier: c.BONUS_WAGERING_MULTIPLIER,
          bonusExpiryDays: c.BONUS_EXPIRY_DAYS,
          withdrawalTurnoverPercent: c.WITHDRAWAL_TURNOVER_PERCENT,
        },
      }),
      payment: { payeeVpa: c.UPI_PAYEE_VPA, payeeName: c.UPI_PAYEE_NAME },
      serverTime: Date.now(),
    });
  }
}
