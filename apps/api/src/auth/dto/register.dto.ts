import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { DATE_OF_BIRTH_MESSAGES, EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, REGISTER_MESSAGES } from '@app/domain';
import { AUTH_MESSAGES } from '../auth-messages.js';
import { PLAYER_LANGUAGES, type PlayerLanguage, type RegisterRequest } from '@app/contracts';
import { LANGUAGE_MESSAGE } from '../../users/update-language.dto.js';
import { type SameFields } from '../../common/contract-fields.js';

/**
 * POST /auth/register. Fields are typed here; the rules and their order (all fields, e-mail, password,
 * confirmation, terms, code) are @app/domain's validateRegister, run by the service, so the form and the
 * server say the same thing.
 */
export class RegisterDto {
  @ApiProperty()
  @IsOptional()
  @IsString({ message: REGISTER_MESSAGES.allFieldsRequired })
  @MaxLength(100, { message: REGISTER_MESSAGES.allFieldsRequired })
  username?: string;

  @ApiProperty()
  @IsOptional()
  @IsString({ message: REGISTER_MESSAGES.allFieldsRequired })
  @MaxLength(EMAIL_MAX_LENGTH, { message: REGISTER_MESSAGES.emailInvalid })
  email?: string;

  @ApiProperty()
  @IsOptional()
  @IsString({ message: REGISTER_MESSAGES.allFieldsRequired })
  @MaxLength(PASSWORD_MAX_LENGTH, { message: AUTH_MESSAGES.passwordTooLong })
  password?: string;

  @ApiProperty()
  @IsOptional()
  @IsString({ message: REGISTER_MESSAGES.allFieldsRequired })
  @MaxLength(PASSWORD_MAX_LENGTH, { message: AUTH_MESSAGES.passwordTooLong })
  confirmPassword?: string;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsString({ message: AUTH_MESSAGES.invalidReferral })
  @MaxLength(32, { message: AUTH_MESSAGES.invalidReferral })
  referralCode?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'The 6-digit code (second call only)' })
  @IsOptional()
  @IsString({ message: REGISTER_MESSAGES.codeInvalid })
  @MaxLength(16, { message: REGISTER_MESSAGES.codeInvalid })
  otp?: string | null;

  @ApiProperty()
  @IsOptional()
  @IsBoolean({ message: REGISTER_MESSAGES.termsRequired })
  terms?: boolean;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: '2000-05-31',
    description:
      "'YYYY-MM-DD', 18 or older on the IST date; an API client older than the field may omit it (the account gives it before its first deposit)",
  })
  @IsOptional()
  @IsString({ message: DATE_OF_BIRTH_MESSAGES.invalid })
  @MaxLength(20, { message: DATE_OF_BIRTH_MESSAGES.invalid })
  dateOfBirth?: string | null;

  @ApiPropertyOptional({
    enum: PLAYER_LANGUAGES,
    example: 'hi-IN',
    description: "The language the newcomer reads the app in: the code's e-mail is written in it, the account keeps it",
  })
  @IsOptional()
  @IsIn(PLAYER_LANGUAGES, { message: LANGUAGE_MESSAGE })
  language?: PlayerLanguage;
}

// The documented request names exactly the fields of its wire type.
const _registerDtoFields: SameFields<RegisterDto, RegisterRequest> = true;
