import { ApiProperty } from '@nestjs/swagger';
import type {
  AdminDispute,
  AdminDisputeData,
  AdminDisputesData,
  Dispute,
  DisputeBet,
  DisputeData,
  DisputesData,
  DisputeTransaction,
} from '@app/contracts';
import {
  BET_STATUSES,
  DISPUTE_STATUSES,
  DISPUTE_SUBJECT_TYPES,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type BetStatus,
  type DisputeStatus,
  type DisputeSubjectType,
  type TransactionStatus,
  type TransactionType,
} from '@app/domain';

export class DisputeResultDoc {
  @ApiProperty({ example: 5 })
  digit!: number;
  @ApiProperty({ example: 'violet' })
  color!: string;
  @ApiProperty({ example: 'big' })
  bigSmall!: string;
}
export class DisputeBetDoc implements DisputeBet {
  @ApiProperty()
  _id!: string;
  @ApiProperty({ example: '202611210042' })
  periodId!: string;
  @ApiProperty({ example: 'color' })
  betType!: string;
  @ApiProperty({ example: 'green' })
  betValue!: string;
  @ApiProperty({ description: 'Stake, rupees', example: 100 })
  amount!: number;
  @ApiProperty({ enum: BET_STATUSES })
  status!: BetStatus;
  @ApiProperty({ type: Boolean, nullable: true })
  isWin!: boolean | null;
  @ApiProperty({ description: 'Net credited, rupees', example: 0 })
  winAmount!: number;
  @ApiProperty({ type: DisputeResultDoc, nullable: true, description: 'The period’s draw; null until drawn' })
  result!: DisputeResultDoc | null;
  @ApiProperty({ type: String, nullable: true, example: 'SETTLED' })
  periodStatus!: string | null;
}
export class DisputeTransactionDoc implements DisputeTransaction {
  @ApiProperty()
  _id!: string;
  @ApiProperty({ example: 'DEP20261121000042' })
  transactionId!: string;
  @ApiProperty({ enum: TRANSACTION_TYPES })
  type!: TransactionType;
  @ApiProperty({ example: 'UPI' })
  method!: string;
  @ApiProperty({ enum: TRANSACTION_STATUSES })
  status!: TransactionStatus;
  @ApiProperty({ description: 'Rupees', example: 500 })
  amount!: number;
  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
  @ApiProperty({ type: String, nullable: true })
  utrNumber!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The reviewer’s notes' })
  adminNotes!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' })
  reviewedAt!: string | null;
}
export class DisputeDoc implements Dispute {
  @ApiProperty()
  id!: string;
  @ApiProperty({ enum: DISPUTE_STATUSES })
  status!: DisputeStatus;
  @ApiProperty({ enum: DISPUTE_SUBJECT_TYPES })
  subjectType!: DisputeSubjectType;
  @ApiProperty({ type: String, nullable: true, example: '202611210042' })
  periodId!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The player’s route to the bet’s fairness proof (a reference, not a copy)',
    example: '/api/v1/bet/0190c0de-0000-7000-8000-000000000000/proof',
  })
  proofPath!: string | null;
  @ApiProperty()
  message!: string;
  @ApiProperty({ type: String, nullable: true })
  answer!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' })
  answeredAt!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' })
  closedAt!: string | null;
  @ApiProperty({ format: 'date-time', description: 'Opened + 14 days' })
  dueAt!: string;
  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
  @ApiProperty({ type: DisputeBetDoc, nullable: true })
  bet!: DisputeBetDoc | null;
  @ApiProperty({ type: DisputeTransactionDoc, nullable: true })
  transaction!: DisputeTransactionDoc | null;
}
export class DisputePlayerDoc {
  @ApiProperty()
  id!: string;
  @ApiProperty()
  username!: string;
  @ApiProperty()
  email!: string;
}
export class AdminDisputeDoc extends DisputeDoc implements AdminDispute {
  @ApiProperty({ type: DisputePlayerDoc })
  player!: DisputePlayerDoc;
}
export class DisputeDataDoc implements DisputeData {
  @ApiProperty({ type: DisputeDoc })
  dispute!: DisputeDoc;
}
export class DisputesDataDoc implements DisputesData {
  @ApiProperty({ type: [DisputeDoc], description: 'Newest first, at most 200' })
  disputes!: DisputeDoc[];
}
export class AdminDisputeDataDoc implements AdminDisputeData {
  @ApiProperty({ type: AdminDisputeDoc })
  dispute!: AdminDisputeDoc;
}
export class AdminDisputesDataDoc implements AdminDisputesData {
  @ApiProperty({
    type: [AdminDisputeDoc],
    description: 'Open and answered: the most urgent first; closed: newest first; at most 200',
  })
  disputes!: AdminDisputeDoc[];
}
