import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { ADMIN_PASSWORD_MESSAGES, PASSWORD_MAX_LENGTH, SECOND_FACTOR_MESSAGES } from '@app/domain';
import type {
  AdminPasswordChangeRequest,
  RecoveryCodesRequest,
  TwoFactorConfirmRequest,
  TwoFactorEnrolmentRequest,
} from '@app/contracts';
import { type SameFields } from '../../common/contract-fields.js';
import { AUTH_MESSAGES } from '../auth-messages.js';

// Requests of the super-admin's account security (rules: @app/domain second-factor.ts, run by the services).

const CODE = { description: "The authenticator app's 6-digit code, or a recovery code (like abcde-fghjk)" };

/** POST /admin/two-factor/enrolment */
export class TwoFactorEnrolmentDto {
  @ApiPropertyOptional({ ...CODE, description: `${CODE.description}: only to replace an enrolled authenticator` })
  @IsOptional()
  @IsString({ message: SECOND_FACTOR_MESSAGES.totpInvalid })
  @MaxLength(32, { message: SECOND_FACTOR_MESSAGES.totpInvalid })
  code?: string;
}

/** POST /admin/two-factor/confirm */
export class TwoFactorConfirmDto {
  @ApiProperty({ description: "The new authenticator's first 6-digit code" })
  @IsOptional()
  @IsString({ message: SECOND_FACTOR_MESSAGES.codeWrong })
  @MaxLength(32, { message: SECOND_FACTOR_MESSAGES.codeWrong })
  code!: string;
}

/** POST /admin/two-factor/recovery-codes */
export class RecoveryCodesDto {
  @ApiProperty(CODE)
  @IsOptional()
  @IsString({ message: SECOND_FACTOR_MESSAGES.totpInvalid })
  @MaxLength(32, { message: SECOND_FACTOR_MESSAGES.totpInvalid })
  code!: string;
}

/** PUT /admin/password */
export class AdminPasswordChangeDto {
  @ApiProperty()
  @IsOptional()
  @IsString({ message: ADMIN_PASSWORD_MESSAGES.currentRequired })
  @MaxLength(PASSWORD_MAX_LENGTH, { message: AUTH_MESSAGES.passwordTooLong })
  currentPassword!: string;

  @ApiProperty({
    description:
      'At least 12 characters; not only spaces, not one character repeated, not a common password, not made from the e-mail',
  })
  @IsOptional()
  @IsString({ message: AUTH_MESSAGES.passwordTooLong })
  @MaxLength(PASSWORD_MAX_LENGTH, { message: AUTH_MESSAGES.passwordTooLong })
  newPassword!: string;

  @ApiProperty()
  @IsOptional()
  @IsString({ message: ADMIN_PASSWORD_MESSAGES.passwordsDontMatch })
  @MaxLength(PASSWORD_MAX_LENGTH, { message: ADMIN_PASSWORD_MESSAGES.passwordsDontMatch })
  confirmPassword!: string;

  @ApiPropertyOptional({ ...CODE, description: `${CODE.description}: required once an authenticator is enrolled` })
  @IsOptional()
  @IsString({ message: SECOND_FACTOR_MESSAGES.totpInvalid })
  @MaxLength(32, { message: SECOND_FACTOR_MESSAGES.totpInvalid })
  code?: string;
}

// The documented requests name exactly the fields of their wire types.
const _enrolmentFields: SameFields<TwoFactorEnrolmentDto, TwoFactorEnrolmentRequest> = true;
const _confirmFields: SameFields<TwoFactorConfirmDto, TwoFactorConfirmRequest> = true;
const _recoveryFields: SameFields<RecoveryCodesDto, RecoveryCodesRequest> = true;
const _passwordFields: SameFields<AdminPasswordChangeDto, AdminPasswordChangeRequest> = true;
