import { ApiProperty } from '@nestjs/swagger';
import { LIMIT_KINDS, REALITY_CHECK_MINUTES } from '@app/domain';
import type {
  LimitKind,
  PlayerLimit,
  PlaySafelyData,
  PlaySafelyView,
  PlaySession,
  PlaySessionData,
  RealityCheckMinutes,
} from '@app/contracts';

export class PendingLimitDoc {
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'The looser value waiting (rupees or minutes); null: the limit is being removed',
  })
  value!: number | null;
  @ApiProperty({
    description: 'When it takes effect (ISO), 24 hours after it was asked for',
    example: '2026-11-30T08:35:00.000Z',
  })
  effectiveAt!: string;
}
export class PlayerLimitDoc implements PlayerLimit {
  @ApiProperty({ enum: LIMIT_KINDS })
  kind!: LimitKind;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'In force: whole rupees (money limits) or minutes (sessionMinutes); null: none',
    example: 2000,
  })
  value!: number | null;
  @ApiProperty({ type: PendingLimitDoc, nullable: true })
  pending!: PendingLimitDoc | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Rupees counted now in the rolling window (unsettled stakes count as lost)',
  })
  used!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Rupees the limit leaves now' })
  left!: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'When the oldest counted item leaves the window (ISO)' })
  resetsAt!: string | null;
}
export class PlaySafelyViewDoc implements PlaySafelyView {
  @ApiProperty({ type: [PlayerLimitDoc], description: 'Every limit, in a fixed order' })
  limits!: PlayerLimitDoc[];
  @ApiProperty({
    enum: REALITY_CHECK_MINUTES,
    description: 'Minutes between reality-check reminders (60 until chosen)',
  })
  realityCheckMinutes!: RealityCheckMinutes;
  @ApiProperty({ description: 'Whether the limits step after sign-up was shown (any PUT sets it)' })
  limitsOffered!: boolean;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Play is paused until then (ISO) after a session reached its limit',
  })
  pausedUntil!: string | null;
}
export class PlaySafelyDataDoc implements PlaySafelyData {
  @ApiProperty({ type: PlaySafelyViewDoc })
  playSafely!: PlaySafelyViewDoc;
}
export class PlaySessionDoc implements PlaySession {
  @ApiProperty({ description: 'The login that opened this session (ISO)' })
  startedAt!: string;
  @ApiProperty({ description: 'Rupees staked this session (refunds excluded)', example: 300 })
  staked!: number;
  @ApiProperty({ description: 'Rupees paid by settled bets this session (net of GST)', example: 182 })
  won!: number;
  @ApiProperty({ description: 'Rupees: paid back less stakes, settled bets only', example: -18 })
  net!: number;
  @ApiProperty({ enum: REALITY_CHECK_MINUTES })
  realityCheckMinutes!: RealityCheckMinutes;
  @ApiProperty({ type: String, nullable: true, description: 'When the session time limit ends this session (ISO)' })
  endsAt!: string | null;
}
export class PlaySessionDataDoc implements PlaySessionData {
  @ApiProperty({ type: PlaySessionDoc })
  session!: PlaySessionDoc;
}
