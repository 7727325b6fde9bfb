import { ApiProperty } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { EMAIL_MAX_LENGTH, LOGIN_MESSAGES, PASSWORD_MAX_LENGTH } from '@app/domain';
import { AUTH_MESSAGES } from '../auth-messages.js';
import type { LoginRequest } from '@app/contracts';
import { type SameFields } from '../../common/contract-fields.js';

/** POST /auth/login (rules: @app/domain validateLogin). */
export class LoginDto {
  @ApiProperty() @IsOptional() @IsString({ message: LOGIN_MESSAGES.emailRequired }) @MaxLength(EMAIL_MAX_LENGTH, { message: LOGIN_MESSAGES.emailInvalid })
  email?: string;

  @ApiProperty() @IsOptional() @IsString({ message: LOGIN_MESSAGES.passwordTooShort }) @MaxLength(PASSWORD_MAX_LENGTH, { message: AUTH_MESSAGES.passwordTooLong })
  password?: string;
}

// The documented request names exactly the fields of its wire type.
const _loginDtoFields: SameFields<LoginDto, LoginRequest> = true;
