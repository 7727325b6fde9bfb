import { ApiProperty } from '@nestjs/swagger';
import type { AdminSecurity, AdminSecurityData, RecoveryCodesData, TwoFactorEnrolmentData } from '@app/contracts';

// Response schemas of the super-admin's account security: classes implementing the contracts' types, for the API
// documentation.

export class AdminSecurityDoc implements AdminSecurity {
  @ApiProperty({ description: 'An authenticator is enrolled: sign-in needs its code or a recovery code' })
  twoFactorEnrolled!: boolean;
  @ApiProperty({ description: 'This deployment requires a second factor of every super-admin (production)' })
  twoFactorRequired!: boolean;
  @ApiProperty({ description: 'ADMIN_2FA_WAIVED is set (the console shows a warning banner)' })
  twoFactorWaived!: boolean;
  @ApiProperty({ minimum: 0, description: 'Unused recovery codes left' })
  recoveryCodesLeft!: number;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When the authenticator was confirmed',
  })
  enrolledAt!: string | null;
}

export class AdminSecurityDataDoc implements AdminSecurityData {
  @ApiProperty({ type: AdminSecurityDoc })
  security!: AdminSecurityDoc;
}

export class TwoFactorEnrolmentDataDoc implements TwoFactorEnrolmentData {
  @ApiProperty({
    description: "The new authenticator's key (Base32), shown once",
    example: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  })
  secret!: string;
  @ApiProperty({
    description: 'The otpauth:// address of the key, for a QR code',
    example: 'otpauth://totp/WinRound:admin%40gmail.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=WinRound',
  })
  otpauthUri!: string;
}

export class RecoveryCodesDataDoc implements RecoveryCodesData {
  @ApiProperty({
    type: [String],
    description: 'Shown once; each works once (case and dashes ignored)',
    example: ['abcde-fghjk'],
  })
  recoveryCodes!: string[];
}
