import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PLAYER_LANGUAGES, type PlayerLanguage, type Profile, type ProfileData } from '@app/contracts';

// Response schema of the profile routes: a class implementing the contract type, for the API documentation.

export class ProfileDoc implements Profile {
  @ApiProperty()
  _id!: string;
  @ApiProperty({
    description: "In full on one's own profile; masked (e.g. ra****@gmail.com) on another player's",
    example: 'ra****@gmail.com',
  })
  email!: string;
  @ApiProperty({ description: 'The username, or the part of the e-mail before @ when there is none' })
  name!: string;
  @ApiProperty({ description: "The avatar's initial", example: 'R' })
  firstLetter!: string;
  @ApiProperty({ format: 'date-time', description: 'Registration' })
  joinDate!: string;
  @ApiProperty({ description: 'Bets played (refunded ones left out)' })
  totalGames!: number;
  @ApiProperty({ description: 'Rupees credited on won bets (net of GST)', example: 182 })
  totalWinnings!: number;
  @ApiPropertyOptional({ description: 'Own profile only: rupees of approved deposits', example: 1000 })
  totalDeposits?: number;
  @ApiPropertyOptional({ description: 'Own profile only' })
  referralCode?: string;
  @ApiPropertyOptional({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'Own profile only; null before the first login',
  })
  lastLogin?: string | null;
  @ApiPropertyOptional({ description: 'Own profile only: rupees of completed withdrawals', example: 500 })
  totalWithdrawals?: number;
  @ApiPropertyOptional({ description: 'Own profile only: rupees staked on lost bets', example: 300 })
  totalLoses?: number;
  @ApiPropertyOptional({
    enum: PLAYER_LANGUAGES,
    description: 'Own profile only: the language the player reads the product in',
    example: 'en-IN',
  })
  language?: PlayerLanguage;
}

export class ProfileDataDoc implements ProfileData {
  @ApiProperty({ type: ProfileDoc })
  user!: ProfileDoc;
}
