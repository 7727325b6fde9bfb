import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/** What drand hashes into a chain's hash: the fields of its `/info` that never change. */
export interface ChainHashInput {
  /** Seconds between rounds. */
  readonly period: number;
  /** Unix seconds of round 1. */
  readonly genesisTime: number;
  /** The group public key, compressed (hex). */
  readonly publicKey: string;
  /** drand's genesis seed (`groupHash` in `/info`, hex). */
  readonly groupHash: string;
  /** `metadata.beaconID` in `/info` ('' or 'default' for drand's first chain, which hashes no ID). */
  readonly beaconId?: string;
}

/**
 * A drand chain's hash as drand computes it (chain `Info.Hash()`): SHA-256 of the period (uint32, big-endian), the
 * genesis time (int64, big-endian), the public key's bytes, the genesis seed, and the beacon ID unless it is the
 * default. The hash names the chain on relays; recomputing it from a relay's `/info` proves that the relay reports
 * the real genesis time and period (which decide what round a period uses), not only the real key.
 */
export function drandChainHash(input: ChainHashInput): string {
  const head = new Uint8Array(12);
  const view = new DataView(head.buffer);
  view.setUint32(0, input.period);
  view.setBigInt64(4, BigInt(input.genesisTime));
  const id = input.beaconId === undefined || input.beaconId === 'default' ? '' : input.beaconId;
  return bytesToHex(
    sha256(concatBytes(head, hexToBytes(input.publicKey), hexToBytes(input.groupHash), utf8ToBytes(id))),
  );
}
