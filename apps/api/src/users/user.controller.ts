import { Body, Controller, Get, Inject, Param, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { ApiSuccess, ProfileData } from '@app/contracts';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser, Public } from '../auth/decorators.js';
import { ApiEnvelope } from '../common/api-envelope.js';
import { ok } from '../common/respond.js';
import { UpdateLanguageDto } from './update-language.dto.js';
import { UpdateProfileDto } from './update-profile.dto.js';
import { ProfileDataDoc } from './user.docs.js';
import { USER_MESSAGES, UserService } from './user.service.js';

@ApiTags('user')
@Controller('user')
export class UserController {
  constructor(@Inject(UserService) private readonly users: UserService) {}

  @ApiBearerAuth()
  @Get('profile')
  @ApiOperation({
    summary: "The signed-in player's own profile: full e-mail, last login, referral code and every total, in rupees",
  })
  @ApiEnvelope(ProfileDataDoc)
  async own(@CurrentUser() user: AuthUser): Promise<ApiSuccess<ProfileData>> {
    return ok({ user: await this.users.ownProfile(user.id) });
  }

  /** Public and reduced: no last login, total loses, total withdrawals or referral code; e-mail masked. */
  @Public()
  @Get('profile/:id')
  @ApiOperation({
    summary:
      "Another player's public profile: e-mail masked; no last login, total loses, total withdrawals or referral code",
  })
  @ApiParam({ name: 'id', type: String, format: 'uuid', description: "The player's id" })
  @ApiEnvelope(ProfileDataDoc)
  async public(@Param('id') id: string): Promise<ApiSuccess<ProfileData>> {
    return ok({ user: await this.users.publicProfile(id) });
  }

  @ApiBearerAuth()
  @Put('profile')
  @ApiOperation({
    summary: "Changes the signed-in player's name (the only field that may change); answers the updated own profile",
  })
  @ApiEnvelope(ProfileDataDoc, { description: `Success: '${USER_MESSAGES.updated}' and the updated own profile.` })
  async update(@CurrentUser() user: AuthUser, @Body() dto: UpdateProfileDto): Promise<ApiSuccess<ProfileData>> {
    return ok({ user: await this.users.rename(user.id, dto.name) }, USER_MESSAGES.updated);
  }

  @ApiBearerAuth()
  @Put('language')
  @ApiOperation({
    summary:
      "Remembers the language the signed-in player reads the product in ('en-IN' or 'hi-IN'); answers the updated own profile",
  })
  @ApiEnvelope(ProfileDataDoc, {
    description: `Success: '${USER_MESSAGES.languageSaved}' and the updated own profile.`,
  })
  async language(@CurrentUser() user: AuthUser, @Body() dto: UpdateLanguageDto): Promise<ApiSuccess<ProfileData>> {
    return ok({ user: await this.users.setLanguage(user.id, dto.language) }, USER_MESSAGES.languageSaved);
  }
}
