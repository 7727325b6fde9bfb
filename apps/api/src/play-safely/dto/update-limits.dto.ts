import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import {
  LIMIT_KINDS,
  MONEY_LIMIT_MAX_RUPEES,
  MONEY_LIMIT_MIN_RUPEES,
  REALITY_CHECK_MINUTES,
  SESSION_LIMIT_MAX_MINUTES,
  SESSION_LIMIT_MIN_MINUTES,
} from '@app/domain';
import type { LimitKind, RealityCheckMinutes, UpdatePlayerLimitsRequest } from '@app/contracts';
import { type SameFields } from '../../common/contract-fields.js';

/**
 * PUT /player/limits. Fields are only whitelisted here; the rules and their messages are `decidePlayerLimits` of
 * @app/domain (the same the Play safely form runs), applied by the service.
 */
export class UpdateLimitsDto {
  @ApiPropertyOptional({
    type: 'object',
    properties: Object.fromEntries(LIMIT_KINDS.map((kind) => [kind, { type: 'integer', nullable: true }])),
    description: `Limits to change: money limits in whole rupees (₹${MONEY_LIMIT_MIN_RUPEES}–₹${MONEY_LIMIT_MAX_RUPEES}), sessionMinutes ${SESSION_LIMIT_MIN_MINUTES}–${SESSION_LIMIT_MAX_MINUTES}; null removes one (after 24 hours). A lower limit applies at once, a higher one after 24 hours.`,
    example: { deposit24h: 2000, loss7d: 5000, sessionMinutes: 60 },
  })
  @Allow()
  limits?: Partial<Record<LimitKind, number | null>>;

  @ApiPropertyOptional({
    enum: REALITY_CHECK_MINUTES,
    description: 'Minutes between reality-check reminders on the game screen',
  })
  @Allow()
  realityCheckMinutes?: RealityCheckMinutes;

  @ApiPropertyOptional({
    type: [String],
    enum: LIMIT_KINDS,
    description: 'Limits whose pending (looser) change to cancel',
  })
  @Allow()
  cancelPending?: LimitKind[];
}

// The documented request names exactly the fields of its wire type.
const _updateLimitsDtoFields: SameFields<UpdateLimitsDto, UpdatePlayerLimitsRequest> = true;
