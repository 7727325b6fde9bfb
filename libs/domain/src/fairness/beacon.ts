import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

/**
 * Public randomness from a drand beacon (DESIGN §3). A drand chain publishes, every `period` seconds from its
 * `genesisTime`, a numbered round: a BLS signature of that round number by the League of Entropy's threshold key,
 * and its randomness, SHA-256 of the signature. Nobody (drand's operators included, short of a threshold of them
 * colluding) can produce a round's signature before its time, and anyone can check it against the chain's public key.
 *
 * WinRound mixes into each period's draw the first round whose time is at or after the period's lock, so a result
 * does not exist, for anyone, while bets are still taken. Only "unchained" chains on G1 (RFC 9380 hashing, drand's
 * `bls-unchained-g1-rfc9380` scheme, e.g. quicknet) are accepted: each round stands alone, signed over SHA-256 of
 * the round number as 8 big-endian bytes.
 */

/** The one signature scheme accepted. */
export const BEACON_SCHEME = 'bls-unchained-g1-rfc9380';
/** The hash-to-curve domain separation tag of that scheme (signatures on G1). */
export const BEACON_DST = 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_';

/** What identifies a beacon chain and lets anyone verify its rounds. */
export interface BeaconChain {
  /** The chain hash (64 hex): the name relays serve it under (`/{hash}/public/{round}`). */
  readonly hash: string;
  /** The group public key on G2, compressed (192 hex). */
  readonly publicKey: string;
  /** Unix seconds of round 1. */
  readonly genesisTime: number;
  /** Seconds between rounds. */
  readonly period: number;
  readonly scheme: typeof BEACON_SCHEME;
}

/**
 * drand's "quicknet" on the League of Entropy mainnet (public values, https://api.drand.sh/{hash}/info): 3-s rounds
 * since 2023-08-23. The verifier in the browser names a beacon whose key is this one "drand quicknet".
 */
export const QUICKNET: BeaconChain = Object.freeze({
  hash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  publicKey:
    '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a',
  genesisTime: 1692803367,
  period: 3,
  scheme: BEACON_SCHEME,
});

/** Its public HTTP relays (the League of Entropy's); production lists its own choice in DRAND_URLS. */
export const QUICKNET_RELAYS: readonly string[] = Object.freeze([
  'https://api.drand.sh',
  'https://api2.drand.sh',
  'https://api3.drand.sh',
  'https://drand.cloudflare.com',
]);

/** One round as relays serve it (`GET /{hash}/public/{round}`), hex in lower case. */
export interface BeaconRound {
  readonly round: number;
  /** SHA-256 of the signature's bytes (64 hex). */
  readonly randomness: string;
  /** The BLS signature on G1, compressed (96 hex). */
  readonly signature: string;
}

const HEX = /^[0-9a-f]*$/;

/** True when `chain` is the well-known drand quicknet (same hash and key). */
export function isQuicknet(chain: Pick<BeaconChain, 'hash' | 'publicKey'>): boolean {
  return chain.hash === QUICKNET.hash && chain.publicKey === QUICKNET.publicKey;
}

/** Unix milliseconds at which `round` is produced. */
export function roundTimeMs(chain: Pick<BeaconChain, 'genesisTime' | 'period'>, round: number): number {
  return (chain.genesisTime + (round - 1) * chain.period) * 1000;
}

/** The first round produced at or after `timeMs` (never before round 1). */
export function firstRoundAtOrAfter(chain: Pick<BeaconChain, 'genesisTime' | 'period'>, timeMs: number): number {
  const sinceGenesis = timeMs - chain.genesisTime * 1000;
  if (sinceGenesis <= 0) return 1;
  return Math.ceil(sinceGenesis / (chain.period * 1000)) + 1;
}

/** What a round's signature signs: SHA-256 of the round number as 8 big-endian bytes. */
export function roundMessage(round: number): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(round));
  return sha256(bytes);
}

export type BeaconCheck =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly reason: 'malformed' | 'before-lock' | 'wrong-round' | 'randomness-mismatch' | 'bad-signature';
    };

/** True when `value` is a well-formed beacon round (types and hex lengths only; no cryptography). */
export function isBeaconRound(value: unknown): value is BeaconRound {
  if (typeof value !== 'object' || value === null) return false;
  const { round, randomness, signature } = value as Record<string, unknown>;
  return (
    Number.isSafeInteger(round) &&
    (round as number) >= 1 &&
    typeof randomness === 'string' &&
    randomness.length === 64 &&
    HEX.test(randomness) &&
    typeof signature === 'string' &&
    signature.length === 96 &&
    HEX.test(signature)
  );
}

/**
 * The pairing check of a short BLS signature (signature on G1, public key on G2, RFC 9380 hashing with BEACON_DST):
 * true when `signature` signs `message` under `publicKey`. The default runs @noble/curves in this thread, loaded on
 * first use (a separate chunk in the browser); a server may run the same check in a worker thread.
 */
export type BlsShortVerify = (signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array) => Promise<boolean>;

/**
 * Thrown by a BLS check that could not run at all (its module did not load, its worker stopped): a fault of the
 * verifying machine, not of the round, so verifyBeacon lets it through instead of calling the signature bad.
 */
export class BlsUnavailableError extends Error {
  override readonly name = 'BlsUnavailableError';
}

export const verifyShortSignature: BlsShortVerify = async (signature, message, publicKey) => {
  const { bls12_381 } = await import('@noble/curves/bls12-381.js');
  const scheme = bls12_381.shortSignatures;
  return scheme.verify(signature, scheme.hash(message, BEACON_DST), publicKey);
};

/**
 * Verifies one round against a chain: well-formed, the round expected (when given), randomness = SHA-256(signature),
 * and the BLS signature valid under the chain's public key (`bls`, by default in this thread).
 */
export async function verifyBeacon(
  chain: Pick<BeaconChain, 'publicKey' | 'scheme'>,
  beacon: BeaconRound,
  expectedRound?: number,
  bls: BlsShortVerify = verifyShortSignature,
): Promise<BeaconCheck> {
  if (!isBeaconRound(beacon) || chain.scheme !== BEACON_SCHEME) return { ok: false, reason: 'malformed' };
  if (expectedRound !== undefined && beacon.round !== expectedRound) return { ok: false, reason: 'wrong-round' };
  if (bytesToHex(sha256(hexToBytes(beacon.signature))) !== beacon.randomness)
    return { ok: false, reason: 'randomness-mismatch' };
  try {
    const valid = await bls(hexToBytes(beacon.signature), roundMessage(beacon.round), hexToBytes(chain.publicKey));
    return valid ? { ok: true } : { ok: false, reason: 'bad-signature' };
  } catch (error) {
    if (error instanceof BlsUnavailableError) throw error;
    // Bytes that are not a point of the curve (or not in its subgroup).
    return { ok: false, reason: 'bad-signature' };
  }
}

/**
 * Verifies the beacon of a period: the round must be the first produced at or after the period's lock (a round
 * before the lock existed while bets were taken; a later one could have been picked among several), and it must
 * verify against the chain.
 */
export async function verifyPeriodBeacon(
  chain: BeaconChain,
  lockAtMs: number,
  beacon: BeaconRound,
  bls?: BlsShortVerify,
): Promise<BeaconCheck> {
  if (!isBeaconRound(beacon)) return { ok: false, reason: 'malformed' };
  if (roundTimeMs(chain, beacon.round) < lockAtMs) return { ok: false, reason: 'before-lock' };
  return verifyBeacon(chain, beacon, firstRoundAtOrAfter(chain, lockAtMs), bls);
}
