import { ApiProperty } from '@nestjs/swagger';
import type {
  AdminProfile,
  AdminProfileData,
  AdminStats,
  DashboardData,
  RecentBet,
  RecentGameResult,
  RecentUser,
  RupeeText,
} from '@app/contracts';
import {
  ADMIN_TEXTS,
  BET_STATUSES,
  BIG_SMALL,
  COLORS,
  ROLE_SUPER_ADMIN,
  type BetStatus,
  type BigSmall,
  type Color,
} from '@app/domain';

// Response schemas of the admin panel's Dashboard and Setting tabs: classes implementing the contracts' types, for the
// API documentation.

export class AdminProfileDoc implements AdminProfile {
  @ApiProperty()
  username!: string;
  @ApiProperty()
  email!: string;
  @ApiProperty({ enum: [ROLE_SUPER_ADMIN] })
  role!: AdminProfile['role'];
  @ApiProperty()
  verified!: boolean;
  @ApiProperty({ enum: ['online', 'offline'], description: "'online' while they have a live socket on any api node" })
  status!: AdminProfile['status'];
  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;
}

export class AdminProfileDataDoc implements AdminProfileData {
  @ApiProperty({ type: AdminProfileDoc })
  admin!: AdminProfileDoc;
}

const RUPEE_TEXT = 'Exact rupees as decimal text with 2 decimals';

export class AdminStatsDoc implements AdminStats {
  @ApiProperty({
    description: `Every deposit request: pending, approved and rejected. ${RUPEE_TEXT}`,
    example: '152500.00',
  })
  totalDeposit!: RupeeText;
  @ApiProperty({
    description: `Deposits waiting for review, labelled '${ADMIN_TEXTS.pendingDepositLabel}'. ${RUPEE_TEXT}`,
    example: '2500.00',
  })
  pendingDeposit!: RupeeText;
  @ApiProperty({ description: `Approved deposits. ${RUPEE_TEXT}`, example: '150000.00' })
  completedDeposit!: RupeeText;
  @ApiProperty({ description: 'Distinct players with a live socket on any api node' })
  totalOnlineUsers!: number;
  @ApiProperty({ description: 'Players (admins not counted)' })
  totalUsers!: number;
  @ApiProperty({ description: 'Every bet, refunded ones included' })
  totalBets!: number;
  @ApiProperty({ description: 'Placed, not settled yet' })
  pendingBets!: number;
  @ApiProperty({ description: 'Settled' })
  completedBets!: number;
  @ApiProperty({ description: `Main and bonus balances of every player. ${RUPEE_TEXT}`, example: '98120.40' })
  totalWalletBalance!: RupeeText;
  @ApiProperty({ description: 'Periods drawn' })
  totalGameResults!: number;
  @ApiProperty({
    description: `Every withdrawal request: pending (held), paid out and rejected. ${RUPEE_TEXT}`,
    example: '42000.00',
  })
  totalWithdraw!: RupeeText;
  @ApiProperty({ description: `Paid-out withdrawals. ${RUPEE_TEXT}`, example: '40000.00' })
  completedWithdraw!: RupeeText;
  @ApiProperty({ description: `Withdrawals waiting for review (held). ${RUPEE_TEXT}`, example: '2000.00' })
  pendingWithdraw!: RupeeText;
}

export class RecentUserDoc implements RecentUser {
  @ApiProperty()
  _id!: string;
  @ApiProperty()
  username!: string;
  @ApiProperty()
  email!: string;
  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
}

class RecentBetUserDoc implements Readonly<RecentBet['userId']> {
  @ApiProperty()
  username!: string;
}

export class RecentBetDoc implements RecentBet {
  @ApiProperty()
  _id!: string;
  @ApiProperty({ type: RecentBetUserDoc })
  userId!: RecentBetUserDoc;
  @ApiProperty({ description: 'Stake, rupees', example: 100 })
  amount!: number;
  @ApiProperty({ enum: BET_STATUSES })
  status!: BetStatus;
  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
}

export class RecentGameResultDoc implements RecentGameResult {
  @ApiProperty()
  _id!: string;
  @ApiProperty({ example: '202611230001' })
  periodId!: string;
  @ApiProperty({ enum: COLORS })
  color!: Color;
  @ApiProperty({ minimum: 0, maximum: 9, description: 'The drawn digit (as digit)' })
  number!: number;
  @ApiProperty({ enum: BIG_SMALL })
  bigSmall!: BigSmall;
  @ApiProperty({ minimum: 0, maximum: 9 })
  digit!: number;
  @ApiProperty({ format: 'date-time' })
  timestamp!: string;
}

export class DashboardDataDoc implements DashboardData {
  @ApiProperty({ type: AdminStatsDoc })
  stats!: AdminStatsDoc;
  @ApiProperty({ type: [RecentUserDoc], description: 'The latest 10, newest first' })
  recentUsers!: RecentUserDoc[];
  @ApiProperty({ type: [RecentBetDoc], description: 'The latest 10, newest first' })
  recentBets!: RecentBetDoc[];
  @ApiProperty({ type: [RecentGameResultDoc], description: 'The latest 10, newest first' })
  recentGameResults!: RecentGameResultDoc[];
}
