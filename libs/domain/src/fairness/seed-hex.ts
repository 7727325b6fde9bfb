import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

/** Seeds and hashes are 32 raw bytes, shown as 64 lowercase hex characters. */
export const SEED_BYTES = 32;

const SEED_HEX = /^[0-9a-fA-F]{64}$/;

/** True when `value` is 64 hex characters (either case; output is always lowercase). */
export function isSeedHex(value: unknown): value is string {
  return typeof value === 'string' && SEED_HEX.test(value);
}

/** The 32 raw bytes of a seed given as hex; throws a RangeError for anything else. */
export function seedBytes(seedHex: string): Uint8Array {
  if (!isSeedHex(seedHex)) throw new RangeError('A seed is 32 bytes written as 64 hex characters');
  return hexToBytes(seedHex.toLowerCase());
}

/** Lowercase hex of raw bytes. */
export function toHex(bytes: Uint8Array): string {
  return bytesToHex(bytes);
}
