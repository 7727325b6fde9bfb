import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import type { AdminDepositEntry, AdminWithdrawalEntry, PendingDepositsData, PendingWithdrawalsData, UpdateTransactionStatusData } from '@app/contracts';
import { TRANSACTION_TYPES, UPI_APP_KEYS, type TransactionType } from '@app/domain';
import { BankDetailsDoc, TransactionDoc } from '../../wallet/wallet.docs.js';

// Response schemas of the admin review routes: classes implementing the contracts' types, for the API documentation.

class ReviewedItemDoc extends PickType(TransactionDoc, ['_id', 'transactionId', 'method', 'status', 'createdAt'] as const) {
  @ApiProperty({ description: 'Rupees', example: 500 })
  amount!: number;
  @ApiPropertyOptional({ enum: UPI_APP_KEYS, nullable: true })
  upiApp?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true })
  adminNotes?: string | null;
  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true })
  reviewedAt?: string | null;
}

export class AdminDepositDoc extends ReviewedItemDoc implements Readonly<AdminDepositEntry['deposit']> {
  @ApiPropertyOptional({ example: '412345678901' })
  utrNumber?: string;
}

export class AdminWithdrawalDoc extends ReviewedItemDoc implements Readonly<AdminWithdrawalEntry['withdrawal']> {
  @ApiProperty({ enum: TRANSACTION_TYPES })
  type!: TransactionType;
  @ApiPropertyOptional({ type: String, nullable: true })
  upiId?: string | null;
  @ApiPropertyOptional({ type: BankDetailsDoc, nullable: true, description: 'In full: the admin pays to it' })
  bankDetails?: BankDetailsDoc | null;
}

class ReviewEntryDoc implements Omit<AdminDepositEntry, 'deposit'>, Omit<AdminWithdrawalEntry, 'withdrawal'> {
  @ApiProperty()
  username!: string;
  @ApiProperty()
  email!: string;
  @ApiProperty({ description: 'Send it back with the decision' })
  walletId!: string;
}

export class AdminDepositEntryDoc extends ReviewEntryDoc implements AdminDepositEntry {
  @ApiProperty({ type: AdminDepositDoc })
  deposit!: AdminDepositDoc;
}

export class AdminWithdrawalEntryDoc extends ReviewEntryDoc implements AdminWithdrawalEntry {
  @ApiProperty({ type: AdminWithdrawalDoc })
  withdrawal!: AdminWithdrawalDoc;
}

export class PendingDepositsDataDoc implements PendingDepositsData {
  @ApiProperty({ type: [AdminDepositEntryDoc], description: 'Newest first, at most 500' })
  pendingDeposits!: AdminDepositEntryDoc[];
}

export class PendingWithdrawalsDataDoc implements PendingWithdrawalsData {
  @ApiProperty({ type: [AdminWithdrawalEntryDoc], description: 'Newest first, at most 500' })
  pendingWithdrawals!: AdminWithdrawalEntryDoc[];
}

export class UpdateTransactionStatusDataDoc implements UpdateTransactionStatusData {
  @ApiProperty({ type: TransactionDoc, description: 'The reviewed transaction, as its owner sees it' })
  transaction!: TransactionDoc;
}
