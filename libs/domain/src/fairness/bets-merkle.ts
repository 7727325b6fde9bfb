import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The commitment to a period's bets (DESIGN §3): at the lock, once every partition has applied all it received
 * before it, the engine publishes the Merkle root of the period's accepted bets, before the result exists. Each
 * player can then check that their bet is in it (an inclusion proof), and nobody can add, remove or change a bet
 * afterwards without the root changing.
 *
 * The tree is RFC 6962's (Certificate Transparency): leaves hashed as SHA-256(0x00 ‖ leaf), nodes as
 * SHA-256(0x01 ‖ left ‖ right), a tree of n > 1 leaves split at the largest power of two below n (no leaf is ever
 * duplicated, so no two different bet lists share a root). Leaves are sorted by bet id (a UUID, compared as its
 * lower-case text); a leaf is the UTF-8 text `betId|pseudonym|game|choice|stakePaise`.
 */

/** One accepted bet as the commitment names it: no user id, a per-player pseudonym instead. */
export interface CommittedBet {
  readonly betId: string;
  /** The player's pseudonym (stable per player, unrelated to the user id). */
  readonly pseudonym: string;
  readonly game: string;
  readonly choice: string;
  /** The stake in paise. */
  readonly stake: number;
}

/** The root of no bets at all: SHA-256 of the empty string. */
export const EMPTY_BETS_ROOT = bytesToHex(sha256(new Uint8Array(0)));

/** The leaf text of a bet (what its leaf hash hashes after the 0x00 prefix). */
export function betLeafText(bet: CommittedBet): string {
  return `${bet.betId.toLowerCase()}|${bet.pseudonym.toLowerCase()}|${bet.game}|${bet.choice}|${bet.stake}`;
}

/** SHA-256(0x00 ‖ leaf text), as hex. */
export function betLeafHash(bet: CommittedBet): string {
  const text = utf8ToBytes(betLeafText(bet));
  const bytes = new Uint8Array(text.length + 1);
  bytes.set(text, 1);
  return bytesToHex(sha256(bytes));
}

/** A SHA-256 implementation (the engine passes Node's, which is faster than the portable one). */
export type Sha256 = (bytes: Uint8Array) => Uint8Array;

function node(left: Uint8Array, right: Uint8Array, hash: Sha256 = sha256): Uint8Array {
  const bytes = new Uint8Array(65);
  bytes[0] = 1;
  bytes.set(left, 1);
  bytes.set(right, 33);
  return hash(bytes);
}

/** The largest power of two strictly below n (n ≥ 2). */
function split(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

function rootOf(leaves: readonly Uint8Array[], from: number, to: number, hash: Sha256): Uint8Array {
  const n = to - from;
  if (n === 1) return leaves[from]!;
  const k = split(n);
  return node(rootOf(leaves, from, from + k, hash), rootOf(leaves, from + k, to, hash), hash);
}

function toBytes(hashes: readonly (string | Uint8Array)[]): Uint8Array[] {
  return hashes.map((h) => (typeof h === 'string' ? hexToBytes(h) : h));
}

/**
 * The Merkle tree hash of leaf hashes already in canonical order (hex or raw 32 bytes). Built level by level, a lone
 * last node carried up unchanged: the same tree as RFC 6962's split at the largest power of two.
 */
export function merkleRoot(leafHashes: readonly (string | Uint8Array)[], hash: Sha256 = sha256): string {
  if (leafHashes.length === 0) return EMPTY_BETS_ROOT;
  let level = toBytes(leafHashes);
  while (level.length > 1) {
    const up: Uint8Array[] = [];
    for (let i = 0; i + 1 < level.length; i += 2) up.push(node(level[i]!, level[i + 1]!, hash));
    if (level.length % 2 === 1) up.push(level[level.length - 1]!);
    level = up;
  }
  return bytesToHex(level[0]!);
}

/** Sorts bets canonically (by bet id) and returns their root and leaf hashes. */
export function betsRoot(bets: readonly CommittedBet[]): { root: string; leaves: string[] } {
  const sorted = [...bets].sort((a, b) => compareIds(a.betId, b.betId));
  const leaves = sorted.map(betLeafHash);
  return { root: merkleRoot(leaves), leaves };
}

/** Canonical order of bet ids: their lower-case text, compared code unit by code unit. */
export function compareIds(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The audit path of leaf `index` (RFC 6962 §2.1.1): sibling hashes from the leaf up, as hex. */
export function inclusionProof(
  leafHashes: readonly (string | Uint8Array)[],
  index: number,
  hash: Sha256 = sha256,
): string[] {
  const leaves = toBytes(leafHashes);
  if (!Number.isSafeInteger(index) || index < 0 || index >= leaves.length)
    throw new RangeError('The leaf index is outside the tree');
  const path: Uint8Array[] = [];
  const walk = (from: number, to: number, m: number) => {
    const n = to - from;
    if (n === 1) return;
    const k = split(n);
    if (m < k) {
      walk(from, from + k, m);
      path.push(rootOf(leaves, from + k, to, hash));
    } else {
      walk(from + k, to, m - k);
      path.push(rootOf(leaves, from, from + k, hash));
    }
  };
  walk(0, leaves.length, index);
  return path.map(bytesToHex);
}

/**
 * True when `leafHash` is leaf `index` of a tree of `size` leaves whose root is `root`, by the audit path `proof`
 * (RFC 9162 §2.1.3.2). Anything malformed is false.
 */
export function verifyInclusion(input: {
  leafHash: string;
  index: number;
  size: number;
  proof: readonly string[];
  root: string;
}): boolean {
  const { leafHash, index, size, proof, root } = input;
  const hex = /^[0-9a-f]{64}$/;
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(size) || index < 0 || index >= size) return false;
  if (!hex.test(leafHash) || !hex.test(root) || !proof.every((p) => hex.test(p))) return false;
  let fn = index;
  let sn = size - 1;
  let r: Uint8Array = hexToBytes(leafHash);
  for (const p of proof) {
    if (sn === 0) return false;
    const sibling = hexToBytes(p);
    if (fn % 2 === 1 || fn === sn) {
      r = node(sibling, r);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      r = node(r, sibling);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && bytesToHex(r) === root;
}
