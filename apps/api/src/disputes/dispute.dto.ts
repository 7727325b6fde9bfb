import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import type { AnswerDisputeRequest, OpenDisputeRequest } from '@app/contracts';
import { DISPUTE_ANSWER_MAX, DISPUTE_TEXT_MAX, DISPUTE_TEXT_MIN } from '@app/domain';
import { type SameFields } from '../common/contract-fields.js';

/**
 * POST /disputes. Fields are only whitelisted here; the rules and their messages are the dispute decider's of
 * @app/domain (the same the form runs), applied by the service.
 */
export class OpenDisputeDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'One of the player’s bets (give this or transactionId)' })
  @Allow()
  betId?: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'One of the player’s transactions: its `_id` in the wallet list (give this or betId)',
  })
  @Allow()
  transactionId?: string;

  @ApiProperty({
    minLength: DISPUTE_TEXT_MIN,
    maxLength: DISPUTE_TEXT_MAX,
    description: 'What is wrong, in the player’s words',
    example: 'My bet on green lost although 7 was drawn.',
  })
  @Allow()
  message!: string;
}

/** PUT /admin/disputes/:id/answer */
export class AnswerDisputeDto {
  @ApiProperty({
    maxLength: DISPUTE_ANSWER_MAX,
    description: 'The answer the player reads in the app and by e-mail',
    example: 'Period 202611210042 drew 5 (violet); your bet was on green.',
  })
  @Allow()
  answer!: string;
}

// The documented requests name exactly the fields of their wire types.
const _openFields: SameFields<OpenDisputeDto, OpenDisputeRequest> = true;
const _answerFields: SameFields<AnswerDisputeDto, AnswerDisputeRequest> = true;
