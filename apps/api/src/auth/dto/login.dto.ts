import { ApiProperty } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { LOGIN_MESSAGES } from '@app/domain';
import { AUTH_MESSAGES } from '../auth-messages.js';

/** POST /auth/login (rules: @app/domain validateLogin). */
export class LoginDto {
  @ApiProperty() @IsOptional() @IsString({ message: LOGIN_MESSAGES.emailRequired }) @MaxLength(254, { message: LOGIN_MESSAGES.emailInvalid })
  email?: string;

  @ApiProperty() @IsOptional() @IsString({ message: LOGIN_MESSAGES.passwordTooShort }) @MaxLength(128, { message: AUTH_MESSAGES.passwordTooLong })
  password?: string;
}
