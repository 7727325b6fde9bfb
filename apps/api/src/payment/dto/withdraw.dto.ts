import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';

/**
 * POST /payment/withdraw. Fields are only whitelisted here; the rules and their messages are `validateWithdraw`
 * of @app/domain (the same the form runs), applied by the service against the locked balance.
 */
export class WithdrawDto {
  @ApiProperty({ enum: ['UPI', 'BANK_TRANSFER'] })
  @Allow()
  method?: unknown;

  @ApiProperty({ description: 'Rupees, ₹500–₹25,000, at most ₹25,000 per IST day, not above the main balance', example: 1000 })
  @Allow()
  amount?: unknown;

  @ApiPropertyOptional({ description: "UPI: the app's handle is appended when the id has no '@'", example: 'ravi' })
  @Allow()
  upiId?: unknown;

  @ApiPropertyOptional({ enum: ['GOOGLE_PAY', 'PHONEPE', 'PAYTM', 'BHIM', 'QR'] })
  @Allow()
  upiApp?: unknown;

  @ApiPropertyOptional({ description: 'Bank transfer: longer than 5 characters' })
  @Allow()
  accountNumber?: unknown;

  @ApiPropertyOptional({ description: 'Bank transfer: 11 characters, upper-cased' })
  @Allow()
  ifsc?: unknown;

  @ApiPropertyOptional({ description: 'Bank transfer: longer than 2 characters' })
  @Allow()
  accountHolderName?: unknown;
}
