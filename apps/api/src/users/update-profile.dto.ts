import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { USERNAME_MAX_LENGTH, USERNAME_MESSAGE, USERNAME_MIN_LENGTH } from '@app/domain';
import type { UpdateProfileRequest } from '@app/contracts';
import { type SameFields } from '../common/contract-fields.js';

/**
 * PUT /user/profile: only the name may change. Any other field (email, password, refreshToken, role, balance…)
 * is refused by the global pipe (forbidNonWhitelisted → 400 'Unknown field: …').
 */
export class UpdateProfileDto {
  @ApiProperty({
    description: 'Letters, digits, spaces, dots, underscores or hyphens; trimmed',
    minLength: USERNAME_MIN_LENGTH,
    maxLength: USERNAME_MAX_LENGTH,
    example: 'Ravi Kumar',
  })
  @IsString({ message: USERNAME_MESSAGE })
  @MaxLength(100, { message: USERNAME_MESSAGE })
  name!: string;
}

// The documented request names exactly the fields of its wire type.
const _updateProfileDtoFields: SameFields<UpdateProfileDto, UpdateProfileRequest> = true;
