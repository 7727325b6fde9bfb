import { bls12_381 } from '@noble/curves/bls12-381.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import recorded from './quicknet-beacons.json' with { type: 'json' };
import {
  BEACON_DST,
  BEACON_SCHEME,
  firstRoundAtOrAfter,
  isQuicknet,
  QUICKNET,
  roundMessage,
  roundTimeMs,
  verifyBeacon,
  verifyPeriodBeacon,
  type BeaconChain,
  type BeaconRound,
} from './beacon.js';

const [first, second] = recorded.rounds as [BeaconRound, BeaconRound];

/** A chain of our own, as the local beacon runs one: same scheme, a test key. */
function testChain(): { chain: BeaconChain; sign: (round: number) => BeaconRound } {
  const scheme = bls12_381.shortSignatures;
  const secretKey = sha256(new TextEncoder().encode('winround beacon spec key'));
  const publicKey = scheme.getPublicKey(secretKey).toHex(true);
  const chain: BeaconChain = {
    hash: 'aa'.repeat(32),
    publicKey,
    genesisTime: 1_700_000_000,
    period: 3,
    scheme: BEACON_SCHEME,
  };
  const sign = (round: number): BeaconRound => {
    const signature = scheme.sign(scheme.hash(roundMessage(round), BEACON_DST), secretKey).toHex(true);
    return { round, signature, randomness: bytesToHex(sha256(hexToBytes(signature))) };
  };
  return { chain, sign };
}

describe('drand beacon verification — real quicknet rounds (quicknet-beacons.json)', () => {
  it('the recorded chain info is quicknet', () => {
    expect(recorded.chain.hash).toBe(QUICKNET.hash);
    expect(recorded.chain.public_key).toBe(QUICKNET.publicKey);
    expect([recorded.chain.genesis_time, recorded.chain.period, recorded.chain.schemeID]).toEqual([
      QUICKNET.genesisTime,
      QUICKNET.period,
      QUICKNET.scheme,
    ]);
    expect(isQuicknet(QUICKNET)).toBe(true);
  });

  it.each(recorded.rounds)('round $round verifies against the quicknet key', async (beacon) => {
    await expect(verifyBeacon(QUICKNET, beacon, beacon.round)).resolves.toEqual({ ok: true });
  });

  it("refuses a real signature presented as another round's", async () => {
    await expect(verifyBeacon(QUICKNET, { ...first, round: first.round + 1 })).resolves.toEqual({
      ok: false,
      reason: 'bad-signature',
    });
    await expect(
      verifyBeacon(QUICKNET, { ...first, round: second.round, randomness: first.randomness }),
    ).resolves.toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('refuses a round other than the one expected', async () => {
    await expect(verifyBeacon(QUICKNET, first, second.round)).resolves.toEqual({ ok: false, reason: 'wrong-round' });
  });

  it('refuses randomness that is not SHA-256 of the signature', async () => {
    await expect(verifyBeacon(QUICKNET, { ...first, randomness: second.randomness })).resolves.toEqual({
      ok: false,
      reason: 'randomness-mismatch',
    });
  });

  it('refuses a forged signature: another key, a changed byte, not a point', async () => {
    const { sign } = testChain();
    const forged = sign(first.round);
    await expect(verifyBeacon(QUICKNET, forged, first.round)).resolves.toEqual({ ok: false, reason: 'bad-signature' });
    const flipped =
      first.signature.slice(0, 40) + (first.signature[40] === '0' ? '1' : '0') + first.signature.slice(41);
    const changed = { round: first.round, signature: flipped, randomness: bytesToHex(sha256(hexToBytes(flipped))) };
    await expect(verifyBeacon(QUICKNET, changed)).resolves.toEqual({ ok: false, reason: 'bad-signature' });
    const junk = 'ff'.repeat(48);
    await expect(
      verifyBeacon(QUICKNET, { round: 5, signature: junk, randomness: bytesToHex(sha256(hexToBytes(junk))) }),
    ).resolves.toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('refuses what is not a beacon at all', async () => {
    for (const bad of [
      { ...first, round: 0 },
      { ...first, round: 1.5 },
      { ...first, signature: first.signature.toUpperCase() },
      { ...first, randomness: 'ab' },
      null,
    ]) {
      await expect(verifyBeacon(QUICKNET, bad as BeaconRound)).resolves.toEqual({ ok: false, reason: 'malformed' });
    }
  });

  it('a key of our own verifies its own rounds and not quicknet’s', async () => {
    const { chain, sign } = testChain();
    await expect(verifyBeacon(chain, sign(42), 42)).resolves.toEqual({ ok: true });
    await expect(verifyBeacon(chain, first)).resolves.toEqual({ ok: false, reason: 'bad-signature' });
    expect(isQuicknet(chain)).toBe(false);
  });
});

describe('which round a period uses: the first at or after its lock', () => {
  it('round times follow genesis and period', () => {
    expect(roundTimeMs(QUICKNET, 1)).toBe(QUICKNET.genesisTime * 1000);
    expect(roundTimeMs(QUICKNET, first.round)).toBe((QUICKNET.genesisTime + (first.round - 1) * 3) * 1000);
  });

  it('a lock on a round instant uses that round; just after, the next one', () => {
    const t = roundTimeMs(QUICKNET, first.round);
    expect(firstRoundAtOrAfter(QUICKNET, t)).toBe(first.round);
    expect(firstRoundAtOrAfter(QUICKNET, t - 2999)).toBe(first.round);
    expect(firstRoundAtOrAfter(QUICKNET, t + 1)).toBe(first.round + 1);
    expect(firstRoundAtOrAfter(QUICKNET, 0)).toBe(1);
  });

  it('a standard period (30 s, lock 5 s before the end) gets the round 2 s after its lock', () => {
    // 2026-11-21 00:00:25 IST, the lock of 202611210001.
    const lock = Date.UTC(2026, 10, 20, 18, 30, 25);
    expect(roundTimeMs(QUICKNET, firstRoundAtOrAfter(QUICKNET, lock)) - lock).toBe(2000);
  });

  it('refuses a round produced before the lock, and any round but the first after it', async () => {
    const { chain, sign } = testChain();
    const lock = roundTimeMs(chain, 100) - 1000;
    await expect(verifyPeriodBeacon(chain, lock, sign(100))).resolves.toEqual({ ok: true });
    await expect(verifyPeriodBeacon(chain, lock, sign(99))).resolves.toEqual({ ok: false, reason: 'before-lock' });
    await expect(verifyPeriodBeacon(chain, lock, sign(101))).resolves.toEqual({ ok: false, reason: 'wrong-round' });
  });
});
