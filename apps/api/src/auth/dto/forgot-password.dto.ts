import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { EMAIL_MAX_LENGTH, FORGOT_PASSWORD_MESSAGES, PASSWORD_MAX_LENGTH } from '@app/domain';

/** POST /auth/forgot-password and /auth/forgot-password/request */
export class ForgotPasswordRequestDto {
  @ApiProperty() @IsOptional() @IsString({ message: FORGOT_PASSWORD_MESSAGES.emailNotAllowed }) @MaxLength(EMAIL_MAX_LENGTH, { message: FORGOT_PASSWORD_MESSAGES.emailNotAllowed })
  email?: string;
}

/** POST /auth/forgot-password/verify */
export class ForgotPasswordVerifyDto extends ForgotPasswordRequestDto {
  @ApiProperty() @IsOptional() @IsString({ message: FORGOT_PASSWORD_MESSAGES.otpInvalid }) @MaxLength(16, { message: FORGOT_PASSWORD_MESSAGES.otpInvalid })
  otp?: string;
}

/** POST /auth/forgot-password/reset (the confirmation is optional: the spec's call carries only the password). */
export class ForgotPasswordResetDto extends ForgotPasswordRequestDto {
  @ApiProperty() @IsOptional() @IsString({ message: FORGOT_PASSWORD_MESSAGES.passwordTooShort }) @MaxLength(PASSWORD_MAX_LENGTH, { message: FORGOT_PASSWORD_MESSAGES.passwordTooLong })
  password?: string;

  @ApiPropertyOptional() @IsOptional() @IsString({ message: FORGOT_PASSWORD_MESSAGES.passwordsDontMatch }) @MaxLength(PASSWORD_MAX_LENGTH, { message: FORGOT_PASSWORD_MESSAGES.passwordsDontMatch })
  confirmPassword?: string;
}
