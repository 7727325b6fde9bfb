import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import {
  ACCOUNT_NUMBER_MAX_LENGTH,
  ACCOUNT_NUMBER_MIN_LENGTH,
  formatPaiseShort,
  HOLDER_NAME_MAX_LENGTH,
  HOLDER_NAME_MIN_LENGTH,
  IFSC_LENGTH,
  UPI_APP_KEYS,
  UPI_ID_MAX_LENGTH,
  WITHDRAWAL_DAILY_MAX_PAISE,
  WITHDRAWAL_MAX_PAISE,
  WITHDRAWAL_METHODS,
  WITHDRAWAL_MIN_PAISE,
} from '@app/domain';
import type { WithdrawRequest } from '@app/contracts';
import { type SameFields } from '../../common/contract-fields.js';

/**
 * POST /payment/withdraw. Fields are only whitelisted here; the rules and their messages are `validateWithdraw`
 * of @app/domain (the same the form runs), applied by the service against the locked balance.
 */
export class WithdrawDto {
  @ApiProperty({ enum: WITHDRAWAL_METHODS })
  @Allow()
  method?: unknown;

  @ApiProperty({
    type: Number,
    description: `Rupees as a JSON number, ${formatPaiseShort(WITHDRAWAL_MIN_PAISE)}–${formatPaiseShort(WITHDRAWAL_MAX_PAISE)}, at most ${formatPaiseShort(WITHDRAWAL_DAILY_MAX_PAISE)} per IST day, not above the main balance`,
    example: 1000,
  })
  @Allow()
  amount?: unknown;

  @ApiPropertyOptional({
    type: String,
    description: `UPI: name@handle, at most ${UPI_ID_MAX_LENGTH} characters. An id without '@' is completed with the app's handle only when the app has one (PhonePe @ybl, Paytm @paytm, BHIM @upi); for Google Pay (four handles) and QR the whole id is required`,
    example: 'ravi@okicici',
  })
  @Allow()
  upiId?: unknown;

  @ApiPropertyOptional({ enum: UPI_APP_KEYS })
  @Allow()
  upiApp?: unknown;

  @ApiPropertyOptional({
    type: String,
    description: `Bank transfer: ${ACCOUNT_NUMBER_MIN_LENGTH} to ${ACCOUNT_NUMBER_MAX_LENGTH} digits`,
  })
  @Allow()
  accountNumber?: unknown;

  @ApiPropertyOptional({
    type: String,
    description: `Bank transfer: ${IFSC_LENGTH} characters, 4 letters, 0, 6 letters or digits; upper-cased`,
  })
  @Allow()
  ifsc?: unknown;

  @ApiPropertyOptional({
    type: String,
    description: `Bank transfer: ${HOLDER_NAME_MIN_LENGTH} to ${HOLDER_NAME_MAX_LENGTH} letters, spaces and dots`,
  })
  @Allow()
  accountHolderName?: unknown;
}

// The documented request names exactly the fields of its wire type.
const _withdrawDtoFields: SameFields<WithdrawDto, WithdrawRequest> = true;
