import { Controller, HttpCode, HttpStatus, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AppConfig } from '@app/config';
import type { ApiSuccess, RefreshTokenData } from '@app/contracts';
import { ApiEnvelope } from '../common/api-envelope.js';
import { ok } from '../common/respond.js';
import { RefreshTokenDataDoc } from './dto/auth-results.docs.js';
import { AUTH_MESSAGES } from './auth-messages.js';
import { Public } from './decorators.js';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './refresh-cookie.js';
import { SessionService } from './session.service.js';

/** POST /refresh-token `{}`: a new access token for the 401 retry rule; the cookie rotates. */
@ApiTags('auth')
@Controller()
export class RefreshTokenController {
  constructor(
    @Inject(SessionService) private readonly sessions: SessionService,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  @Public()
  @Post('refresh-token')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'A new access token for the 401 retry rule, bought by the refresh cookie; the cookie rotates',
  })
  @ApiEnvelope(RefreshTokenDataDoc)
  async refresh(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<ApiSuccess<RefreshTokenData>> {
    try {
      const session = await this.sessions.rotate(readRefreshCookie(req));
      setRefreshCookie(res, this.config, session.refreshToken);
      return ok({ accessToken: session.accessToken }, AUTH_MESSAGES.refreshed);
    } catch (error) {
      clearRefreshCookie(res, this.config);
      throw error;
    }
  }
}
