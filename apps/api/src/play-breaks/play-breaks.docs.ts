import { ApiProperty } from '@nestjs/swagger';
import { IsString } from 'class-validator';
import type {
  AwaySummaryData,
  PlayBreakData,
  PlayBreakTakenData,
  PlayBreakView,
  ReturnRequestedData,
  TakePlayBreakRequest,
} from '@app/contracts';
import {
  PLAY_BREAK_MESSAGES,
  PLAY_BREAK_OPTIONS,
  type PlayBreakKind,
  type PlayBreakOption,
  type PlayBreakPhase,
} from '@app/domain';
import { type SameFields } from '../common/contract-fields.js';

export class PlayBreakViewDoc implements PlayBreakView {
  @ApiProperty({ enum: ['break', 'exclusion'] })
  kind!: PlayBreakKind;
  @ApiProperty({ enum: PLAY_BREAK_OPTIONS })
  option!: PlayBreakOption;
  @ApiProperty({
    enum: ['break', 'exclusion', 'exclusion-ended', 'returning'],
    description: 'exclusion-ended: past its end, until the player asks to return; returning: the 24-hour cooling-off',
  })
  phase!: PlayBreakPhase;
  @ApiProperty({ example: '2026-11-29T08:34:30.000Z' })
  startedAt!: string;
  @ApiProperty({ example: '2026-12-06T08:35:00.000Z', description: "A break's end; a self-exclusion's earliest end" })
  endsAt!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'When the account opens again; null while a self-exclusion waits for a request to return',
  })
  until!: string | null;
}
export class PlayBreakDataDoc implements PlayBreakData {
  @ApiProperty({ type: PlayBreakViewDoc, nullable: true })
  playBreak!: PlayBreakViewDoc | null;
}
export class PlayBreakTakenDataDoc implements PlayBreakTakenData {
  @ApiProperty({ type: PlayBreakViewDoc })
  playBreak!: PlayBreakViewDoc;
}
export class ReturnRequestedDataDoc implements ReturnRequestedData {
  @ApiProperty({ type: PlayBreakViewDoc })
  playBreak!: PlayBreakViewDoc;
}
export class AwaySummaryDataDoc implements AwaySummaryData {
  @ApiProperty({ type: PlayBreakViewDoc })
  playBreak!: PlayBreakViewDoc;
  @ApiProperty({ description: 'Main (withdrawable) balance, rupees', example: 1250.5 })
  balance!: number;
  @ApiProperty({ description: 'Bonus balance, rupees (not withdrawable)', example: 0 })
  bonusBalance!: number;
  @ApiProperty()
  isActive!: boolean;
  @ApiProperty({ description: 'A self-exclusion past its end: the player may ask to return' })
  canAskToReturn!: boolean;
}

/** POST /play-safely/break and /play-safely/away/break */
export class TakePlayBreakDto {
  @ApiProperty({ enum: PLAY_BREAK_OPTIONS, description: 'A break: 24h, 7d, 30d, 6w. A self-exclusion: 6m, 1y, 5y.' })
  @IsString({ message: PLAY_BREAK_MESSAGES.invalidOption })
  option!: PlayBreakOption;
}

// The documented request names exactly the fields of its wire type.
const _takePlayBreakDtoFields: SameFields<TakePlayBreakDto, TakePlayBreakRequest> = true;
