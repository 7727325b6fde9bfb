import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import {
  DEPOSIT_MAX_PAISE,
  DEPOSIT_METHODS,
  DEPOSIT_MIN_PAISE,
  formatPaiseShort,
  HOLDER_NAME_MAX_LENGTH,
  HOLDER_NAME_MIN_LENGTH,
  MAX_PENDING_DEPOSITS,
  UPI_ID_MAX_LENGTH,
  UPI_UTR_LENGTH,
  UPI_APP_KEYS,
} from '@app/domain';
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

  @ApiProperty({
    type: Number,
    description: `Rupees as a JSON number, ${formatPaiseShort(DEPOSIT_MIN_PAISE)} to ${formatPaiseShort(DEPOSIT_MAX_PAISE)}, at most 2 decimals; at most ${MAX_PENDING_DEPOSITS} deposits pending per player`,
    example: 500,
  })
  @Allow()
  amount?: unknown;

  @ApiProperty({
    type: String,
    description: `The UPI payment's UTR: ${UPI_UTR_LENGTH} digits, not all the same; spaces and dashes are removed before checking and storing. Held by one pending or approved claim at a time; a rejected claim releases it. Held by another player's claim: 409, and this claim is recorded as a contest the reviewer sees`,
    example: '412345678901',
  })
  @Allow()
  utrNumber?: unknown;

  @ApiPropertyOptional({ enum: UPI_APP_KEYS })
  @Allow()
  upiApp?: unknown;

  @ApiPropertyOptional({
    type: String,
    description: `Who paid: the UPI ID the money came from (name@handle, at most ${UPI_ID_MAX_LENGTH} characters, lower-cased) or the account holder's name as the payer's bank shows it (${HOLDER_NAME_MIN_LENGTH}–${HOLDER_NAME_MAX_LENGTH} letters, spaces and dots). Shown to the reviewer. Sent empty: 400. Clients older than the field omit it; their claim is stored without a payer`,
    example: 'ravi.kumar@okaxis',
  })
  @Allow()
  payer?: unknown;
}

// The documented request names exactly the fields of its wire type.
const _depositDtoFields: SameFields<DepositDto, DepositRequest> = true;
