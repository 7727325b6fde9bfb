import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import vectors from './fairness-vectors.json' with { type: 'json' };
import beaconVectors from './beacon-vectors.json' with { type: 'json' };
import quicknet from './quicknet-beacons.json' with { type: 'json' };
import {
  REJECT_THRESHOLD,
  digitFromBlocks,
  digitFromWords,
  drawDigit,
  drawResult,
  hashSeed,
  verifyPeriod,
  verifyReveal,
} from './draw.js';

/** 32 bytes made of eight big-endian words. */
function wordsToBytes(words: number[]): Uint8Array {
  const bytes = new Uint8Array(words.length * 4);
  words.forEach((word, i) => {
    bytes[i * 4] = Math.floor(word / 0x1000000) & 0xff;
    bytes[i * 4 + 1] = (word >>> 16) & 0xff;
    bytes[i * 4 + 2] = (word >>> 8) & 0xff;
    bytes[i * 4 + 3] = word & 0xff;
  });
  return bytes;
}

const ALL_REJECTED = wordsToBytes(Array<number>(8).fill(0xffffffff));

describe('provably fair draw — reference vectors (fairness-vectors.json)', () => {
  it.each(vectors.periods)('period $periodId (k=$k) draws digit $digit, $color, $bigSmall', (v) => {
    expect(hashSeed(v.seed)).toBe(v.seedHash);
    expect(drawDigit(v.seed, v.periodId)).toEqual({ hmacHex: v.hmac, digit: v.digit });
    expect(drawResult(v.seed, v.periodId)).toEqual({
      digit: v.digit,
      color: v.color,
      bigSmall: v.bigSmall,
      hmacHex: v.hmac,
    });
  });

  it('the first period’s seed hashes to the published commitment', () => {
    expect(hashSeed(vectors.periods[0]!.seed)).toBe(vectors.commitment);
  });

  it('each revealed seed hashes to the previous period’s revealed seed', () => {
    for (let i = 1; i < vectors.periods.length; i += 1) {
      expect(hashSeed(vectors.periods[i]!.seed)).toBe(vectors.periods[i - 1]!.seed);
    }
  });

  it('the last period uses the tip', () => {
    expect(vectors.periods.at(-1)!.seed).toBe(vectors.tip);
  });

  it('hashes the raw 32 bytes, not the hex text, and keys the HMAC with the raw bytes', () => {
    const v = vectors.periods[0]!;
    expect(hashSeed(v.seed)).toBe(bytesToHex(sha256(hexToBytes(v.seed))));
    expect(drawDigit(v.seed, v.periodId).hmacHex).toBe(
      bytesToHex(hmac(sha256, hexToBytes(v.seed), new TextEncoder().encode(v.periodId))),
    );
  });

  it('accepts an upper-case seed and still answers in lower case', () => {
    const v = vectors.periods[1]!;
    expect(hashSeed(v.seed.toUpperCase())).toBe(v.seedHash);
    expect(drawDigit(v.seed.toUpperCase(), v.periodId)).toEqual({ hmacHex: v.hmac, digit: v.digit });
  });

  it('refuses a seed that is not 32 bytes of hex, and an empty period id', () => {
    expect(() => hashSeed('abc')).toThrow(RangeError);
    expect(() => hashSeed(vectors.tip + '00')).toThrow(RangeError);
    expect(() => drawDigit('zz'.repeat(32), '202611210001')).toThrow(RangeError);
    expect(() => drawDigit(vectors.tip, '')).toThrow(RangeError);
  });

  it('a different period id with the same seed gives a different HMAC', () => {
    expect(drawDigit(vectors.tip, '202611210007').hmacHex).not.toBe(drawDigit(vectors.tip, '202611210006').hmacHex);
  });
});

describe('reading words and rejecting the top of the range', () => {
  it('the threshold is the largest multiple of 10 not above 2^32', () => {
    expect(REJECT_THRESHOLD).toBe(4_294_967_290);
    expect(REJECT_THRESHOLD % 10).toBe(0);
    expect(2 ** 32 - REJECT_THRESHOLD).toBeLessThan(10);
  });

  it('reads the first word big-endian: 0x00000007 → 7, 0x0000000c (12) → 2', () => {
    expect(digitFromWords(wordsToBytes([7, 1, 1, 1, 1, 1, 1, 1]))).toBe(7);
    expect(digitFromWords(wordsToBytes([12, 1, 1, 1, 1, 1, 1, 1]))).toBe(2);
    expect(digitFromWords(Uint8Array.from([0x01, 0x00, 0x00, 0x00, ...new Uint8Array(28)]))).toBe(16_777_216 % 10);
  });

  it('rejects 4,294,967,290 and above, accepts 4,294,967,289 (→ 9)', () => {
    expect(digitFromWords(wordsToBytes([4_294_967_290, 4_294_967_289, 0, 0, 0, 0, 0, 0]))).toBe(9);
    expect(digitFromWords(wordsToBytes([0xffffffff, 0xfffffffa, 0xfffffffb, 15, 0, 0, 0, 0]))).toBe(5);
  });

  it('takes the first accepted word even if it is the eighth', () => {
    expect(digitFromWords(wordsToBytes([...Array<number>(7).fill(0xffffffff), 1_234_567_893]))).toBe(3);
  });

  it('returns null when all eight words are rejected', () => {
    expect(digitFromWords(ALL_REJECTED)).toBeNull();
    expect(digitFromWords(wordsToBytes(Array<number>(8).fill(REJECT_THRESHOLD)))).toBeNull();
  });

  it('when a block is fully rejected, continues with the next block derived from the previous output', () => {
    const seen: string[] = [];
    const second = wordsToBytes([0xfffffffe, 4_000_000_004, 0, 0, 0, 0, 0, 0]);
    const digit = digitFromBlocks(ALL_REJECTED, (previous) => {
      seen.push(bytesToHex(previous));
      return second;
    });
    expect(digit).toBe(4);
    expect(seen).toEqual([bytesToHex(ALL_REJECTED)]);
  });

  it('keeps going for several rejected blocks', () => {
    let calls = 0;
    const digit = digitFromBlocks(ALL_REJECTED, () => {
      calls += 1;
      return calls < 3 ? ALL_REJECTED : wordsToBytes([8, 0, 0, 0, 0, 0, 0, 0]);
    });
    expect(digit).toBe(8);
    expect(calls).toBe(3);
  });

  it('the continuation of the real draw is HMAC(seed, previous output) (checked through digitFromBlocks)', () => {
    const seed = hexToBytes(vectors.tip);
    const next = (previous: Uint8Array) => hmac(sha256, seed, previous);
    const viaBlocks = digitFromBlocks(ALL_REJECTED, next);
    expect(viaBlocks).toBe(digitFromWords(hmac(sha256, seed, ALL_REJECTED)));
  });
});

describe('verifying a reveal', () => {
  const [p1, p2] = vectors.periods;

  it('SHA-256 of the revealed seed equals the hash published before the period', () => {
    expect(verifyReveal({ seedHex: p1!.seed, expectedHashHex: vectors.commitment })).toBe(true);
    expect(verifyReveal({ seedHex: p2!.seed, expectedHashHex: p1!.seed })).toBe(true);
    expect(verifyReveal({ seedHex: p2!.seed, expectedHashHex: p1!.seed.toUpperCase() })).toBe(true);
  });

  it('a seed that does not hash to the published value fails', () => {
    expect(verifyReveal({ seedHex: p2!.seed, expectedHashHex: vectors.commitment })).toBe(false);
    expect(verifyReveal({ seedHex: 'not hex', expectedHashHex: vectors.commitment })).toBe(false);
    expect(verifyReveal({ seedHex: p1!.seed, expectedHashHex: 'short' })).toBe(false);
  });
});

describe('verifying a period on the fairness page', () => {
  const v = vectors.periods[2]!;
  const previous = vectors.periods[1]!;

  it('passes when the seed matches and the published result is the recomputed one', () => {
    const report = verifyPeriod({
      periodId: v.periodId,
      seedHex: v.seed,
      expectedHashHex: previous.seed,
      published: { digit: v.digit, color: v.color, bigSmall: v.bigSmall },
    });
    expect(report).toEqual({
      seedMatchesHash: true,
      computed: { digit: 6, color: 'red', bigSmall: 'big', hmacHex: v.hmac },
      resultMatches: true,
      ok: true,
    });
  });

  it('passes with only the digit published, or nothing published', () => {
    expect(
      verifyPeriod({ periodId: v.periodId, seedHex: v.seed, expectedHashHex: previous.seed, published: { digit: 6 } })
        .ok,
    ).toBe(true);
    expect(verifyPeriod({ periodId: v.periodId, seedHex: v.seed, expectedHashHex: previous.seed }).ok).toBe(true);
  });

  it('fails when the published digit differs', () => {
    const report = verifyPeriod({
      periodId: v.periodId,
      seedHex: v.seed,
      expectedHashHex: previous.seed,
      published: { digit: 3 },
    });
    expect(report.seedMatchesHash).toBe(true);
    expect(report.resultMatches).toBe(false);
    expect(report.ok).toBe(false);
  });

  it('fails when the published colour differs', () => {
    const report = verifyPeriod({
      periodId: v.periodId,
      seedHex: v.seed,
      expectedHashHex: previous.seed,
      published: { digit: 6, color: 'green' },
    });
    expect(report.ok).toBe(false);
  });

  it('fails when the seed does not hash to the published hash', () => {
    const report = verifyPeriod({
      periodId: v.periodId,
      seedHex: v.seed,
      expectedHashHex: vectors.commitment,
      published: { digit: 6 },
    });
    expect(report.seedMatchesHash).toBe(false);
    expect(report.resultMatches).toBe(true);
    expect(report.ok).toBe(false);
  });

  it('fails without throwing for a malformed seed', () => {
    const report = verifyPeriod({
      periodId: v.periodId,
      seedHex: 'xyz',
      expectedHashHex: previous.seed,
      published: { digit: 6 },
    });
    expect(report).toEqual({ seedMatchesHash: false, computed: null, resultMatches: false, ok: false });
  });

  it('the same seed for another period id does not reproduce the result', () => {
    const report = verifyPeriod({
      periodId: '202611210004',
      seedHex: v.seed,
      expectedHashHex: previous.seed,
      published: { digit: 6 },
    });
    expect(report.computed!.hmacHex).not.toBe(v.hmac);
  });
});

describe('provably fair draw mixed with a beacon — beacon-vectors.json (real quicknet rounds)', () => {
  it.each(beaconVectors.periods)('period $periodId (k=$k) with round $beaconRound draws $digit', (v) => {
    expect(hashSeed(v.seed)).toBe(v.seedHash);
    expect(drawDigit(v.seed, v.periodId, v.beaconRandomness)).toEqual({ hmacHex: v.hmac, digit: v.digit });
    expect(drawResult(v.seed, v.periodId, v.beaconRandomness)).toEqual({
      digit: v.digit,
      color: v.color,
      bigSmall: v.bigSmall,
      hmacHex: v.hmac,
    });
    expect(
      verifyPeriod({
        periodId: v.periodId,
        seedHex: v.seed,
        expectedHashHex: v.seedHash,
        beaconRandomnessHex: v.beaconRandomness,
        published: { digit: v.digit },
      }).ok,
    ).toBe(true);
  });

  it('uses the same chain as the chain-only vectors', () => {
    expect(beaconVectors.commitment).toBe(vectors.commitment);
    const randomness = new Set(beaconVectors.periods.map((v) => v.beaconRandomness));
    expect(randomness).toEqual(new Set(quicknet.rounds.map((r) => r.randomness)));
  });

  it('the message is the period id followed by the 32 raw randomness bytes', () => {
    const v = beaconVectors.periods[0]!;
    const message = new Uint8Array([...new TextEncoder().encode(v.periodId), ...hexToBytes(v.beaconRandomness)]);
    expect(drawDigit(v.seed, v.periodId, v.beaconRandomness).hmacHex).toBe(
      bytesToHex(hmac(sha256, hexToBytes(v.seed), message)),
    );
  });

  it('the beacon changes the draw: the same seed and period give another HMAC without it, or with another round', () => {
    const v = beaconVectors.periods[0]!;
    const w = beaconVectors.periods[1]!;
    expect(drawDigit(v.seed, v.periodId).hmacHex).not.toBe(v.hmac);
    expect(w.periodId).toBe(v.periodId);
    expect(w.hmac).not.toBe(v.hmac);
  });

  it('a published result is refused against the wrong beacon', () => {
    const v = beaconVectors.periods.find((p) => drawDigit(p.seed, p.periodId).digit !== p.digit)!;
    expect(
      verifyPeriod({
        periodId: v.periodId,
        seedHex: v.seed,
        expectedHashHex: v.seedHash,
        published: { digit: v.digit },
      }).resultMatches,
    ).toBe(false);
    expect(
      verifyPeriod({
        periodId: v.periodId,
        seedHex: v.seed,
        expectedHashHex: v.seedHash,
        beaconRandomnessHex: 'xyz',
        published: { digit: v.digit },
      }).ok,
    ).toBe(false);
  });
});
