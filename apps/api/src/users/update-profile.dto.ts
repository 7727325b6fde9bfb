import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { USERNAME_MESSAGE } from '@app/contracts';

/**
 * PUT /user/profile: only the name may change. Any other field (email, password, refreshToken, role, balance…)
 * is refused by the global pipe (forbidNonWhitelisted → 400 'Unknown field: …').
 */
export class UpdateProfileDto {
  @ApiProperty({ description: '3–30 letters, digits, spaces, dots, underscores or hyphens' })
  @IsString({ message: USERNAME_MESSAGE })
  @MaxLength(100, { message: USERNAME_MESSAGE })
  name!: string;
}
