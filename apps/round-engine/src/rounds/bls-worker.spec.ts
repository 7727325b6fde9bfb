import { createHash } from 'node:crypto';
import recorded from '../../../../libs/domain/src/fairness/quicknet-beacons.json' with { type: 'json' };
import { BlsUnavailableError, QUICKNET, verifyBeacon, BEACON_DST } from '@app/domain';
import { BlsWorker } from './bls-worker.js';

describe('the BLS check in a worker thread', () => {
  const worker = new BlsWorker(BEACON_DST);
  afterAll(() => worker.close());

  it('verifies real quicknet rounds as the domain does, and refuses a wrong round', async () => {
    for (const round of recorded.rounds) {
      await expect(verifyBeacon(QUICKNET, round, round.round, worker.verify)).resolves.toEqual({ ok: true });
      await expect(
        verifyBeacon(QUICKNET, { ...round, round: round.round + 1 }, undefined, worker.verify),
      ).resolves.toEqual({ ok: false, reason: 'bad-signature' });
    }
  });

  it('readies itself with one whole check of its own signature, and checks real rounds after it', async () => {
    const fresh = new BlsWorker(BEACON_DST);
    try {
      await expect(fresh.warm()).resolves.toBe(true);
      const [a] = recorded.rounds;
      await expect(verifyBeacon(QUICKNET, a!, a!.round, fresh.verify)).resolves.toEqual({ ok: true });
      await expect(verifyBeacon(QUICKNET, { ...a!, round: a!.round + 1 }, undefined, fresh.verify)).resolves.toEqual({
        ok: false,
        reason: 'bad-signature',
      });
    } finally {
      await fresh.close();
    }
  });

  it('answers several checks at once, each its own', async () => {
    const [a, b] = recorded.rounds;
    const checks = await Promise.all(
      [a!, b!, { ...a!, round: b!.round }].map((r) => verifyBeacon(QUICKNET, r, undefined, worker.verify)),
    );
    expect(checks.map((c) => c.ok)).toEqual([true, true, false]);
  });

  it('refuses bytes that are not a point as a bad signature, in the thread', async () => {
    const [a] = recorded.rounds;
    const notAPoint = 'ff'.repeat(48);
    await expect(
      verifyBeacon(
        QUICKNET,
        { ...a!, signature: notAPoint, randomness: sha256Hex(notAPoint) },
        undefined,
        worker.verify,
      ),
    ).resolves.toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('rejects with BlsUnavailableError, not a bad signature, when the check cannot run at all', async () => {
    const broken = new BlsWorker(BEACON_DST, 'file:///nowhere/bls12-381.js');
    try {
      const [a] = recorded.rounds;
      await expect(verifyBeacon(QUICKNET, a!, a!.round, broken.verify)).rejects.toBeInstanceOf(BlsUnavailableError);
      await expect(broken.warm()).rejects.toBeInstanceOf(BlsUnavailableError);
    } finally {
      await broken.close();
    }
  });
});

function sha256Hex(hex: string): string {
  return createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');
}
