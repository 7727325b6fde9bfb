import { Body, Controller, Get, Inject, Param, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { ApiSuccess, ProfileData } from '@app/contracts';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser, Public } from '../auth/decorators.js';
import { ok } from '../common/respond.js';
import { UpdateProfileDto } from './update-profile.dto.js';
import { USER_MESSAGES, UserService } from './user.service.js';

@ApiTags('user')
@Controller('user')
export class UserController {
  constructor(@Inject(UserService) private readonly users: UserService) {}

  @ApiBearerAuth()
  @Get('profile')
  async own(@CurrentUser() user: AuthUser): Promise<ApiSuccess<ProfileData>> {
    return ok({ user: await this.users.ownProfile(user.id) });
  }

  /** Public and reduced: no last login, total loses, total withdrawals or referral code; e-mail masked. */
  @Public()
  @Get('profile/:id')
  async public(@Param('id') id: string): Promise<ApiSuccess<ProfileData>> {
    return ok({ user: await this.users.publicProfile(id) });
  }

  @ApiBearerAuth()
  @Put('profile')
  async update(@CurrentUser() user: AuthUser, @Body() dto: UpdateProfileDto): Promise<ApiSuccess<ProfileData>> {
    return ok({ user: await this.users.rename(user.id, dto.name) }, USER_MESSAGES.updated);
  }
}
