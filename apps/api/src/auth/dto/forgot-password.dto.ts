import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { EMAIL_MAX_LENGTH, FORGOT_PASSWORD_MESSAGES, PASSWORD_MAX_LENGTH } from '@app/domain';
import type { ForgotPasswordRequest, ForgotPasswordResetRequest, ForgotPasswordVerifyRequest } from '@app/contracts';
import { type SameFields } from '../../common/contract-fields.js';

/** POST /auth/forgot-password and /auth/forgot-password/request */
export class ForgotPasswordRequestDto {
  @ApiProperty()
  @IsOptional()
  @IsString({ message: FORGOT_PASSWORD_MESSAGES.emailNotAllowed })
  @MaxLength(EMAIL_MAX_LENGTH, { message: FORGOT_PASSWORD_MESSAGES.emailNotAllowed })
  email?: string;
}

/** POST /auth/forgot-password/verify */
export class ForgotPasswordVerifyDto extends ForgotPasswordRequestDto {
  @ApiProperty()
  @IsOptional()
  @IsString({ message: FORGOT_PASSWORD_MESSAGES.otpInvalid })
  @MaxLength(16, { message: FORGOT_PASSWORD_MESSAGES.otpInvalid })
  otp?: string;
}

/** POST /auth/forgot-password/reset (the confirmation is optional: the spec's call carries only the password). */
export class ForgotPasswordResetDto extends ForgotPasswordRequestDto {
  @ApiProperty()
  @IsOptional()
  @IsString({ message: FORGOT_PASSWORD_MESSAGES.passwordTooShort })
  @MaxLength(PASSWORD_MAX_LENGTH, { message: FORGOT_PASSWORD_MESSAGES.passwordTooLong })
  password?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: FORGOT_PASSWORD_MESSAGES.passwordsDontMatch })
  @MaxLength(PASSWORD_MAX_LENGTH, { message: FORGOT_PASSWORD_MESSAGES.passwordsDontMatch })
  confirmPassword?: string;
}

// The documented request names exactly the fields of its wire type.
const _forgotPasswordRequestDtoFields: SameFields<ForgotPasswordRequestDto, ForgotPasswordRequest> = true;
const _forgotPasswordVerifyDtoFields: SameFields<ForgotPasswordVerifyDto, ForgotPasswordVerifyRequest> = true;
const _forgotPasswordResetDtoFields: SameFields<ForgotPasswordResetDto, ForgotPasswordResetRequest> = true;
