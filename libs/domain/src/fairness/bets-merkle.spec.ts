import fc from 'fast-check';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import {
  betLeafHash,
  betLeafText,
  betsRoot,
  EMPTY_BETS_ROOT,
  inclusionProof,
  merkleRoot,
  verifyInclusion,
  type CommittedBet,
} from './bets-merkle.js';

const bet = (n: number, over: Partial<CommittedBet> = {}): CommittedBet => ({
  betId: `0190c0de-0000-7000-8000-${String(n).padStart(12, '0')}`,
  pseudonym: '5f0c3a5e-9b1d-4c7e-8a2f-0d9e8b7c6a51',
  game: 'color',
  choice: 'red',
  stake: 1000,
  ...over,
});

const h = (bytes: Uint8Array) => bytesToHex(sha256(bytes));
const cat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) out.set(p, (at += p.length) - p.length);
  return out;
};
const hex = hexToBytes;

describe('bets commitment — RFC 6962 Merkle tree', () => {
  it('a leaf is SHA-256(0x00 ‖ "betId|pseudonym|game|choice|stake")', () => {
    const b = bet(1, { game: 'number', choice: '7', stake: 50_000 });
    expect(betLeafText(b)).toBe(`${b.betId}|${b.pseudonym}|number|7|50000`);
    expect(betLeafHash(b)).toBe(h(cat(new Uint8Array([0]), utf8ToBytes(betLeafText(b)))));
  });

  it('roots of 0, 1, 2 and 3 leaves follow the RFC', () => {
    const [a, b, c] = [bet(1), bet(2), bet(3)].map(betLeafHash) as [string, string, string];
    const node = (l: string, r: string) => h(cat(new Uint8Array([1]), hex(l), hex(r)));
    expect(merkleRoot([])).toBe(EMPTY_BETS_ROOT);
    expect(EMPTY_BETS_ROOT).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(merkleRoot([a])).toBe(a);
    expect(merkleRoot([a, b])).toBe(node(a, b));
    expect(merkleRoot([a, b, c])).toBe(node(node(a, b), c));
  });

  it('the order is by bet id, whatever order the bets come in', () => {
    const bets = [bet(3), bet(1), bet(2)];
    expect(betsRoot(bets).root).toBe(betsRoot([...bets].reverse()).root);
    expect(betsRoot(bets).leaves[0]).toBe(betLeafHash(bet(1)));
  });

  it('changing, adding or removing one bet changes the root', () => {
    const bets = [bet(1), bet(2), bet(3), bet(4), bet(5)];
    const { root } = betsRoot(bets);
    expect(betsRoot([...bets.slice(0, 4), bet(5, { stake: 1001 })]).root).not.toBe(root);
    expect(betsRoot([...bets.slice(0, 4), bet(5, { choice: 'green' })]).root).not.toBe(root);
    expect(betsRoot([...bets, bet(6)]).root).not.toBe(root);
    expect(betsRoot(bets.slice(1)).root).not.toBe(root);
    // A duplicated last leaf (the weakness of trees that pad odd levels) is a different tree here.
    expect(betsRoot([...bets, bet(5)]).root).not.toBe(root);
  });

  it('every leaf of every tree size proves its inclusion, and nothing else does', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.nat(), (size, pick) => {
        const leaves = Array.from({ length: size }, (_, i) => betLeafHash(bet(i)));
        const root = merkleRoot(leaves);
        const index = pick % size;
        const proof = inclusionProof(leaves, index);
        expect(verifyInclusion({ leafHash: leaves[index]!, index, size, proof, root })).toBe(true);
        // Another leaf, another position or another root: refused. (The size is published with the root; a path alone
        // does not pin it for every position.)
        const other = betLeafHash(bet(size + 1));
        expect(verifyInclusion({ leafHash: other, index, size, proof, root })).toBe(false);
        if (size > 1)
          expect(verifyInclusion({ leafHash: leaves[index]!, index: (index + 1) % size, size, proof, root })).toBe(
            false,
          );
        expect(
          verifyInclusion({ leafHash: leaves[index]!, index, size, proof, root: merkleRoot([...leaves, other]) }),
        ).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it('malformed proofs are refused, not thrown', () => {
    const leaves = [bet(1), bet(2)].map(betLeafHash);
    const root = merkleRoot(leaves);
    expect(verifyInclusion({ leafHash: leaves[0]!, index: 0, size: 2, proof: ['zz'], root })).toBe(false);
    expect(verifyInclusion({ leafHash: leaves[0]!, index: 2, size: 2, proof: [leaves[1]!], root })).toBe(false);
    expect(verifyInclusion({ leafHash: leaves[0]!, index: 0, size: 2, proof: [], root })).toBe(false);
    expect(() => inclusionProof(leaves, 2)).toThrow(RangeError);
  });
});

describe('the level-by-level root is RFC 6962’s', () => {
  it('equals the recursive definition for every size up to 70', () => {
    const node = (l: Uint8Array, r: Uint8Array) => sha256(new Uint8Array([1, ...l, ...r]));
    const mth = (leaves: Uint8Array[]): Uint8Array => {
      if (leaves.length === 1) return leaves[0]!;
      let k = 1;
      while (k * 2 < leaves.length) k *= 2;
      return node(mth(leaves.slice(0, k)), mth(leaves.slice(k)));
    };
    for (let n = 1; n <= 70; n++) {
      const leaves = Array.from({ length: n }, (_, i) => hexToBytes(betLeafHash(bet(i))));
      expect(merkleRoot(leaves)).toBe(bytesToHex(mth(leaves)));
    }
  });
});
