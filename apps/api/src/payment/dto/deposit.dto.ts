import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { DEPOSIT_MAX_PAISE, DEPOSIT_METHODS, DEPOSIT_MIN_PAISE, formatPaiseShort, MAX_PENDING_DEPOSITS, UTR_MAX_LENGTH, UTR_MIN_LENGTH, UPI_APP_KEYS } from '@app/domain';
import type { DepositRequest } from '@app/contracts';
import { type SameFields } from '../../common/contract-fields.js';

/**
 * POST /payment/deposit. Fields are only whitelisted here; the rules and their messages are `validateDeposit`
 * of @app/domain (the same the form runs), applied by the service.
 */
export class DepositDto {
  @ApiProperty({ enum: DEPOSIT_METHODS })
  @Allow()
  method?: unknown;

  @ApiProperty({ type: Number, description: `Rupees as a JSON number, ${formatPaiseShort(DEPOSIT_MIN_PAISE)} to ${formatPaiseShort(DEPOSIT_MAX_PAISE)}, at most 2 decimals; at most ${MAX_PENDING_DEPOSITS} deposits pending per player`, example: 500 })
  @Allow()
  amount?: unknown;

  @ApiProperty({ type: String, description: `Trimmed and upper-cased; ${UTR_MIN_LENGTH}–${UTR_MAX_LENGTH} letters or digits; claimable once ever`, example: '412345678901' })
  @Allow()
  utrNumber?: unknown;

  @ApiPropertyOptional({ enum: UPI_APP_KEYS })
  @Allow()
  upiApp?: unknown;
}

// The documented request names exactly the fields of its wire type.
const _depositDtoFields: SameFields<DepositDto, DepositRequest> = true;
