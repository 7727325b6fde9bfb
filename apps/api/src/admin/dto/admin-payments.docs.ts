import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import {
  PLAYER_STATUSES,
  type AdminDepositEntry,
  type AdminWithdrawalEntry,
  type PendingDepositsData,
  type PendingPaymentCounts,
  type PendingPaymentCountsData,
  type PendingWithdrawalsData,
  type PlayerStatus,
  type UpdateTransactionStatusData,
  type UtrClaim,
  type WithdrawalNameCheck,
  type WithdrawalPlayCheck,
} from '@app/contracts';
import {
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  UPI_APP_KEYS,
  type TransactionStatus,
  type TransactionType,
} from '@app/domain';
import { BankDetailsDoc, TransactionDoc } from '../../wallet/wallet.docs.js';

// Response schemas of the admin review routes: classes implementing the contracts' types, for the API documentation.

class ReviewedItemDoc extends PickType(TransactionDoc, [
  '_id',
  'transactionId',
  'method',
  'status',
  'createdAt',
] as const) {
  @ApiProperty({ description: 'Rupees', example: 500 })
  amount!: number;
  @ApiPropertyOptional({ enum: UPI_APP_KEYS, nullable: true })
  upiApp?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true })
  adminNotes?: string | null;
  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true })
  reviewedAt?: string | null;
}

export class UtrClaimDoc implements UtrClaim {
  @ApiProperty({
    enum: ['claim', 'contest'],
    description: 'claim: a stored deposit; contest: refused while another claim held the UTR',
  })
  kind!: 'claim' | 'contest';
  @ApiProperty({ type: String, nullable: true, description: "A claim's transaction id; null for a contest" })
  transactionId!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "A contest's holding claim (transaction id); null for a claim",
  })
  heldBy!: string | null;
  @ApiProperty()
  username!: string;
  @ApiProperty()
  email!: string;
  @ApiProperty({ description: 'Rupees', example: 500 })
  amount!: number;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'UPI ID or account holder name as the claimant gave it; null when not given',
    example: 'ravi.kumar@okaxis',
  })
  payer!: string | null;
  @ApiProperty({
    type: String,
    format: 'date-time',
    description: 'When it was made (a repeated contest: the first time)',
  })
  createdAt!: string;
  @ApiProperty({ enum: [...TRANSACTION_STATUSES, 'REFUSED'], description: "A claim's status; REFUSED for a contest" })
  outcome!: TransactionStatus | 'REFUSED';
  @ApiProperty({ type: Number, description: 'How many times it was sent', example: 1 })
  attempts!: number;
}

export class AdminDepositDoc extends ReviewedItemDoc implements Readonly<AdminDepositEntry['deposit']> {
  @ApiPropertyOptional({ example: '412345678901' })
  utrNumber?: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "Who paid: a UPI ID (has an '@') or the account holder's name; null when not given (an older app)",
    example: 'ravi.kumar@okaxis',
  })
  payer!: string | null;
  @ApiProperty({
    type: [UtrClaimDoc],
    description: 'Every claim ever made of this UTR, oldest first, this one included (contests too)',
  })
  utrClaims!: UtrClaimDoc[];
  @ApiProperty({ type: Boolean, description: 'Two or more players have claimed this UTR' })
  utrContested!: boolean;
}

export class WithdrawalPlayCheckDoc implements WithdrawalPlayCheck {
  @ApiProperty({ description: 'Rupees of deposits approved since the previous withdrawal', example: 2000 })
  deposited!: number;
  @ApiProperty({ description: 'Rupees of settled stakes paid from main since then', example: 400 })
  staked!: number;
  @ApiProperty({ description: 'Rupees withdrawn before', example: 0 })
  withdrawnBefore!: number;
  @ApiProperty({ description: 'Whole days since the account was opened', example: 2 })
  accountAgeDays!: number;
  @ApiProperty({ description: 'Staked less than deposited since the previous withdrawal' })
  flagged!: boolean;
}

export class WithdrawalNameCheckDoc implements WithdrawalNameCheck {
  @ApiProperty({ description: "The player's verified name (identity check)", example: 'Ravi Kumar' })
  verifiedName!: string;
  @ApiProperty({ description: "The payout account's holder name as the player gave it", example: 'R KUMAR' })
  holderName!: string;
  @ApiProperty({
    description:
      'The names differ (case, spaces, dots, honorifics, word order and initials aside): check before paying',
  })
  flagged!: boolean;
}

export class AdminWithdrawalDoc extends ReviewedItemDoc implements Readonly<AdminWithdrawalEntry['withdrawal']> {
  @ApiProperty({ enum: TRANSACTION_TYPES })
  type!: TransactionType;
  @ApiPropertyOptional({ type: String, nullable: true })
  upiId?: string | null;
  @ApiPropertyOptional({ type: BankDetailsDoc, nullable: true, description: 'In full: the admin pays to it' })
  bankDetails?: BankDetailsDoc | null;
  @ApiProperty({
    type: WithdrawalPlayCheckDoc,
    nullable: true,
    description: 'How much the player had played when they asked (recorded with the request; null for older requests)',
  })
  playCheck!: WithdrawalPlayCheckDoc | null;
  @ApiProperty({
    type: WithdrawalNameCheckDoc,
    nullable: true,
    description: "A bank transfer's holder name against the verified name (null for UPI and older requests)",
  })
  nameCheck!: WithdrawalNameCheckDoc | null;
}

class ReviewEntryDoc
  implements Omit<AdminDepositEntry, 'deposit'>, Omit<AdminWithdrawalEntry, 'withdrawal' | 'playerStatus'>
{
  @ApiProperty({ description: "The player's id (their player view: GET /admin/players/{userId}/overview)" })
  userId!: string;
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
  @ApiProperty({
    enum: PLAYER_STATUSES,
    description: "The player's account status now: a suspended player's withdrawal can be rejected, not paid",
  })
  playerStatus!: PlayerStatus;
  @ApiProperty({ type: AdminWithdrawalDoc })
  withdrawal!: AdminWithdrawalDoc;
}

export class PendingDepositsDataDoc implements PendingDepositsData {
  @ApiProperty({ type: [AdminDepositEntryDoc], description: 'Newest first: one page (at most `limit`, 500)' })
  pendingDeposits!: AdminDepositEntryDoc[];
  @ApiProperty({ description: 'How many entries match the filter and search in all' })
  total!: number;
}

export class PendingWithdrawalsDataDoc implements PendingWithdrawalsData {
  @ApiProperty({ type: [AdminWithdrawalEntryDoc], description: 'Newest first: one page (at most `limit`, 500)' })
  pendingWithdrawals!: AdminWithdrawalEntryDoc[];
  @ApiProperty({ description: 'How many entries match the filter and search in all' })
  total!: number;
}

export class PendingPaymentCountsDoc implements PendingPaymentCounts {
  @ApiProperty({ description: 'Deposits waiting for a review' })
  deposits!: number;
  @ApiProperty({ description: 'Withdrawals waiting for a review' })
  withdrawals!: number;
}

export class PendingPaymentCountsDataDoc implements PendingPaymentCountsData {
  @ApiProperty({ type: PendingPaymentCountsDoc })
  pending!: PendingPaymentCountsDoc;
}

export class UpdateTransactionStatusDataDoc implements UpdateTransactionStatusData {
  @ApiProperty({ type: TransactionDoc, description: 'The reviewed transaction, as its owner sees it' })
  transaction!: TransactionDoc;
}
