import { ApiProperty } from '@nestjs/swagger';
import { PlayBreakViewDoc } from '../../play-breaks/play-breaks.docs.js';
import {
  PLAYER_STATUSES,
  type AdminPlayer,
  type AdminPlayerData,
  type AdminPlayersData,
  type PlayerStatus,
} from '@app/contracts';

export class AdminPlayerDoc implements AdminPlayer {
  @ApiProperty()
  id!: string;
  @ApiProperty()
  username!: string;
  @ApiProperty()
  email!: string;
  @ApiProperty({ enum: PLAYER_STATUSES, description: 'Only an active account may play and move money' })
  status!: PlayerStatus;
  @ApiProperty({ example: '2026-11-20T09:30:00.000Z' })
  createdAt!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'When an operator suspended the account; null unless suspended',
  })
  suspendedAt!: string | null;
  @ApiProperty({ type: String, nullable: true })
  suspensionReason!: string | null;
  @ApiProperty({ description: 'Main balance, rupees (a suspension leaves it intact)', example: 1250.5 })
  balance!: number;
  @ApiProperty({ description: 'Bonus balance, rupees', example: 0 })
  bonusBalance!: number;
  @ApiProperty({
    type: PlayBreakViewDoc,
    nullable: true,
    description: "The player's own break or self-exclusion in force; read-only (no route lifts or shortens it)",
  })
  playBreak!: PlayBreakViewDoc | null;
}
export class AdminPlayersDataDoc implements AdminPlayersData {
  @ApiProperty({ type: [AdminPlayerDoc], description: 'Newest accounts first, at most 50' })
  players!: AdminPlayerDoc[];
}
export class AdminPlayerDataDoc implements AdminPlayerData {
  @ApiProperty({ type: AdminPlayerDoc })
  player!: AdminPlayerDoc;
}
