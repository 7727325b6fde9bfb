import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type {
  BankDetails,
  BonusWagering,
  Transaction,
  TransactionMetadata,
  TransactionsData,
  UpiApp,
  WalletSummary,
  WalletSummaryData,
} from '@app/contracts';
import {
  IDENTITY_STATUSES,
  PAYMENT_METHODS,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  UPI_APP_KEYS,
  type TransactionStatus,
  type TransactionType,
} from '@app/domain';

// Response schemas of the wallet routes: classes implementing the contracts' types, for the API documentation.

export class BonusWageringDoc implements BonusWagering {
  @ApiProperty({ description: 'Rupees of settled stakes still asked before the bonus moves to main', example: 700 })
  left!: number;
  @ApiProperty({
    description: 'Rupees of settled stakes the requirement asks in all (5 × the bonus by default)',
    example: 1000,
  })
  required!: number;
  @ApiProperty({
    description: 'When an unplayed bonus goes back to the house (ISO)',
    example: '2026-12-29T06:00:00.000Z',
  })
  expiresAt!: string;
}
export class WalletSummaryDoc implements WalletSummary {
  @ApiProperty({ description: 'Main (withdrawable) balance, rupees', example: 1250.5 })
  balance!: number;
  @ApiProperty({ description: 'Bonus balance (staked first, not withdrawable), rupees', example: 30 })
  bonusBalance!: number;
  @ApiProperty({ description: 'True once a deposit was approved' })
  isActive!: boolean;
  @ApiProperty({
    description:
      'Active, main balance at least ₹100, the deposits since the last withdrawal played through, and the identity verified',
  })
  isEligibleForWithdrawal!: boolean;
  @ApiProperty({
    description:
      'Rupees still to stake (settled bets paid from main) before the deposits since the last withdrawal can be withdrawn; 0 when none',
    example: 600,
  })
  playThroughLeft!: number;
  @ApiProperty({
    type: BonusWageringDoc,
    nullable: true,
    description: 'The bonus balance’s wagering requirement; null when it has none',
  })
  bonusWagering!: BonusWageringDoc | null;
  @ApiProperty({
    enum: IDENTITY_STATUSES,
    description: 'The identity check: a withdrawal needs it verified (GET /identity says more)',
  })
  identityStatus!: WalletSummary['identityStatus'];
}
export class WalletSummaryDataDoc implements WalletSummaryData {
  @ApiProperty({ type: WalletSummaryDoc })
  summary!: WalletSummaryDoc;
}

export class BankDetailsDoc implements BankDetails {
  @ApiProperty()
  accountHolderName!: string;
  @ApiProperty({ description: 'Masked to the last 4 digits for the player; in full for the admin who pays out' })
  accountNumber!: string;
  @ApiProperty()
  ifscCode!: string;
}

export class TransactionMetadataDoc implements TransactionMetadata {
  @ApiPropertyOptional({ enum: UPI_APP_KEYS, nullable: true })
  upiApp?: UpiApp | null;
  @ApiPropertyOptional({ type: String, nullable: true })
  upiId?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true })
  utrNumber?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true })
  adminNotes?: string | null;
  @ApiPropertyOptional({ type: BankDetailsDoc, nullable: true })
  bankDetails?: BankDetailsDoc | null;
}

export class TransactionDoc implements Transaction {
  @ApiProperty()
  _id!: string;
  @ApiProperty({ enum: TRANSACTION_TYPES })
  type!: TransactionType;
  @ApiProperty({ enum: PAYMENT_METHODS })
  method!: string;
  @ApiProperty({ enum: TRANSACTION_STATUSES })
  status!: TransactionStatus;
  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;
  @ApiProperty({ example: 'DEP20261123000042' })
  transactionId!: string;
  @ApiProperty({ example: 'UPI deposit' })
  description!: string;
  @ApiProperty({ description: 'Signed rupees: money in positive, money out negative', example: -500 })
  amount!: number;
  @ApiProperty({ type: TransactionMetadataDoc })
  metadata!: TransactionMetadataDoc;
}
export class TransactionsDataDoc implements TransactionsData {
  @ApiProperty({ type: [TransactionDoc], description: 'Newest first' })
  transactions!: TransactionDoc[];
}
