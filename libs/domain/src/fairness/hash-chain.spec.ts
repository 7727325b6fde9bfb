import vectors from './fairness-vectors.json' with { type: 'json' };
import { hashSeed } from './draw.js';
import {
  buildChainCheckpoints,
  chainCommitment,
  checkpointsCommitment,
  createHashChain,
  generateChainTip,
  seedAt,
  seedFromCheckpoints,
} from './hash-chain.js';

const N = vectors.periods.length; // the vectors' tip is seed[6]

describe('seed hash chain — reference vectors', () => {
  it('the tip hashed N times is the published commitment', () => {
    expect(chainCommitment(vectors.tip, N)).toBe(vectors.commitment);
    expect(seedAt(vectors.tip, N, 0)).toBe(vectors.commitment);
  });

  it.each(vectors.periods)('seed[$k] is derived from the tip', (v) => {
    expect(seedAt(vectors.tip, N, v.k)).toBe(v.seed);
  });

  it('seed[N] is the tip itself', () => {
    expect(seedAt(vectors.tip, N, N)).toBe(vectors.tip);
  });

  it('refuses an index outside 0..N and a bad length', () => {
    expect(() => seedAt(vectors.tip, N, N + 1)).toThrow(RangeError);
    expect(() => seedAt(vectors.tip, N, -1)).toThrow(RangeError);
    expect(() => seedAt(vectors.tip, N, 1.5)).toThrow(RangeError);
    expect(() => seedAt(vectors.tip, 0, 0)).toThrow(RangeError);
  });
});

describe('checkpointed chain', () => {
  it.each([1, 2, 4, 6, 10])('with interval %i reproduces every vector seed and the commitment', (interval) => {
    const checkpoints = buildChainCheckpoints(vectors.tip, N, interval);
    expect(checkpointsCommitment(checkpoints)).toBe(vectors.commitment);
    expect(checkpoints.seeds.at(-1)).toBe(vectors.tip);
    expect(seedFromCheckpoints(checkpoints, 0)).toBe(vectors.commitment);
    for (const v of vectors.periods) expect(seedFromCheckpoints(checkpoints, v.k)).toBe(v.seed);
  });

  it('keeps seed[min(i × interval, N)] at position i', () => {
    const checkpoints = buildChainCheckpoints(vectors.tip, N, 4);
    expect(checkpoints.seeds).toEqual([vectors.commitment, vectors.periods[3]!.seed, vectors.tip]);
  });

  it('a longer chain: any seed from checkpoints equals the direct derivation, and links hash to their predecessor', () => {
    const tip = 'ab'.repeat(32);
    const length = 2_000;
    const checkpoints = buildChainCheckpoints(tip, length, 64);
    expect(checkpoints.seeds).toHaveLength(Math.ceil(length / 64) + 1);
    for (const k of [0, 1, 63, 64, 65, 127, 128, 1_000, 1_919, 1_920, 1_921, 1_999, 2_000]) {
      const seed = seedFromCheckpoints(checkpoints, k);
      expect(seed).toBe(seedAt(tip, length, k));
      if (k > 0) expect(hashSeed(seed)).toBe(seedFromCheckpoints(checkpoints, k - 1));
    }
  });

  it('refuses an index outside the chain and a bad interval', () => {
    const checkpoints = buildChainCheckpoints(vectors.tip, N, 2);
    expect(() => seedFromCheckpoints(checkpoints, N + 1)).toThrow(RangeError);
    expect(() => buildChainCheckpoints(vectors.tip, N, 0)).toThrow(RangeError);
  });
});

describe('a new chain from a supplied random source', () => {
  const fixedSource = (n: number) => Uint8Array.from({ length: n }, (_, i) => i + 1);

  it('the tip is the 32 random bytes in lowercase hex', () => {
    expect(generateChainTip(fixedSource)).toBe('0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20');
  });

  it('creates the commitment and checkpoints of the tip', () => {
    const chain = createHashChain(fixedSource, 100, 10);
    expect(chain.tipHex).toBe(generateChainTip(fixedSource));
    expect(chain.commitmentHex).toBe(chainCommitment(chain.tipHex, 100));
    expect(seedFromCheckpoints(chain.checkpoints, 37)).toBe(seedAt(chain.tipHex, 100, 37));
  });

  it('refuses a source that returns the wrong number of bytes or only zeros', () => {
    expect(() => generateChainTip((n) => new Uint8Array(n - 1).fill(7))).toThrow(RangeError);
    expect(() => generateChainTip((n) => new Uint8Array(n))).toThrow(RangeError);
  });
});
