import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { Bet, BetsData, FairnessInfo, FairnessPeriod, FairnessPeriodData } from '@app/contracts';
import { BET_STATUSES, BIG_SMALL, COLORS, GAME_KEYS, PERIOD_STATUSES, type BetStatus, type BigSmall, type Color, type GameKey, type PeriodStatus } from '@app/domain';

// Response schemas of the bet history and fairness routes: classes implementing the contracts' types, for the API
// documentation.

export class BetDoc implements Bet {
  @ApiProperty()
  _id!: string;
  @ApiProperty({ enum: GAME_KEYS })
  betType!: GameKey;
  @ApiProperty({ description: "The choice: 'red' | 'green' | 'violet', 'big' | 'small', or a digit '0'–'9'", example: 'red' })
  betValue!: string;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'What the draw gave for this game, once settled', example: 'green' })
  systemSelectedValue?: string | null;
  @ApiProperty({ description: 'Stake, rupees', example: 100 })
  amount!: number;
  @ApiProperty({ type: Boolean, nullable: true, description: 'null until the period is settled (and for a refunded bet)' })
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

export class FairnessPeriodDoc implements FairnessPeriod {
  @ApiProperty({ example: '202611230001' })
  periodId!: string;
  @ApiProperty({ enum: PERIOD_STATUSES })
  status!: PeriodStatus;
  @ApiProperty({ type: Number, nullable: true, description: 'Index of its seed in the chain; null for a period the engine never opened' })
  chainIndex!: number | null;
  @ApiPropertyOptional({ description: "The chain's commitment seed[0] (lowercase hex)" })
  commitment?: string;
  @ApiPropertyOptional({ description: 'SHA-256 of its seed (lowercase hex), once public: when the period before it was drawn or refunded' })
  seedHash?: string;
  @ApiPropertyOptional({ description: 'The revealed seed (lowercase hex), once the period was drawn or refunded' })
  seed?: string;
  @ApiPropertyOptional({ enum: COLORS, description: 'Once drawn' })
  color?: Color;
  @ApiPropertyOptional({ enum: BIG_SMALL, description: 'Once drawn' })
  bigSmall?: BigSmall;
  @ApiPropertyOptional({ minimum: 0, maximum: 9, description: 'Once drawn' })
  digit?: number;
  @ApiPropertyOptional({ format: 'date-time' })
  drawnAt?: string;
}

export class FairnessInfoDoc implements FairnessInfo {
  @ApiProperty({ description: 'seed[0] of the active chain (lowercase hex); empty before the first chain' })
  commitment!: string;
  @ApiProperty({ description: 'Seeds in the chain' })
  chainLength!: number;
  @ApiProperty({ description: "Committed hash of the running period; empty until it is public (until the period before it is drawn)" })
  nextSeedHash!: string;
  @ApiProperty({ type: [FairnessPeriodDoc], description: 'The latest drawn and refunded periods, newest first' })
  recent!: FairnessPeriodDoc[];
}

export class FairnessPeriodDataDoc implements FairnessPeriodData {
  @ApiProperty({ type: FairnessPeriodDoc })
  period!: FairnessPeriodDoc;
}
