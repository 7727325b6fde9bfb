import { PAISE_PER_RUPEE } from '@app/domain';

/**
 * The client's one boundary from the wire's rupee figures to the store's integer paise. The server sends rupee
 * numbers made from paise (at most 2 decimals); a figure finer than a paisa is rounded rather than refused, and one
 * that is not a finite number counts as nothing, so a malformed message never breaks a screen.
 */
export function wirePaise(rupees: number): number {
  if (typeof rupees !== 'number' || !Number.isFinite(rupees)) return 0;
  const paise = Math.round(rupees * PAISE_PER_RUPEE);
  return Number.isSafeInteger(paise) && paise !== 0 ? paise : 0;
}
