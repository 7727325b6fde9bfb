import { ApiProperty } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import {
  DATE_OF_BIRTH_MESSAGES,
  DOCUMENT_NUMBER_MAX,
  FULL_NAME_MAX,
  IDENTITY_MESSAGES,
  PAN_DOCUMENT,
  PLAYER_ACTION_MESSAGES,
  PLAYER_REASON_MAX,
} from '@app/domain';
import type { DateOfBirthRequest, IdentityRejectRequest, IdentitySubmitRequest } from '@app/contracts';
import { type SameFields } from '../common/contract-fields.js';

/**
 * POST /identity. Typed here; the rules (name as on the document, the configured document's pattern) are
 * @app/domain's validateIdentitySubmission, run by the service, so the form and the server say the same thing.
 */
export class IdentitySubmitDto {
  @ApiProperty({
    maxLength: FULL_NAME_MAX,
    description: 'Full name as on the identity document',
    example: 'Ravi Kumar',
  })
  @IsOptional()
  @IsString({ message: IDENTITY_MESSAGES.fullNameInvalid })
  @MaxLength(FULL_NAME_MAX * 2, { message: IDENTITY_MESSAGES.fullNameInvalid })
  fullName!: string;

  @ApiProperty({
    description: 'The document number (PAN by default: AAAAA9999A); stored sealed, only ever shown masked',
    example: PAN_DOCUMENT.example,
  })
  @IsOptional()
  @IsString({ message: IDENTITY_MESSAGES.documentInvalid(PAN_DOCUMENT) })
  @MaxLength(DOCUMENT_NUMBER_MAX * 2, { message: IDENTITY_MESSAGES.documentInvalid(PAN_DOCUMENT) })
  documentNumber!: string;
}
const _submitFields: SameFields<IdentitySubmitDto, IdentitySubmitRequest> = true;

/** PUT /identity/date-of-birth: once, for an account without one. */
export class DateOfBirthDto {
  @ApiProperty({ example: '2000-05-31', description: "'YYYY-MM-DD', 18 or older on the IST date" })
  @IsOptional()
  @IsString({ message: DATE_OF_BIRTH_MESSAGES.invalid })
  @MaxLength(20, { message: DATE_OF_BIRTH_MESSAGES.invalid })
  dateOfBirth!: string;
}
const _dateOfBirthFields: SameFields<DateOfBirthDto, DateOfBirthRequest> = true;

/** PUT /admin/identity/:submissionId/reject */
export class IdentityRejectDto {
  @ApiProperty({
    maxLength: PLAYER_REASON_MAX,
    description: 'Why (shown to the player, kept in the audit log)',
    example: 'The name does not match the PAN.',
  })
  @IsString({ message: PLAYER_ACTION_MESSAGES.reasonRequired })
  reason!: string;
}
const _rejectFields: SameFields<IdentityRejectDto, IdentityRejectRequest> = true;
