import { randomInt } from 'node:crypto';
import { istDateKey } from '@app/domain';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export type TransactionIdPrefix = 'DEP' | 'WDR' | 'BON';

/**
 * A transaction id a player can read out to support: kind, IST date and 10 random characters, e.g.
 * 'WDR20261121K7Q2M9XH4T'. About 50 bits of randomness; the UNIQUE constraint refuses the unthinkable collision.
 */
export function newTransactionId(prefix: TransactionIdPrefix, nowMs = Date.now()): string {
  let random = '';
  for (let i = 0; i < 10; i += 1) random += ALPHABET[randomInt(ALPHABET.length)];
  return `${prefix}${istDateKey(nowMs).replaceAll('-', '')}${random}`;
}
