/**
 * A short shield against the second tap of a double tap. Confirm Bet closes the bet sheet, and the second tap of a
 * double tap then lands on whatever was under it (the bottom navigation's Wallet): controls that sit under a sheet
 * ignore taps for a moment after it acts.
 */
export const TAP_SHIELD_MS = 400;

let shieldedUntil = 0;

/** Called by a control whose tap may remove what is under the finger (Confirm Bet). */
export function shieldTaps(ms: number = TAP_SHIELD_MS, now: number = performance.now()): void {
  shieldedUntil = Math.max(shieldedUntil, now + ms);
}

/** Whether a tap now is the tail of a shielded one (and should be ignored). */
export function tapShielded(now: number = performance.now()): boolean {
  return now < shieldedUntil;
}

/** Tests: drop any shield. */
export function clearTapShield(): void {
  shieldedUntil = 0;
}
