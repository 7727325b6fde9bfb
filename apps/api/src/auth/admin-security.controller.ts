import { Body, Controller, Get, HttpCode, HttpStatus, Inject, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AdminSecurityData, ApiSuccess, RecoveryCodesData, TwoFactorEnrolmentData } from '@app/contracts';
import { ADMIN_PASSWORD_MESSAGES, SECOND_FACTOR_MESSAGES } from '@app/domain';
import { ApiEnvelope } from '../common/api-envelope.js';
import { ok } from '../common/respond.js';
import { AdminPasswordService } from './admin-password.service.js';
import type { AuthUser } from './auth-user.js';
import { CurrentUser, Roles } from './decorators.js';
import {
  AdminPasswordChangeDto,
  RecoveryCodesDto,
  TwoFactorConfirmDto,
  TwoFactorEnrolmentDto,
} from './dto/admin-security.dto.js';
import { AdminSecurityDataDoc, RecoveryCodesDataDoc, TwoFactorEnrolmentDataDoc } from './dto/admin-security.docs.js';
import { EmptyDataDoc } from './dto/auth-results.docs.js';
import { SecondFactorService } from './second-factor.service.js';

/** The admin console's account security (Setting tab): the super-admin's second factor and password. */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('super-admin')
@Controller('admin')
export class AdminSecurityController {
  constructor(
    @Inject(SecondFactorService) private readonly secondFactor: SecondFactorService,
    @Inject(AdminPasswordService) private readonly password: AdminPasswordService,
  ) {}

  @Get('security')
  @ApiOperation({
    summary:
      "The signed-in super-admin's sign-in security: authenticator enrolled, required, waived, recovery codes left",
  })
  @ApiEnvelope(AdminSecurityDataDoc)
  async security(@CurrentUser() admin: AuthUser): Promise<ApiSuccess<AdminSecurityData>> {
    return ok({ security: await this.secondFactor.status(admin.id) });
  }

  @Post('two-factor/enrolment')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      'Starts enrolling an authenticator app: a new key, shown once as text and as an otpauth:// address for a QR code; replacing an enrolled one needs its code (or a recovery code)',
  })
  @ApiEnvelope(TwoFactorEnrolmentDataDoc)
  async startEnrolment(
    @CurrentUser() admin: AuthUser,
    @Body() dto: TwoFactorEnrolmentDto,
  ): Promise<ApiSuccess<TwoFactorEnrolmentData>> {
    return ok(await this.secondFactor.startEnrolment(admin.id, dto.code), SECOND_FACTOR_MESSAGES.enrolmentStarted);
  }

  @Post('two-factor/confirm')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      'Confirms the new authenticator with its first code: sign-in needs it from now on; answers 10 recovery codes, shown once',
  })
  @ApiEnvelope(RecoveryCodesDataDoc)
  async confirmEnrolment(
    @CurrentUser() admin: AuthUser,
    @Body() dto: TwoFactorConfirmDto,
  ): Promise<ApiSuccess<RecoveryCodesData>> {
    return ok(
      { recoveryCodes: await this.secondFactor.confirmEnrolment(admin.id, dto.code) },
      SECOND_FACTOR_MESSAGES.enrolled,
    );
  }

  @Post('two-factor/recovery-codes')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      "A new set of 10 recovery codes for the authenticator's code (or a recovery code); the old ones stop working",
  })
  @ApiEnvelope(RecoveryCodesDataDoc)
  async renewRecoveryCodes(
    @CurrentUser() admin: AuthUser,
    @Body() dto: RecoveryCodesDto,
  ): Promise<ApiSuccess<RecoveryCodesData>> {
    return ok(
      { recoveryCodes: await this.secondFactor.renewRecoveryCodes(admin.id, dto.code) },
      SECOND_FACTOR_MESSAGES.recoveryCodesRenewed,
    );
  }

  @Put('password')
  @ApiOperation({
    summary:
      "Changes the signed-in super-admin's password: the current one and, once enrolled, the authenticator's code; at least 12 characters; every other session ends",
  })
  @ApiEnvelope(EmptyDataDoc)
  async changePassword(
    @CurrentUser() admin: AuthUser,
    @Body() dto: AdminPasswordChangeDto,
  ): Promise<ApiSuccess<Record<string, never>>> {
    await this.password.change(admin, dto);
    return ok({}, ADMIN_PASSWORD_MESSAGES.changed);
  }
}
