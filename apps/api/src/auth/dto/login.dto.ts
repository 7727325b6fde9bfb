import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { EMAIL_MAX_LENGTH, LOGIN_MESSAGES, PASSWORD_MAX_LENGTH, SECOND_FACTOR_MESSAGES } from '@app/domain';
import { AUTH_MESSAGES } from '../auth-messages.js';
import type { LoginRequest } from '@app/contracts';
import { type SameFields } from '../../common/contract-fields.js';

/** POST /auth/login (rules: @app/domain validateLogin). */
export class LoginDto {
  @ApiProperty()
  @IsOptional()
  @IsString({ message: LOGIN_MESSAGES.emailRequired })
  @MaxLength(EMAIL_MAX_LENGTH, { message: LOGIN_MESSAGES.emailInvalid })
  email?: string;

  @ApiProperty()
  @IsOptional()
  @IsString({ message: LOGIN_MESSAGES.passwordTooShort })
  @MaxLength(PASSWORD_MAX_LENGTH, { message: AUTH_MESSAGES.passwordTooLong })
  password?: string;

  @ApiPropertyOptional({ description: 'The 6-digit code e-mailed to the account, when a 401 asked for `code`' })
  @IsOptional()
  @IsString({ message: SECOND_FACTOR_MESSAGES.codeInvalid })
  @MaxLength(16, { message: SECOND_FACTOR_MESSAGES.codeInvalid })
  code?: string;

  @ApiPropertyOptional({
    description: "The authenticator app's 6-digit code or a recovery code, when a 401 asked for `totp`",
  })
  @IsOptional()
  @IsString({ message: SECOND_FACTOR_MESSAGES.totpInvalid })
  @MaxLength(32, { message: SECOND_FACTOR_MESSAGES.totpInvalid })
  totp?: string;
}

// The documented request names exactly the fields of its wire type.
const _loginDtoFields: SameFields<LoginDto, LoginRequest> = true;
