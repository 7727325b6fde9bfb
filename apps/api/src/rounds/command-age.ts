import { PLACE_BET_MAX_AGE_MS } from '@app/contracts';

/** The refusal of a place-bet that reached the server too late (or stamped too far ahead): it is never applied. */
export const STALE_BET_MESSAGE = 'Your bet reached the server too late and was not placed. Please try again.';

/**
 * Is a place-bet's `sentAt` (server time, epoch ms) acceptable at `now`? `'invalid'` when it is not a finite number,
 * `'stale'` when it is more than `maxAgeMs` old (or ahead: a wrong clock), `'ok'` otherwise. An absent sentAt (an
 * older client) is `'ok'`. A bet buffered while offline and delivered on reconnection carries its original stamp,
 * so it is refused.
 */
export function commandAge(
  sentAt: unknown,
  now: number,
  maxAgeMs: number = PLACE_BET_MAX_AGE_MS,
): 'ok' | 'stale' | 'invalid' {
  if (sentAt === undefined) return 'ok';
  if (typeof sentAt !== 'number' || !Number.isFinite(sentAt)) return 'invalid';
  return Math.abs(now - sentAt) > maxAgeMs ? 'stale' : 'ok';
}
