import { ApiProperty } from '@nestjs/swagger';
import type { ClientConfig, PaymentConfig } from '@app/contracts';
import {
  BONUS_EXPIRY_DAYS,
  BONUS_WAGERING_MULTIPLIER,
  DEFAULT_ALLOWED_EMAIL_DOMAINS,
  DEFAULT_PAYOUTS,
  DEPOSIT_MAX_PAISE,
  DEPOSIT_MIN_PAISE,
  GST_BPS,
  LOCK_SECONDS,
  REFERRAL_CAP_PAISE,
  REFERRAL_SHARE_BPS,
  ROUND_SECONDS,
  STAKES_PAISE,
  WITHDRAWAL_DAILY_MAX_PAISE,
  WITHDRAWAL_MAX_PAISE,
  WITHDRAWAL_MIN_PAISE,
  WITHDRAWAL_TURNOVER_PERCENT,
  type GameKey,
} from '@app/domain';

// Response schema of GET /app-config: classes implementing the contract type, for the API documentation. The
// examples are the spec's defaults, taken from the domain.

const PER_CHOICE = { type: 'object', additionalProperties: { type: 'number' } } as const;

class PayoutsDoc implements Record<GameKey, Record<string, number>> {
  @ApiProperty({
    ...PER_CHOICE,
    description: 'Gross multiple of the stake for each winning colour (red, green, violet)',
    example: DEFAULT_PAYOUTS.color,
  })
  color!: Record<string, number>;
  @ApiProperty({
    ...PER_CHOICE,
    description: 'Gross multiple of the stake for a winning big or small',
    example: DEFAULT_PAYOUTS.bigSmall,
  })
  bigSmall!: Record<string, number>;
  @ApiProperty({
    ...PER_CHOICE,
    description: "Gross multiple of the stake for each winning digit ('0' to '9')",
    example: DEFAULT_PAYOUTS.number,
  })
  number!: Record<string, number>;
}

export class PaymentConfigDoc implements PaymentConfig {
  @ApiProperty({ description: 'The receiving UPI address shown on the deposit screen (UPI_PAYEE_VPA)' })
  payeeVpa!: string;
  @ApiProperty({ description: 'The name shown with it (UPI_PAYEE_NAME)' })
  payeeName!: string;
}

class DepositBoundsDoc implements Readonly<ClientConfig['deposit']> {
  @ApiProperty({ description: 'Smallest deposit, paise', example: DEPOSIT_MIN_PAISE })
  minPaise!: number;
  @ApiProperty({ description: 'Largest deposit, paise', example: DEPOSIT_MAX_PAISE })
  maxPaise!: number;
}

class WithdrawalBoundsDoc implements Readonly<ClientConfig['withdrawal']> {
  @ApiProperty({ description: 'Smallest withdrawal, paise', example: WITHDRAWAL_MIN_PAISE })
  minPaise!: number;
  @ApiProperty({ description: 'Largest withdrawal request, paise', example: WITHDRAWAL_MAX_PAISE })
  maxPaise!: number;
  @ApiProperty({
    description: 'Most per IST calendar day across pending and completed requests, paise',
    example: WITHDRAWAL_DAILY_MAX_PAISE,
  })
  dailyMaxPaise!: number;
}

class ReferralTermsDoc implements Readonly<ClientConfig['referral']> {
  @ApiProperty({
    description: "The referrer's share of a referred player's first approved deposit, basis points",
    example: REFERRAL_SHARE_BPS,
  })
  shareBps!: number;
  @ApiProperty({ description: 'At most this bonus per referred player, paise', example: REFERRAL_CAP_PAISE })
  capPaise!: number;
}

class PlayThroughDoc implements Readonly<ClientConfig['playThrough']> {
  @ApiProperty({
    description:
      'A bonus is withdrawable after settled stakes of this many times the bonus (BONUS_WAGERING_MULTIPLIER)',
    example: BONUS_WAGERING_MULTIPLIER,
  })
  bonusWageringMultiplier!: number;
  @ApiProperty({
    description: 'An unplayed bonus goes back to the house this many days after its last grant (BONUS_EXPIRY_DAYS)',
    example: BONUS_EXPIRY_DAYS,
  })
  bonusExpiryDays!: number;
  @ApiProperty({
    description:
      'A withdrawal needs settled stakes of this share of the deposits since the previous one, percent (WITHDRAWAL_TURNOVER_PERCENT)',
    example: WITHDRAWAL_TURNOVER_PERCENT,
  })
  withdrawalTurnoverPercent!: number;
}

export class ClientConfigDoc implements ClientConfig {
  @ApiProperty({ description: 'Round length, seconds (ROUND_SECONDS)', example: ROUND_SECONDS })
  roundSeconds!: number;
  @ApiProperty({
    description: 'Betting locks when this many seconds or fewer remain (LOCK_SECONDS)',
    example: LOCK_SECONDS,
  })
  lockSeconds!: number;
  @ApiProperty({
    type: PayoutsDoc,
    description: 'Payout of every choice, per game (PAYOUTS); a bet placed now records and is paid its choice’s',
  })
  payouts!: PayoutsDoc;
  @ApiProperty({ description: 'GST on winnings above the stake, as a fraction (GST_RATE)', example: GST_BPS / 10_000 })
  gstRate!: number;
  @ApiProperty({ description: 'The same rate in basis points, as the domain computes with it', example: GST_BPS })
  gstBps!: number;
  @ApiProperty({
    type: [String],
    description: 'E-mail domains accepted at login and registration (ALLOWED_EMAIL_DOMAINS)',
    example: DEFAULT_ALLOWED_EMAIL_DOMAINS,
  })
  allowedEmailDomains!: string[];
  @ApiProperty({ type: PaymentConfigDoc })
  payment!: PaymentConfigDoc;
  @ApiProperty({ type: [Number], description: 'The stake buttons, paise', example: STAKES_PAISE })
  stakesPaise!: number[];
  @ApiProperty({ type: DepositBoundsDoc })
  deposit!: DepositBoundsDoc;
  @ApiProperty({ type: WithdrawalBoundsDoc })
  withdrawal!: WithdrawalBoundsDoc;
  @ApiProperty({ type: ReferralTermsDoc, description: 'REFERRAL_SHARE and REFERRAL_CAP_RUPEES' })
  referral!: ReferralTermsDoc;
  @ApiProperty({ type: PlayThroughDoc, description: 'What must be played before money leaves the wallet' })
  playThrough!: PlayThroughDoc;
  @ApiProperty({
    description: "The server's clock when this answer was made, epoch milliseconds",
    example: 1_764_460_800_000,
    required: false,
  })
  serverTime?: number;
}
