/** One-time codes: valid 10 minutes, at most 5 wrong tries each; a verified reset code buys a ticket valid 10 minutes. */
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
export const RESET_TICKET_MINUTES = 10;
