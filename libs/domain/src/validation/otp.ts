import { OTP_LENGTH } from '../constants/limits.js';

const OTP = new RegExp(`^[0-9]{${OTP_LENGTH}}$`);

/** True for exactly 6 ASCII digits. */
export function isOtp(value: unknown): value is string {
  return typeof value === 'string' && OTP.test(value);
}

/** What the OTP boxes keep from typed or pasted text: its ASCII digits, at most 6 ('12 34-56' → '123456'). */
export function otpDigits(text: string | null | undefined): string {
  return (typeof text === 'string' ? text.replace(/[^0-9]/g, '') : '').slice(0, OTP_LENGTH);
}
