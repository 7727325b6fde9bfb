import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { UPI_APP_KEYS } from '@app/domain';

/**
 * POST /payment/deposit. Fields are only whitelisted here; the rules and their messages are `validateDeposit`
 * of @app/domain (the same the form runs), applied by the service.
 */
export class DepositDto {
  @ApiProperty({ enum: ['UPI'] })
  @Allow()
  method?: unknown;

  @ApiProperty({ type: Number, description: 'Rupees as a JSON number, ₹100 to ₹10,000, at most 2 decimals; at most 3 deposits pending per player', example: 500 })
  @Allow()
  amount?: unknown;

  @ApiProperty({ type: String, description: 'Trimmed and upper-cased; 12–22 letters or digits; claimable once ever', example: '412345678901' })
  @Allow()
  utrNumber?: unknown;

  @ApiPropertyOptional({ enum: UPI_APP_KEYS })
  @Allow()
  upiApp?: unknown;
}
