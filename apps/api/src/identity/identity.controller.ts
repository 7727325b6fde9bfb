import { Body, Controller, Get, Inject, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { AdminIdentitiesData, AdminIdentityData, ApiSuccess, PlayerIdentityData } from '@app/contracts';
import { DATE_OF_BIRTH_MESSAGES, IDENTITY_MESSAGES } from '@app/domain';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser, Roles } from '../auth/decorators.js';
import { ApiEnvelope } from '../common/api-envelope.js';
import { ok } from '../common/respond.js';
import { AdminIdentitiesDataDoc, AdminIdentityDataDoc, PlayerIdentityDataDoc } from './identity.docs.js';
import { DateOfBirthDto, IdentityRejectDto, IdentitySubmitDto } from './identity.dto.js';
import { IdentityService } from './identity.service.js';

/** The player's identity check (the Identity screen, reached from the wallet, the withdraw screen and the profile). */
@ApiTags('identity')
@ApiBearerAuth()
@Controller('identity')
export class IdentityController {
  constructor(@Inject(IdentityService) private readonly identity: IdentityService) {}

  @Get()
  @ApiOperation({
    summary:
      "The player's identity check: status, masked document number, rejection reason, date of birth, and the deposit total allowed before verification",
  })
  @ApiEnvelope(PlayerIdentityDataDoc)
  async mine(@CurrentUser() user: AuthUser): Promise<ApiSuccess<PlayerIdentityData>> {
    return ok({ identity: await this.identity.mine(user.id) });
  }

  @Post()
  @ApiOperation({
    summary:
      'Submit the full name as on the identity document and its number (PAN by default) for review; again after a rejection. 409 while pending or once verified',
  })
  @ApiEnvelope(PlayerIdentityDataDoc, { status: 201 })
  async submit(
    @CurrentUser() user: AuthUser,
    @Body() body: IdentitySubmitDto,
  ): Promise<ApiSuccess<PlayerIdentityData>> {
    return ok({ identity: await this.identity.submit(user.id, body) }, IDENTITY_MESSAGES.submitted);
  }

  @Put('date-of-birth')
  @ApiOperation({
    summary: 'Record the date of birth of an account registered without one (18 or older); once, 409 after',
  })
  @ApiEnvelope(PlayerIdentityDataDoc)
  async dateOfBirth(
    @CurrentUser() user: AuthUser,
    @Body() body: DateOfBirthDto,
  ): Promise<ApiSuccess<PlayerIdentityData>> {
    return ok({ identity: await this.identity.setDateOfBirth(user.id, body) }, DATE_OF_BIRTH_MESSAGES.saved);
  }
}

/** The console's Identity tab: the submissions to review, verify, reject with a reason. */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('super-admin')
@Controller('admin/identity')
export class AdminIdentityController {
  constructor(@Inject(IdentityService) private readonly identity: IdentityService) {}

  @Get()
  @ApiOperation({
    summary:
      'Identity submissions: pending (oldest first) by default, or verified, rejected, all; document numbers masked',
  })
  @ApiQuery({ name: 'status', required: false, enum: ['pending', 'verified', 'rejected', 'all'] })
  @ApiEnvelope(AdminIdentitiesDataDoc)
  async list(@Query('status') status?: string): Promise<ApiSuccess<AdminIdentitiesData>> {
    return ok({ submissions: await this.identity.list(status) });
  }

  @Put(':submissionId/verify')
  @ApiOperation({
    summary: 'Verify a pending submission (audited); the player may then withdraw. 409 when it is no longer pending',
  })
  @ApiEnvelope(AdminIdentityDataDoc)
  async verify(
    @CurrentUser() admin: AuthUser,
    @Param('submissionId') submissionId: string,
  ): Promise<ApiSuccess<AdminIdentityData>> {
    return ok(
      { submission: await this.identity.decide(admin.id, submissionId, 'verified') },
      IDENTITY_MESSAGES.verified,
    );
  }

  @Put(':submissionId/reject')
  @ApiOperation({
    summary:
      'Reject a pending submission with a reason the player sees (audited); they may submit again. 409 when it is no longer pending',
  })
  @ApiEnvelope(AdminIdentityDataDoc)
  async reject(
    @CurrentUser() admin: AuthUser,
    @Param('submissionId') submissionId: string,
    @Body() body: IdentityRejectDto,
  ): Promise<ApiSuccess<AdminIdentityData>> {
    return ok(
      { submission: await this.identity.decide(admin.id, submissionId, 'rejected', body) },
      IDENTITY_MESSAGES.rejected,
    );
  }
}
