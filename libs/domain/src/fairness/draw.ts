import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import type { RoundResult } from '../games/outcome.js';
import { resultFromDigit } from '../games/outcome.js';
import { isSeedHex, seedBytes, toHex } from './seed-hex.js';

/**
 * The provably-fair draw (DESIGN §3). The period drawn k-th uses seed[k]; its digit comes from
 * HMAC-SHA256(key = seed bytes, message = periodId in UTF-8 ‖ the beacon's 32 randomness bytes): the 32-byte output
 * is read as eight 4-byte big-endian words; a word ≥ 4,294,967,290 is rejected (so that value mod 10 is uniform), the
 * first accepted word gives digit = value mod 10. In the vanishing case that all eight are rejected the draw continues
 * with HMAC-SHA256(key = seed, message = the previous 32-byte output).
 *
 * The beacon is the first drand round at or after the period's lock (beacon.ts): it did not exist while bets were
 * taken, so nobody, the operator included, could know the digit then. Without a beacon (`FAIRNESS_BEACON=none`, or
 * periods drawn before the beacon was introduced) the message is the period id alone: the chain-only rule of
 * fairness-vectors.json.
 */

/** Words at or above this are rejected: 4,294,967,290 = 429,496,729 × 10, the largest multiple of 10 ≤ 2^32. */
export const REJECT_THRESHOLD = 4_294_967_290;

/** SHA-256 of a seed's raw bytes, as hex. Applied to seed[k] it gives seed[k−1], the previous link. */
export function hashSeed(seedHex: string): string {
  return toHex(sha256(seedBytes(seedHex)));
}

/**
 * Reads `bytes` as consecutive 4-byte big-endian words and returns the first accepted word mod 10, or null when
 * every word is rejected (≥ REJECT_THRESHOLD). A trailing partial word is ignored.
 */
export function digitFromWords(bytes: Uint8Array): number | null {
  for (let offset = 0; offset + 4 <= bytes.length; offset += 4) {
    const value =
      bytes[offset]! * 0x1_00_00_00 + (bytes[offset + 1]! << 16) + (bytes[offset + 2]! << 8) + bytes[offset + 3]!;
    if (value < REJECT_THRESHOLD) return value % 10;
  }
  return null;
}

export interface DigitDraw {
  /** Lowercase hex of the first HMAC output, HMAC-SHA256(seed, periodId ‖ beacon) — the value a verifier recomputes. */
  readonly hmacHex: string;
  readonly digit: number;
}

/**
 * The digit from a stream of 32-byte blocks: the first accepted word of `first`, else of `nextBlock(first)`, else
 * of `nextBlock(nextBlock(first))`, … The draw passes `nextBlock = previous ⇒ HMAC-SHA256(seed, previous)`.
 */
export function digitFromBlocks(first: Uint8Array, nextBlock: (previous: Uint8Array) => Uint8Array): number {
  let block = first;
  for (;;) {
    const digit = digitFromWords(block);
    if (digit !== null) return digit;
    block = nextBlock(block);
  }
}

/** The HMAC message of a draw: the period id in UTF-8, then the beacon's 32 raw randomness bytes when there is one. */
export function drawMessage(periodId: string, beaconRandomnessHex?: string | null): Uint8Array {
  if (typeof periodId !== 'string' || periodId.length === 0) throw new RangeError('A period id is required');
  const id = utf8ToBytes(periodId);
  if (beaconRandomnessHex === undefined || beaconRandomnessHex === null) return id;
  const randomness = seedBytes(beaconRandomnessHex);
  const message = new Uint8Array(id.length + randomness.length);
  message.set(id);
  message.set(randomness, id.length);
  return message;
}

/** Draws the digit of `periodId` from its seed, mixed with the beacon's randomness when given (64 hex). */
export function drawDigit(seedHex: string, periodId: string, beaconRandomnessHex?: string | null): DigitDraw {
  const message = drawMessage(periodId, beaconRandomnessHex);
  const key = seedBytes(seedHex);
  const first = hmac(sha256, key, message);
  const digit = digitFromBlocks(first, (previous) => hmac(sha256, key, previous));
  return { hmacHex: toHex(first), digit };
}

export interface DrawResult extends RoundResult {
  readonly hmacHex: string;
}

/** Draws the full result of `periodId`: digit, colour, big/small and the HMAC shown for verification. */
export function drawResult(seedHex: string, periodId: string, beaconRandomnessHex?: string | null): DrawResult {
  const { hmacHex, digit } = drawDigit(seedHex, periodId, beaconRandomnessHex);
  return { ...resultFromDigit(digit), hmacHex };
}

/** True when SHA-256 of the revealed seed equals the hash published before the period (seed[k−1]). */
export function verifyReveal(input: { readonly seedHex: string; readonly expectedHashHex: string }): boolean {
  if (!isSeedHex(input.seedHex) || !isSeedHex(input.expectedHashHex)) return false;
  return hashSeed(input.seedHex) === input.expectedHashHex.toLowerCase();
}

export interface VerifyPeriodInput {
  readonly periodId: string;
  /** seed[k], revealed after the period closed. */
  readonly seedHex: string;
  /** seed[k−1], published before the period opened (the previous period's revealed seed, or the commitment). */
  readonly expectedHashHex: string;
  /** The randomness of the period's beacon round (64 hex), when the period was drawn with one. */
  readonly beaconRandomnessHex?: string | null;
  /** The result the platform published, to compare with the recomputed one. */
  readonly published?: { readonly digit: number; readonly color?: string; readonly bigSmall?: string };
}

export interface VerifyPeriodReport {
  /** SHA-256(seed) equals the previously published hash. */
  readonly seedMatchesHash: boolean;
  /** The result recomputed from the seed and period id, or null when the seed is not 64 hex characters. */
  readonly computed: DrawResult | null;
  /** The published result equals the recomputed one (true when nothing was published to compare). */
  readonly resultMatches: boolean;
  /** Both checks pass. */
  readonly ok: boolean;
}

/** Everything the fairness page checks for one period, recomputed in the browser. */
export function verifyPeriod(input: VerifyPeriodInput): VerifyPeriodReport {
  const seedMatchesHash = verifyReveal({ seedHex: input.seedHex, expectedHashHex: input.expectedHashHex });
  const beacon = input.beaconRandomnessHex;
  const usable =
    isSeedHex(input.seedHex) && !!input.periodId && (beacon === undefined || beacon === null || isSeedHex(beacon));
  const computed = usable ? drawResult(input.seedHex, input.periodId, beacon) : null;
  const published = input.published;
  const resultMatches =
    computed !== null &&
    (published === undefined ||
      (published.digit === computed.digit &&
        (published.color === undefined || published.color === computed.color) &&
        (published.bigSmall === undefined || published.bigSmall === computed.bigSmall)));
  return { seedMatchesHash, computed, resultMatches, ok: seedMatchesHash && resultMatches };
}
