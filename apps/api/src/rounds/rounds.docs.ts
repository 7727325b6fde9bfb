import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { Bet, BetsData } from '@app/contracts';
import { BET_STATUSES, GAME_KEYS, type BetStatus, type GameKey } from '@app/domain';

// Response schemas of the bet history routes: classes implementing the contracts' types, for the API
// documentation.

export class BetDoc implements Bet {
  @ApiProperty()
  _id!: string;
  @ApiProperty({ enum: GAME_KEYS })
  betType!: GameKey;
  @ApiProperty({
    description: "The choice: 'red' | 'green' | 'violet', 'big' | 'small', or a digit '0'–'9'",
    example: 'red',
  })
  betValue!: string;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'What the draw gave for this game, once settled',
    example: 'green',
  })
  systemSelectedValue?: string | null;
  @ApiProperty({ description: 'Stake, rupees', example: 100 })
  amount!: number;
  @ApiProperty({
    type: Boolean,
    nullable: true,
    description: 'null until the period is settled (and for a refunded bet)',
  })
  isWin!: boolean | null;
  @ApiProperty({ description: 'Net rupees credited (gross − GST); 0 for a loss or a pending bet', example: 182 })
  winAmount!: number;
  @ApiProperty({ enum: BET_STATUSES })
  status!: BetStatus;
  @ApiProperty({ description: "Who placed it: 'system' is shown green, anything else red", example: 'user' })
  playedFrom!: string;
  @ApiProperty({ example: '202611230001' })
  periodId!: string;
  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;
}

export class BetsDataDoc implements BetsData {
  @ApiProperty({ type: [BetDoc], description: 'Newest first, at most 200' })
  bets!: BetDoc[];
}
