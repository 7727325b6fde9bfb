import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

export const UPDATE_STATUS_MESSAGES = {
  walletId: 'walletId is required.',
  transactionId: 'transactionId is required.',
  status: 'Status must be COMPLETED or FAILED.',
  adminNotes: 'Admin notes must be text of at most 500 characters.',
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

  @ApiProperty({ enum: ['COMPLETED', 'FAILED'], description: 'COMPLETED approves, FAILED rejects' })
  @IsIn(['COMPLETED', 'FAILED'], { message: UPDATE_STATUS_MESSAGES.status })
  status!: 'COMPLETED' | 'FAILED';

  @ApiPropertyOptional({ maxLength: 500 })
  @IsOptional()
  @IsString({ message: UPDATE_STATUS_MESSAGES.adminNotes })
  @MaxLength(500, { message: UPDATE_STATUS_MESSAGES.adminNotes })
  adminNotes?: string;
}
