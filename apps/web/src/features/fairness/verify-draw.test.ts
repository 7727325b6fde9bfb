import vectors from '../../../../../libs/domain/src/fairness/fairness-vectors.json';
import { chainSteps, verifyDraw, verifyRefunded } from './verify-draw';

type Vector = (typeof vectors.periods)[number];

const published = (v: Vector) => ({ digit: v.digit, color: v.color, bigSmall: v.bigSmall });
const marks = (v: ReturnType<typeof verifyDraw>) => Object.fromEntries(v.checks.map((c) => [c.key, c.ok]));

describe('verifying a period in the browser', () => {
  test.each(vectors.periods.map((v, i) => [v.periodId, v, vectors.periods[i - 1]] as const))(
    'reference period %s verifies: hash link, digit, colour and big/small',
    (_id, v, previous) => {
      const report = verifyDraw({
        periodId: v.periodId,
        seed: v.seed,
        expectedHash: v.seedHash,
        published: published(v),
        previousSeed: previous?.seed ?? null,
      });
      expect(marks(report)).toEqual({ hashLink: true, digit: true, color: true, bigSmall: true });
      expect(report.ok).toBe(true);
      expect(report.computed).toMatchObject({ digit: v.digit, color: v.color, bigSmall: v.bigSmall, hmacHex: v.hmac });
    },
  );

  test('the first period hangs from the commitment', () => {
    const first = vectors.periods[0]!;
    expect(first.seedHash).toBe(vectors.commitment);
    expect(verifyDraw({ periodId: first.periodId, seed: first.seed, expectedHash: vectors.commitment }).checks[0]!.ok).toBe(true);
  });

  test('a seed that does not hash to the published hash fails the hash link', () => {
    const [a, b] = vectors.periods;
    const report = verifyDraw({ periodId: a!.periodId, seed: b!.seed, expectedHash: a!.seedHash, published: published(a!) });
    expect(marks(report).hashLink).toBe(false);
    expect(report.ok).toBe(false);
  });

  test('a published digit the seed does not give fails the digit (and what follows from it)', () => {
    const v = vectors.periods[1]!; // digit 4: red, small
    const report = verifyDraw({
      periodId: v.periodId,
      seed: v.seed,
      expectedHash: v.seedHash,
      published: { digit: 5, color: 'violet', bigSmall: 'big' },
    });
    expect(marks(report)).toEqual({ hashLink: true, digit: false, color: false, bigSmall: false });
    expect(report.checks.find((c) => c.key === 'digit')!.detail).toBe('computed 4, published 5');
  });

  test('the same seed under another period id draws another result', () => {
    const v = vectors.periods[0]!;
    const report = verifyDraw({ periodId: vectors.periods[1]!.periodId, seed: v.seed, expectedHash: v.seedHash, published: published(v) });
    expect(report.computed!.hmacHex).not.toBe(v.hmac);
  });

  test('a hash that does not lead to the previous period’s seed breaks the chain', () => {
    const [b, c, d] = [vectors.periods[1]!, vectors.periods[2]!, vectors.periods[3]!];
    // Period 3's hash is seed[2]; the seed of period 4 lies above it, not below.
    const report = verifyDraw({ periodId: c.periodId, seed: c.seed, expectedHash: c.seedHash, published: published(c), previousSeed: d.seed });
    expect(marks(report).hashLink).toBe(false);
    expect(report.checks[0]!.detail).toContain('not linked to the previous period’s seed');
    expect(b.seed).toBe(c.seedHash);
  });

  test('a gap of undrawn periods still links through the chain; an unrelated hash does not', () => {
    const [a, , c] = vectors.periods;
    // Period 2 was never drawn: period 3's published hash is seed[2], two steps above seed[1].
    const linked = verifyDraw({ periodId: c!.periodId, seed: c!.seed, expectedHash: c!.seedHash, published: published(c!), previousSeed: a!.seed });
    expect(marks(linked).hashLink).toBe(true);
    expect(linked.checks[0]!.detail).toContain('1 SHA-256 step from the previous drawn period’s seed');
    expect(chainSteps(c!.seedHash, a!.seed)).toBe(1);
    expect(chainSteps(a!.seed, c!.seed)).toBeNull();
  });

  test('without a published result the recomputed one is shown, not judged', () => {
    const v = vectors.periods[2]!;
    const report = verifyDraw({ periodId: ` ${v.periodId} `, seed: v.seed.toUpperCase(), expectedHash: v.seedHash });
    expect(marks(report)).toEqual({ hashLink: true, digit: null, color: null, bigSmall: null });
    expect(report.ok).toBe(true);
    expect(report.checks.find((c) => c.key === 'color')!.detail).toBe(`computed ${v.color}; nothing published to compare`);
  });

  test('a seed that is not 64 hex characters fails every check', () => {
    const report = verifyDraw({ periodId: '202611210001', seed: 'xyz', expectedHash: vectors.commitment, published: { digit: 9 } });
    expect(marks(report)).toEqual({ hashLink: false, digit: false, color: false, bigSmall: false });
    expect(report.computed).toBeNull();
  });

  test('a refunded period is checked for its hash link only (it has no result), against the seed before it', () => {
    const [a, b, c] = vectors.periods;
    const report = verifyRefunded({ periodId: b!.periodId, seed: b!.seed, expectedHash: b!.seedHash, previousSeed: a!.seed });
    expect(marks(report)).toEqual({ hashLink: true });
    expect(report.ok).toBe(true);
    expect(report.computed).toBeNull();
    // Its seed is the next period's committed hash: it ties the next period into the chain.
    expect(b!.seed).toBe(c!.seedHash);
    const wrong = verifyRefunded({ periodId: b!.periodId, seed: c!.seed, expectedHash: b!.seedHash, previousSeed: a!.seed });
    expect(marks(wrong)).toEqual({ hashLink: false });
    expect(wrong.ok).toBe(false);
  });
});
