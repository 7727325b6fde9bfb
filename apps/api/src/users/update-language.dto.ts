import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { PLAYER_LANGUAGES, type PlayerLanguage, type UpdateLanguageRequest } from '@app/contracts';
import { type SameFields } from '../common/contract-fields.js';

/** Said when the language is not one the product speaks. */
export const LANGUAGE_MESSAGE = `Language must be one of ${PLAYER_LANGUAGES.join(', ')}.`;

/** PUT /user/language: the player's language, 'en-IN' or 'hi-IN'; any other field is refused by the global pipe. */
export class UpdateLanguageDto {
  @ApiProperty({ enum: PLAYER_LANGUAGES, example: 'hi-IN', description: 'English or Hindi, as spoken in India' })
  @IsIn(PLAYER_LANGUAGES, { message: LANGUAGE_MESSAGE })
  language!: PlayerLanguage;
}

// The documented request names exactly the fields of its wire type.
const _updateLanguageDtoFields: SameFields<UpdateLanguageDto, UpdateLanguageRequest> = true;
