import { Public } from '../auth/decorators.js';
import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AppConfig } from '@app/config';
import type { ApiSuccess, ClientConfig } from '@app/contracts';
import { ok } from '../common/respond.js';

@ApiTags('app')
@Public()
@Controller('app-config')
export class AppConfigController {
  constructor(@Inject(AppConfig) private readonly config: AppConfig) {}

  @Get()
  @ApiOperation({ summary: 'Round timing, payouts, GST, e-mail domains and the UPI payee the client needs' })
  get(): ApiSuccess<ClientConfig> {
    const c = this.config;
    return ok({
      roundSeconds: c.ROUND_SECONDS,
      lockSeconds: c.LOCK_SECONDS,
      payouts: c.payouts,
      gstRate: c.GST_RATE,
      allowedEmailDomains: c.ALLOWED_EMAIL_DOMAINS,
      payment: { payeeVpa: c.UPI_PAYEE_VPA, payeeName: c.UPI_PAYEE_NAME },
    });
  }
}
