import { rupeesToNearestPaise } from '@app/domain';

/**
 * The client's one boundary from the wire's rupee figures to the store's integer paise. The server sends rupee
 * numbers made from paise (at most 2 decimals); a figure finer than a paisa is rounded to the nearest (the domain's
 * `rupeesToNearestPaise`) rather than refused, and one that is not an amount at all counts as nothing, so a
 * malformed message never breaks a screen.
 */
export function wirePaise(rupees: number): number {
  try {
    return rupeesToNearestPaise(rupees);
  } catch {
    return 0;
  }
}
