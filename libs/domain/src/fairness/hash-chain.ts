import { sha256 } from '@noble/hashes/sha2.js';
import { SEED_BYTES, seedBytes, toHex } from './seed-hex.js';

/**
 * The seed hash chain (DESIGN §3). A secret random tip seed[N] is generated once; seed[i−1] = SHA-256(seed[i]);
 * seed[0] is published as the commitment and never changes; the period drawn k-th (1 ≤ k ≤ N) uses seed[k].
 * Everything here except the commitment is secret until revealed.
 */

/** A source of cryptographically secure random bytes, e.g. `(n) => crypto.getRandomValues(new Uint8Array(n))`. */
export type RandomBytes = (byteCount: number) => Uint8Array;

function assertLength(length: number): void {
  if (!Number.isSafeInteger(length) || length < 1)
    throw new RangeError(`Chain length must be a positive integer, got ${String(length)}`);
}

function assertIndex(k: number, length: number): void {
  if (!Number.isSafeInteger(k) || k < 0 || k > length)
    throw new RangeError(`Seed index must be 0..${length}, got ${String(k)}`);
}

function hashTimes(bytes: Uint8Array, times: number): Uint8Array {
  let current = bytes;
  for (let i = 0; i < times; i += 1) current = sha256(current);
  return current;
}

/**
 * A new secret tip seed[N] from 32 bytes of the given random source (the library never draws randomness itself).
 * Throws when the source does not return exactly 32 bytes, or returns all zeros (a broken source).
 */
export function generateChainTip(randomBytes: RandomBytes): string {
  const bytes = randomBytes(SEED_BYTES);
  if (!(bytes instanceof Uint8Array) || bytes.length !== SEED_BYTES) {
    throw new RangeError(`The random source must return ${SEED_BYTES} bytes`);
  }
  if (bytes.every((b) => b === 0)) throw new RangeError('The random source returned only zeros');
  return toHex(bytes);
}

/** seed[k] of a chain of length N from its tip seed[N]: N − k hashes. */
export function seedAt(tipHex: string, length: number, k: number): string {
  assertLength(length);
  assertIndex(k, length);
  return toHex(hashTimes(seedBytes(tipHex), length - k));
}

/** seed[0], the public commitment, of a chain of length N: N hashes of the tip. */
export function chainCommitment(tipHex: string, length: number): string {
  return seedAt(tipHex, length, 0);
}

/**
 * Every `interval`-th seed of a chain, so that any seed[k] can be derived with at most `interval − 1` hashes
 * instead of up to N. `seeds[i]` is seed[min(i × interval, N)], for i = 0 … ceil(N / interval): seeds[0] is the
 * commitment and the last entry is the tip. As secret as the tip itself.
 */
export interface HashChainCheckpoints {
  readonly length: number;
  readonly interval: number;
  readonly seeds: readonly string[];
}

/** Walks the chain once (N hashes) from the tip and keeps every `interval`-th seed. */
export function buildChainCheckpoints(tipHex: string, length: number, interval: number): HashChainCheckpoints {
  assertLength(length);
  if (!Number.isSafeInteger(interval) || interval < 1)
    throw new RangeError(`Checkpoint interval must be a positive integer, got ${String(interval)}`);
  const count = Math.ceil(length / interval) + 1;
  const seeds: string[] = new Array<string>(count);
  let current = seedBytes(tipHex);
  seeds[count - 1] = toHex(current);
  for (let index = length - 1; index >= 0; index -= 1) {
    current = sha256(current);
    if (index % interval === 0) seeds[index / interval] = toHex(current);
  }
  return { length, interval, seeds };
}

/** seed[k] from checkpoints: starts at the nearest checkpoint at or above k, at most `interval − 1` hashes. */
export function seedFromCheckpoints(checkpoints: HashChainCheckpoints, k: number): string {
  const { length, interval, seeds } = checkpoints;
  assertIndex(k, length);
  const i = Math.ceil(k / interval);
  const checkpointIndex = Math.min(i * interval, length);
  const start = seeds[i];
  if (start === undefined) throw new RangeError('Checkpoints are incomplete');
  return toHex(hashTimes(seedBytes(start), checkpointIndex - k));
}

/** The commitment (seed[0]) recorded in checkpoints. */
export function checkpointsCommitment(checkpoints: HashChainCheckpoints): string {
  const first = checkpoints.seeds[0];
  if (first === undefined) throw new RangeError('Checkpoints are incomplete');
  return first;
}

export interface NewHashChain {
  /** seed[N]: secret. */
  readonly tipHex: string;
  /** seed[0]: published. */
  readonly commitmentHex: string;
  readonly checkpoints: HashChainCheckpoints;
}

/** Generates a new chain of length N from the random source, with its commitment and checkpoints. */
export function createHashChain(randomBytes: RandomBytes, length: number, interval: number): NewHashChain {
  const tipHex = generateChainTip(randomBytes);
  const checkpoints = buildChainCheckpoints(tipHex, length, interval);
  return { tipHex, commitmentHex: checkpointsCommitment(checkpoints), checkpoints };
}

/**
 * How long before its first period a chain's commitment must be published (DESIGN §3): 24 hours. A chain announced
 * later than that (the very first chain of a deployment, or one generated in a hurry) is flagged on the fairness page.
 */
export const CHAIN_NOTICE_MS = 24 * 3600 * 1000;

/** True when a chain announced at `announcedAtMs` was announced at least 24 hours before its first period started. */
export function announcedInTime(announcedAtMs: number, firstPeriodStartMs: number): boolean {
  return firstPeriodStartMs - announcedAtMs >= CHAIN_NOTICE_MS;
}
