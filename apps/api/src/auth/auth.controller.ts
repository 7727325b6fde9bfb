import { Body, Controller, Get, HttpCode, HttpStatus, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AppConfig } from '@app/config';
import type {
  ApiSuccess,
  ForgotPasswordStepData,
  LoginData,
  RefreshSessionData,
  RegisterCodeSentData,
  RegisterCreatedData,
} from '@app/contracts';
import { ApiEnvelope } from '../common/api-envelope.js';
import { ok } from '../common/respond.js';
import {
  EmptyDataDoc,
  LoginDataDoc,
  RegisterCodeSentDataDoc,
  RegisterCreatedDataDoc,
} from './dto/auth-results.docs.js';
import { AUTH_MESSAGES } from './auth-messages.js';
import { AuthService } from './auth.service.js';
import { clientInfo } from './client-info.js';
import { Public } from './decorators.js';
import {
  ForgotPasswordRequestDto,
  ForgotPasswordResetDto,
  ForgotPasswordVerifyDto,
} from './dto/forgot-password.dto.js';
import { LoginDto } from './dto/login.dto.js';
import { RegisterDto } from './dto/register.dto.js';
import { PasswordResetService, ResetTicketRefused } from './password-reset.service.js';
import { clearRefreshCookie, readBearer, readRefreshCookie, setRefreshCookie } from './refresh-cookie.js';
import { clearResetTicketCookie, readResetTicketCookie, setResetTicketCookie } from './reset-ticket-cookie.js';
import { SessionService } from './session.service.js';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    @Inject(AuthService) private readonly auth: AuthService,
    @Inject(SessionService) private readonly sessions: SessionService,
    @Inject(PasswordResetService) private readonly reset: PasswordResetService,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  /** Without `otp`: validates and e-mails a code (200). With `otp`: creates the player (201). */
  @Public()
  @Post('register')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Register: without otp, validates and e-mails a 6-digit code (200); with it, creates the player (201)',
  })
  @ApiEnvelope(RegisterCodeSentDataDoc, { description: 'The code was e-mailed.' })
  @ApiEnvelope(RegisterCreatedDataDoc, { status: 201, description: 'The player was created.' })
  async register(
    @Body() dto: RegisterDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ApiSuccess<RegisterCodeSentData | RegisterCreatedData>> {
    const client = clientInfo(req);
    if (dto.otp === undefined || dto.otp === null || dto.otp.trim() === '') {
      const sent = await this.auth.requestRegistrationCode(dto, client);
      return ok(sent, AUTH_MESSAGES.codeSent(sent.email));
    }
    const user = await this.auth.register(dto, client);
    res.status(HttpStatus.CREATED);
    return ok({ user }, AUTH_MESSAGES.registered);
  }

  @Public()
  @Post('login')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Sign in with e-mail and password: an access token, and the refresh token as an httpOnly cookie',
    description:
      'A 401 whose `errors` has `code` or `totp` asks for more than the password (whether or not the password was right): ' +
      '`code`, the 6-digit code e-mailed to the account (after repeated failed sign-ins); `totp`, the authenticator code or a recovery code (an enrolled second factor). Send them with the password.',
  })
  @ApiEnvelope(LoginDataDoc)
  async login(
    @Body() dto: LoginDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ApiSuccess<LoginData>> {
    const session = await this.auth.login(dto.email, dto.password, clientInfo(req), { code: dto.code, totp: dto.totp });
    setRefreshCookie(res, this.config, session.refreshToken);
    return ok({ user: session.user, accessToken: session.accessToken }, AUTH_MESSAGES.loggedIn);
  }

  /** The refresh cookie buys a new access token and the signed-in user; the cookie rotates. */
  @Public()
  @Get('refresh-token')
  @ApiOperation({ summary: 'The refresh cookie buys a new access token and the signed-in user; the cookie rotates' })
  @ApiEnvelope(LoginDataDoc)
  async refresh(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ApiSuccess<RefreshSessionData>> {
    try {
      const session = await this.sessions.rotate(readRefreshCookie(req));
      setRefreshCookie(res, this.config, session.refreshToken);
      return ok({ user: session.user, accessToken: session.accessToken }, AUTH_MESSAGES.refreshed);
    } catch (error) {
      clearRefreshCookie(res, this.config);
      throw error;
    }
  }

  /** Ends the session (from the cookie, so it works after the access token expired) and clears the cookie. */
  @Public()
  @Get('logout')
  @ApiOperation({ summary: 'Sign out: ends the session of the refresh cookie and clears it (always succeeds)' })
  @ApiEnvelope(EmptyDataDoc)
  async logout(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ApiSuccess<Record<string, never>>> {
    await this.sessions.logout(readRefreshCookie(req), readBearer(req));
    clearRefreshCookie(res, this.config);
    return ok({}, AUTH_MESSAGES.loggedOut);
  }

  @Public()
  @Post('forgot-password')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Forgot password, step 1 (same as /forgot-password/request): e-mails a reset code' })
  @ApiEnvelope(EmptyDataDoc)
  forgotPassword(
    @Body() dto: ForgotPasswordRequestDto,
    @Req() req: Request,
  ): Promise<ApiSuccess<ForgotPasswordStepData>> {
    return this.forgotPasswordRequest(dto, req);
  }

  @Public()
  @Post('forgot-password/request')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Forgot password, step 1: e-mails a reset code (the same answer whether or not the address is registered)',
  })
  @ApiEnvelope(EmptyDataDoc)
  async forgotPasswordRequest(
    @Body() dto: ForgotPasswordRequestDto,
    @Req() req: Request,
  ): Promise<ApiSuccess<ForgotPasswordStepData>> {
    await this.reset.request(dto.email, clientInfo(req));
    return ok({}, AUTH_MESSAGES.resetCodeSent);
  }

  /** A right code buys a reset ticket, set as an httpOnly cookie that only the reset call receives. */
  @Public()
  @Post('forgot-password/verify')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Forgot password, step 2: a right code sets a reset ticket as an httpOnly cookie' })
  @ApiEnvelope(EmptyDataDoc)
  async forgotPasswordVerify(
    @Body() dto: ForgotPasswordVerifyDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ApiSuccess<ForgotPasswordStepData>> {
    const ticket = await this.reset.verify(dto.email, dto.otp, clientInfo(req));
    setResetTicketCookie(res, this.config, ticket);
    return ok({}, AUTH_MESSAGES.codeVerified);
  }

  /** Needs the ticket cookie of verify; it is cleared once used or found invalid (a bad password keeps it). */
  @Public()
  @Post('forgot-password/reset')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: "Forgot password, step 3: with verify's ticket cookie, sets the new password and ends every session",
  })
  @ApiEnvelope(EmptyDataDoc)
  async forgotPasswordReset(
    @Body() dto: ForgotPasswordResetDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ApiSuccess<ForgotPasswordStepData>> {
    try {
      await this.reset.reset(dto.email, dto.password, dto.confirmPassword, readResetTicketCookie(req), clientInfo(req));
    } catch (error) {
      if (error instanceof ResetTicketRefused) clearResetTicketCookie(res, this.config);
      throw error;
    }
    clearResetTicketCookie(res, this.config);
    return ok({}, AUTH_MESSAGES.passwordReset);
  }
}
