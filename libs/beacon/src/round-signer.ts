import { bls12_381 } from '@noble/curves/bls12-381.js';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { BEACON_DST, roundMessage, type BeaconRound } from '@app/domain';
import { LruCache } from './lru.js';

const scheme = bls12_381.shortSignatures;

/** How many signed rounds a signer keeps (signing one costs milliseconds; a relay is asked the same few rounds). */
const CACHE_ROUNDS = 256;

/**
 * Signs drand rounds the way quicknet does (`bls-unchained-g1-rfc9380`: a BLS signature on G1 of SHA-256 of the
 * round number, public key on G2) with a key of its own: the local beacon's. Not a threshold key and not secret
 * from whoever runs it: for development, tests and benchmarks only.
 */
export class RoundSigner {
  /** The public key on G2, compressed (192 hex). */
  readonly publicKey: string;
  private readonly secretKey: Uint8Array;
  private readonly signed = new LruCache<number, BeaconRound>(CACHE_ROUNDS);

  /** A key derived from `seed` (the same text, the same key), or a random one. */
  constructor(seed?: string) {
    // keygen reduces 48 bytes into a scalar of the curve's order (uniform, never zero).
    const keySeed =
      seed === undefined
        ? undefined
        : sha512(utf8ToBytes(`winround local beacon key\n${seed}`)).slice(0, scheme.lengths.seed);
    const { secretKey, publicKey } = scheme.keygen(keySeed);
    this.secretKey = secretKey;
    this.publicKey = publicKey.toHex(true);
  }

  /** Round `round` signed by this key, as a relay serves it (randomness = SHA-256 of the signature). */
  sign(round: number): BeaconRound {
    const cached = this.signed.get(round);
    if (cached) return cached;
    const signature = scheme.sign(scheme.hash(roundMessage(round), BEACON_DST), this.secretKey);
    const beacon: BeaconRound = Object.freeze({
      round,
      randomness: bytesToHex(sha256(signature.toBytes(true))),
      signature: signature.toHex(true),
    });
    this.signed.set(round, beacon);
    return beacon;
  }
}
