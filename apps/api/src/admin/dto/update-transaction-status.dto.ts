import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { ADMIN_NOTES_MAX_LENGTH, REVIEW_DECISIONS, type ReviewDecision } from '@app/domain';
import type { UpdateTransactionStatusRequest } from '@app/contracts';
import { type SameFields } from '../../common/contract-fields.js';

export const UPDATE_STATUS_MESSAGES = {
  walletId: 'walletId is required.',
  transactionId: 'transactionId is required.',
  status: `Status must be ${REVIEW_DECISIONS.join(' or ')}.`,
  adminNotes: `Admin notes must be text of at most ${ADMIN_NOTES_MAX_LENGTH} characters.`,
} as const;

/** PUT /admin/update-transaction-status */
export class UpdateTransactionStatusDto {
  @ApiProperty({ description: "The entry's walletId; must be the transaction's wallet" })
  @IsString({ message: UPDATE_STATUS_MESSAGES.walletId })
  @IsNotEmpty({ message: UPDATE_STATUS_MESSAGES.walletId })
  walletId!: string;

  @ApiProperty({ description: "The entry's transactionId (its _id is accepted too)" })
  @IsString({ message: UPDATE_STATUS_MESSAGES.transactionId })
  @IsNotEmpty({ message: UPDATE_STATUS_MESSAGES.transactionId })
  transactionId!: string;

  @ApiProperty({ enum: REVIEW_DECISIONS, description: 'COMPLETED approves, FAILED rejects' })
  @IsIn(REVIEW_DECISIONS, { message: UPDATE_STATUS_MESSAGES.status })
  status!: ReviewDecision;

  @ApiPropertyOptional({ maxLength: ADMIN_NOTES_MAX_LENGTH })
  @IsOptional()
  @IsString({ message: UPDATE_STATUS_MESSAGES.adminNotes })
  @MaxLength(ADMIN_NOTES_MAX_LENGTH, { message: UPDATE_STATUS_MESSAGES.adminNotes })
  adminNotes?: string;
}

// The documented request names exactly the fields of its wire type.
const _updateTransactionStatusDtoFields: SameFields<UpdateTransactionStatusDto, UpdateTransactionStatusRequest> = true;
