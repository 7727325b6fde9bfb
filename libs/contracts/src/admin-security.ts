/**
 * The super-admin's own account security in the console: the second factor (an authenticator app, TOTP, with
 * single-use recovery codes) and the password.
 */

/** GET /admin/security */
export interface AdminSecurity {
  /** An authenticator is enrolled (confirmed): sign-in needs its code or a recovery code. */
  twoFactorEnrolled: boolean;
  /** This deployment requires it of every super-admin (production): it refuses to start without it unless waived. */
  twoFactorRequired: boolean;
  /** ADMIN_2FA_WAIVED is set: the requirement is waived (the console shows a warning banner). */
  twoFactorWaived: boolean;
  /** Unused recovery codes left (0 when not enrolled). */
  recoveryCodesLeft: number;
  /** When the authenticator was confirmed (ISO 8601), or null. */
  enrolledAt: string | null;
}
export interface AdminSecurityData {
  security: AdminSecurity;
}

/** POST /admin/two-factor/enrolment: `code` (the current authenticator's, or a recovery code) only to replace one. */
export interface TwoFactorEnrolmentRequest {
  code?: string;
}
/** The new authenticator's key, shown once: as text and as the otpauth:// address a QR code carries. */
export interface TwoFactorEnrolmentData {
  secret: string;
  otpauthUri: string;
}

/** POST /admin/two-factor/confirm: the first code of the new authenticator. */
export interface TwoFactorConfirmRequest {
  code: string;
}
/** POST /admin/two-factor/recovery-codes: the authenticator's code (or a recovery code) to issue a new set. */
export interface RecoveryCodesRequest {
  code: string;
}
/** The recovery codes, shown once ('abcde-fghjk'; each works once, case and dashes ignored). */
export interface RecoveryCodesData {
  recoveryCodes: string[];
}

/** PUT /admin/password */
export interface AdminPasswordChangeRequest {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
  /** The authenticator's code or a recovery code (required once one is enrolled). */
  code?: string;
}
