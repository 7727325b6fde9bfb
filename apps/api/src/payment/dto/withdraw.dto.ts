import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { UPI_APP_KEYS, WITHDRAWAL_METHODS } from '@app/domain';

/**
 * POST /payment/withdraw. Fields are only whitelisted here; the rules and their messages are `validateWithdraw`
 * of @app/domain (the same the form runs), applied by the service against the locked balance.
 */
export class WithdrawDto {
  @ApiProperty({ enum: WITHDRAWAL_METHODS })
  @Allow()
  method?: unknown;

  @ApiProperty({ type: Number, description: 'Rupees as a JSON number, ₹500–₹25,000, at most ₹25,000 per IST day, not above the main balance', example: 1000 })
  @Allow()
  amount?: unknown;

  @ApiPropertyOptional({ type: String, description: "UPI: the app's handle is appended when the id has no '@'; name@handle, at most 256 characters", example: 'ravi' })
  @Allow()
  upiId?: unknown;

  @ApiPropertyOptional({ enum: UPI_APP_KEYS })
  @Allow()
  upiApp?: unknown;

  @ApiPropertyOptional({ type: String, description: 'Bank transfer: 9 to 18 digits' })
  @Allow()
  accountNumber?: unknown;

  @ApiPropertyOptional({ type: String, description: 'Bank transfer: 11 characters, 4 letters, 0, 6 letters or digits; upper-cased' })
  @Allow()
  ifsc?: unknown;

  @ApiPropertyOptional({ type: String, description: 'Bank transfer: 3 to 100 letters, spaces and dots' })
  @Allow()
  accountHolderName?: unknown;
}
