/** One-time codes: valid 10 minutes, at most 5 wrong tries each; a verified reset code is usable for 10 minutes. */
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
export const RESET_VERIFIED_WINDOW_MINUTES = 10;
