import { ApiProperty } from '@nestjs/swagger';
import { IsString } from 'class-validator';
import type {
  AppliedBreakData,
  ApplyBreakRequest,
  CareData,
  CareFlag,
  CareFlagData,
  CareFlagStatus,
  CarePlayer,
  CareReviewRequest,
} from '@app/contracts';
import {
  BREAK_OPTIONS,
  CARE_MESSAGES,
  CARE_NOTE_MAX,
  CARE_PATTERNS,
  PLAY_BREAK_MESSAGES,
  PLAYER_ACTION_MESSAGES,
  PLAYER_REASON_MAX,
  type BreakOption,
  type CarePattern,
} from '@app/domain';
import { type SameFields } from '../../common/contract-fields.js';
import { PlayBreakViewDoc } from '../../play-breaks/play-breaks.docs.js';

export class CareFlagDoc implements CareFlag {
  @ApiProperty()
  id!: string;
  @ApiProperty({ enum: CARE_PATTERNS })
  pattern!: CarePattern;
  @ApiProperty({ example: 'Stakes rose after 3 losses in a row: ₹10 → ₹20 → ₹50 → ₹100 (29 Nov, 01:10–01:13 IST).' })
  summary!: string;
  @ApiProperty({ type: Object, description: 'The figures behind the sentence (paise, ISO-8601 times)' })
  figures!: Record<string, unknown>;
  @ApiProperty({ example: '2026-11-29T08:30:00.000Z' })
  firstSeenAt!: string;
  @ApiProperty({ example: '2026-11-29T08:40:00.000Z' })
  lastSeenAt!: string;
  @ApiProperty({ enum: ['open', 'contacted', 'dismissed'] })
  status!: CareFlagStatus;
  @ApiProperty({ type: String, nullable: true, description: "The operator's last review note" })
  note!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Username of the operator who last reviewed it' })
  reviewedBy!: string | null;
  @ApiProperty({ type: String, nullable: true })
  reviewedAt!: string | null;
}
export class CarePlayerDoc implements CarePlayer {
  @ApiProperty()
  userId!: string;
  @ApiProperty()
  username!: string;
  @ApiProperty()
  email!: string;
  @ApiProperty({ type: PlayBreakViewDoc, nullable: true })
  playBreak!: PlayBreakViewDoc | null;
  @ApiProperty({ type: [CareFlagDoc] })
  flags!: CareFlagDoc[];
}
export class CareDataDoc implements CareData {
  @ApiProperty({
    type: [CarePlayerDoc],
    description: 'Players with a flag of the status asked for, the latest seen first, at most 100',
  })
  players!: CarePlayerDoc[];
}
export class CareFlagDataDoc implements CareFlagData {
  @ApiProperty({ type: CareFlagDoc })
  flag!: CareFlagDoc;
}
export class AppliedBreakDataDoc implements AppliedBreakData {
  @ApiProperty({ type: PlayBreakViewDoc })
  playBreak!: PlayBreakViewDoc;
}

/** PUT /admin/care/:flagId/contacted and /dismissed */
export class CareReviewDto implements CareReviewRequest {
  @ApiProperty({
    maxLength: CARE_NOTE_MAX,
    description: 'What was done (kept with the flag and in the audit log)',
    example: 'Called; talked through limits, agreed a 7-day break.',
  })
  @IsString({ message: CARE_MESSAGES.noteRequired })
  note!: string;
}

/** POST /admin/players/:userId/break */
export class ApplyBreakDto implements ApplyBreakRequest {
  @ApiProperty({ enum: BREAK_OPTIONS })
  @IsString({ message: PLAY_BREAK_MESSAGES.invalidBreakOption })
  option!: BreakOption;
  @ApiProperty({
    maxLength: PLAYER_REASON_MAX,
    description: 'Why (kept with the break and in the audit log)',
    example: 'Loss-chasing and night play; agreed on the phone.',
  })
  @IsString({ message: PLAYER_ACTION_MESSAGES.reasonRequired })
  reason!: string;
}

// The documented requests name exactly the fields of their wire types.
const _careReviewFields: SameFields<CareReviewDto, CareReviewRequest> = true;
const _applyBreakFields: SameFields<ApplyBreakDto, ApplyBreakRequest> = true;
