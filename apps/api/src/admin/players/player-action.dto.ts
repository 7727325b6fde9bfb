import { ApiProperty } from '@nestjs/swagger';
import { IsString } from 'class-validator';
import { PLAYER_ACTION_MESSAGES, PLAYER_REASON_MAX } from '@app/domain';
import type { PlayerActionRequest } from '@app/contracts';
import { type SameFields } from '../../common/contract-fields.js';

/** PUT /admin/players/:userId/suspend and /reinstate */
export class PlayerActionDto {
  @ApiProperty({
    maxLength: PLAYER_REASON_MAX,
    description: 'Why (kept in the audit log; a suspension shows it in the console)',
    example: 'Chargebacks on three deposits',
  })
  @IsString({ message: PLAYER_ACTION_MESSAGES.reasonRequired })
  reason!: string;
}

// The documented request names exactly the fields of its wire type.
const _playerActionDtoFields: SameFields<PlayerActionDto, PlayerActionRequest> = true;
