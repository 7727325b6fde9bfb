import type { BetProof, FairnessBeacon, FairnessChain, FairnessPeriod } from '@app/contracts';
import {
  BEACON_SCHEME,
  betsRoot,
  drawResult,
  firstRoundAtOrAfter,
  hashSeed,
  periodInfo,
  QUICKNET,
  roundTimeMs,
  type CommittedBet,
} from '@app/domain';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import beaconVectors from '../../../../../libs/domain/src/fairness/beacon-vectors.json';
import chainVectors from '../../../../../libs/domain/src/fairness/fairness-vectors.json';
import quicknet from '../../../../../libs/domain/src/fairness/quicknet-beacons.json';
import { localCheckpointStore, memoryCheckpointStore, thinCheckpoints, type VerifiedCheckpoint } from './checkpoints';
import {
  asDomainChain,
  BEACON,
  beaconKey,
  BETS,
  CHAIN_1,
  CHAIN_2,
  chainRecord,
  drawn,
  FIRST as first,
  HOUR,
  iso,
  LENGTH,
  periodId,
  proofOf as proofIn,
  SECOND as second,
  seedOf,
} from './testing/fairness-fixtures';
import {
  betCheck,
  chainSteps,
  verdictOf,
  verifyPeriod,
  withBetCheck,
  type PeriodVerification,
  type VerifyPeriodInput,
} from './verify-period';

const noPause = () => Promise.resolve();
const run = (period: FairnessPeriod, extra: Partial<VerifyPeriodInput> = {}) =>
  verifyPeriod({ period, chains: [CHAIN_2, CHAIN_1], beacons: [BEACON.chain], pause: noPause, ...extra });
const statuses = (v: PeriodVerification) => Object.fromEntries(v.checks.map((c) => [c.key, c.status]));
const detail = (v: PeriodVerification, key: string) => v.checks.find((c) => c.key === key)!.detail;

const ALL_PASS = { anchor: 'pass', notice: 'pass', beacon: 'pass', result: 'pass', bets: 'pass' };

describe('verifying a period in the browser', () => {
  test('a period drawn from the chain and the beacon passes every check, each with its detail', async () => {
    const v = await run(drawn(7), { periodConfig: { roundSeconds: 30, lockSeconds: 5 } });
    expect(statuses(v)).toEqual(ALL_PASS);
    expect(v.ok).toBe(true);
    expect(v.walked).toBe(7);
    expect(detail(v, 'anchor')).toBe('Hashing seed[7] 7 times with SHA-256 gives the commitment of chain 1.');
    expect(detail(v, 'notice')).toMatch(
      /^Published 19 Nov 2026, 00:00:00 IST, 2 d 0 h before its first period 202611210001\.$/,
    );
    expect(detail(v, 'beacon')).toMatch(
      /^Round \d+ of a local test beacon, not drand’s network, produced .* after betting closed: the first round after the lock, signature valid\.$/,
    );
    expect(detail(v, 'result')).toMatch(/^Computed \d \((red|green|violet), (big|small)\), published \d/);
    expect(detail(v, 'bets')).toMatch(
      /^0 bets, root e3b0c44298…7852b855, committed .* before the randomness existed\.$/,
    );
  });

  test('a forged seed whose SHA-256 is its published hash, but which does not link to the commitment, FAILS', async () => {
    const forgedSeed = bytesToHex(sha256(new TextEncoder().encode('forged')));
    const period = drawn(7);
    const result = drawResult(forgedSeed, period.periodId, period.beacon!.randomness);
    const forged: FairnessPeriod = {
      ...period,
      seed: forgedSeed,
      seedHash: hashSeed(forgedSeed),
      digit: result.digit,
      color: result.color,
      bigSmall: result.bigSmall,
    };
    const v = await run(forged);
    expect(statuses(v)).toEqual({ ...ALL_PASS, anchor: 'fail' });
    expect(v.ok).toBe(false);
    expect(detail(v, 'anchor')).toBe(
      'Hashing seed[7] 7 times with SHA-256 does not give the commitment of chain 1: this seed is not part of the committed chain.',
    );
  });

  test('a seed that does not hash to its published hash fails at once', async () => {
    const v = await run({ ...drawn(7), seedHash: seedOf(first.tipHex, 3) });
    expect(statuses(v).anchor).toBe('fail');
    expect(detail(v, 'anchor')).toMatch(/^SHA-256 of the revealed seed is not the published hash/);
  });

  test('a seed placed elsewhere in the chain than it is fails (seed[8] presented as seed[7])', async () => {
    const v = await run({ ...drawn(7), seed: seedOf(first.tipHex, 8), seedHash: seedOf(first.tipHex, 7) });
    expect(statuses(v).anchor).toBe('fail');
  });

  test('a chain that is not published, or a commitment sent with the period that differs from the published one, fails', async () => {
    const period = drawn(7);
    expect(statuses(await run(period, { chains: [CHAIN_2] })).anchor).toBe('fail');
    expect(detail(await run(period, { chains: [] }), 'anchor')).toBe(
      'No commitment is published for chain 1: the seed hangs from nothing.',
    );
    // Not in the list, but sent with the period (a lookup): used.
    expect(statuses(await run(period, { chains: [], periodChain: CHAIN_1 })).anchor).toBe('pass');
    const other = { ...CHAIN_1, commitment: second.commitmentHex };
    expect(detail(await run(period, { periodChain: other }), 'anchor')).toBe(
      'The commitment sent with this period differs from the one published for chain 1.',
    );
    expect(statuses(await run({ ...period, commitment: second.commitmentHex })).anchor).toBe('fail');
    expect(statuses(await run({ ...period, chainIndex: LENGTH + 1 })).anchor).toBe('fail');
  });

  test('a legitimate roll-over: the second chain’s periods verify against the second chain’s commitment', async () => {
    const rolled = drawn(LENGTH + 1, { chain: { id: 2, tip: second.tipHex }, k: 1 });
    expect(rolled.seedHash).toBe(second.commitmentHex);
    const v = await run(rolled);
    expect(statuses(v)).toEqual(ALL_PASS);
    expect(detail(v, 'anchor')).toBe('Hashing seed[1] once with SHA-256 gives the commitment of chain 2.');
    const later = await run(drawn(LENGTH + 5, { chain: { id: 2, tip: second.tipHex }, k: 5 }));
    expect(later.ok).toBe(true);
    // The same seed claimed for the first chain does not link to the first chain's commitment.
    expect(statuses(await run({ ...rolled, chainId: 1 })).anchor).toBe('fail');
  });

  test('the walk goes in slices that yield to the event loop, reporting progress', async () => {
    const progress: [number, number][] = [];
    let pauses = 0;
    const v = await run(drawn(45), {
      sliceSize: 10,
      onProgress: (walked, total) => progress.push([walked, total]),
      pause: () => {
        pauses += 1;
        return new Promise((resolve) => setTimeout(resolve, 0));
      },
    });
    expect(v.ok).toBe(true);
    expect(progress).toEqual([
      [0, 45],
      [10, 45],
      [20, 45],
      [30, 45],
      [40, 45],
      [45, 45],
    ]);
    expect(pauses).toBe(4);
  });

  test('a walk can be stopped between slices', async () => {
    const controller = new AbortController();
    const walk = run(drawn(45), {
      sliceSize: 10,
      signal: controller.signal,
      pause: () => Promise.resolve(controller.abort()),
    });
    await expect(walk).rejects.toMatchObject({ name: 'AbortError' });
  });

  test('the checkpoint cache shortens a second walk, and only for the same chain and commitment', async () => {
    const checkpoints = memoryCheckpointStore();
    const firstWalk = await run(drawn(40), { checkpoints });
    expect(firstWalk.walked).toBe(40);
    expect(checkpoints.all()).toEqual([
      { chainId: 1, commitment: first.commitmentHex, index: 40, seed: seedOf(first.tipHex, 40) },
    ]);

    const next = await run(drawn(41), { checkpoints });
    expect(next.ok).toBe(true);
    expect(next.walked).toBe(1);
    expect(detail(next, 'anchor')).toBe(
      'Hashing seed[41] once with SHA-256 gives seed[40], which this browser already walked back to the commitment of chain 1.',
    );

    // An older period walks to the commitment again; a forged seed above a checkpoint still fails.
    expect((await run(drawn(12), { checkpoints })).walked).toBe(12);
    const forged = bytesToHex(sha256(new TextEncoder().encode('forged 44')));
    const v = await run({ ...drawn(44), seed: forged, seedHash: hashSeed(forged) }, { checkpoints });
    expect(statuses(v).anchor).toBe('fail');
    expect(v.walked).toBe(3);
    // Another commitment under the same chain id finds no checkpoint.
    expect(checkpoints.nearest(1, second.commitmentHex, 59)).toBeNull();
  });

  test('checkpoints survive in localStorage, a handful per chain, spread out, the latest always kept', () => {
    const store = localCheckpointStore(localStorage);
    const cp = (index: number): VerifiedCheckpoint => ({
      chainId: 1,
      commitment: first.commitmentHex,
      index,
      seed: seedOf(first.tipHex, index),
    });
    store.add([1, 2, 3, 4, 5, 10, 20, 30, 40, 50, 51].map(cp));
    const again = localCheckpointStore(localStorage);
    expect(again.nearest(1, first.commitmentHex, 52)!.index).toBe(51);
    expect(again.nearest(1, first.commitmentHex, 45)!.index).toBe(40);
    const kept = thinCheckpoints([1, 2, 3, 4, 5, 10, 20, 30, 40, 50, 51].map(cp)).map((c) => c.index);
    expect(kept).toHaveLength(8);
    expect(kept).toContain(51);
    expect(kept).toContain(10);
    localStorage.setItem('winround.fairness.checkpoints', '{not json');
    expect(localCheckpointStore(localStorage).nearest(1, first.commitmentHex, 52)).toBeNull();
  });

  test('a commitment published less than 24 h before its first period is flagged, not failed; after the lock it fails', async () => {
    const late = chainRecord(1, first.commitmentHex, 1, 5 * HOUR);
    const v = await run(drawn(7), { chains: [late] });
    expect(statuses(v).notice).toBe('flag');
    expect(v.ok).toBe(true);
    expect(detail(v, 'notice')).toBe('Published only 5 h 0 min before its first period 202611210001: less than 24 h.');
    const afterLock = { ...CHAIN_1, announcedAt: iso(periodInfo(periodId(7)).lockTime + 1) };
    expect(statuses(await run(drawn(7), { chains: [afterLock] })).notice).toBe('fail');
    const unannounced = { ...CHAIN_1, firstPeriodId: null, firstPeriodStart: null };
    expect(statuses(await run(drawn(7), { chains: [unannounced] })).notice).toBe('flag');
  });

  test('a beacon signed by another key fails', async () => {
    const other = beaconKey('someone else');
    const period = drawn(7);
    const forged = other.sign(period.beacon!.round);
    const v = await run({ ...period, beacon: { ...period.beacon!, ...forged } });
    expect(statuses(v).beacon).toBe('fail');
    expect(detail(v, 'beacon')).toMatch(
      /^The signature of round \d+ does not verify under the public key of a local test beacon/,
    );
    expect(v.ok).toBe(false);
  });

  test('a round produced before the lock fails; a later round than the first after the lock fails', async () => {
    const lock = periodInfo(periodId(7)).lockTime;
    const firstAfter = firstRoundAtOrAfter(asDomainChain(BEACON.chain), lock);
    const before = await run(drawn(7, { round: BEACON.sign(firstAfter - 1) }));
    expect(statuses(before).beacon).toBe('fail');
    expect(detail(before, 'beacon')).toMatch(/before betting closed .*: it existed while bets were taken\.$/);
    const later = await run(drawn(7, { round: BEACON.sign(firstAfter + 1) }));
    expect(statuses(later).beacon).toBe('fail');
    expect(detail(later, 'beacon')).toBe(
      `Round ${firstAfter + 1} is not the first round at or after the lock; that is round ${firstAfter}.`,
    );
  });

  test('a lock time moved away from the one the period id implies fails (it would let a round be picked)', async () => {
    const period = drawn(7);
    const moved = { ...period, lockTime: iso(Date.parse(period.lockTime) + 3000) };
    const v = await run(moved, { periodConfig: { roundSeconds: 30, lockSeconds: 5 } });
    expect(statuses(v).beacon).toBe('fail');
    expect(detail(v, 'beacon')).toMatch(/is not the one the period id implies/);
  });

  test('a beacon of a chain the page does not know is not checked here', async () => {
    const v = await run(drawn(7), { beacons: [null] });
    expect(statuses(v).beacon).toBe('unchecked');
    expect(statuses(v).bets).toBe('pass');
  });

  test('one real drand quicknet round (quicknet-beacons.json) verifies and gives the reference digit', async () => {
    const [vector] = beaconVectors.periods; // 202611210001, seed[1], round 20791007
    const round = quicknet.rounds.find((r) => r.round === vector!.beaconRound)!;
    const roundAt = roundTimeMs(QUICKNET, round.round);
    const chain: FairnessChain = {
      ...CHAIN_1,
      commitment: chainVectors.commitment,
      length: 1_000_000,
      announcedAt: iso(roundAt - 72 * HOUR),
      firstPeriodStart: iso(roundAt - 24 * HOUR),
    };
    const period: FairnessPeriod = {
      periodId: vector!.periodId,
      status: 'SETTLED',
      chainId: 1,
      chainIndex: vector!.k,
      // Paired with this period id only to fix the arithmetic: the lock is put just before the recorded round.
      lockTime: iso(roundAt - 1000),
      endTime: iso(roundAt + 4000),
      seed: vector!.seed,
      seedHash: vector!.seedHash,
      digit: vector!.digit,
      color: vector!.color as FairnessPeriod['color'],
      bigSmall: vector!.bigSmall as FairnessPeriod['bigSmall'],
      beacon: { chainHash: QUICKNET.hash, ...round },
      bets: { root: betsRoot([]).root, count: 0, committedAt: iso(roundAt - 800) },
    };
    const quicknetChain: FairnessBeacon = {
      chainHash: QUICKNET.hash,
      publicKey: QUICKNET.publicKey,
      genesisTime: QUICKNET.genesisTime,
      period: QUICKNET.period,
      scheme: BEACON_SCHEME,
      quicknet: true,
    };
    const v = await verifyPeriod({ period, chains: [chain], beacons: [quicknetChain], pause: noPause });
    expect(statuses(v)).toEqual(ALL_PASS);
    expect(v.computed).toMatchObject({ digit: vector!.digit, hmacHex: vector!.hmac });
    expect(detail(v, 'beacon')).toMatch(/^Round 20791007 of drand quicknet, produced .*, 1 s after betting closed/);
    // The same round under a wrong signature byte fails.
    const flipped =
      round.signature.slice(0, 40) + (round.signature[40] === '0' ? '1' : '0') + round.signature.slice(41);
    const bad = await verifyPeriod({
      period: {
        ...period,
        beacon: {
          chainHash: QUICKNET.hash,
          round: round.round,
          signature: flipped,
          randomness: bytesToHex(sha256(hexToBytes(flipped))),
        },
      },
      chains: [chain],
      beacons: [quicknetChain],
      pause: noPause,
    });
    expect(statuses(bad).beacon).toBe('fail');
  });

  test('a published digit the seed and randomness do not give fails the result', async () => {
    const period = drawn(9);
    const wrong = (period.digit! + 1) % 10;
    const v = await run({ ...period, digit: wrong });
    expect(statuses(v).result).toBe('fail');
    expect(v.ok).toBe(false);
    // The same seed without the randomness draws by the chain-only rule: another HMAC.
    expect(drawResult(period.seed!, period.periodId).hmacHex).not.toBe(v.computed!.hmacHex);
  });

  test('a period drawn from the chain alone is flagged and still recomputed by the chain-only rule', async () => {
    const [vector] = chainVectors.periods;
    const period: FairnessPeriod = {
      periodId: vector!.periodId,
      status: 'SETTLED',
      chainId: 1,
      chainIndex: vector!.k,
      lockTime: iso(periodInfo(vector!.periodId).lockTime),
      endTime: iso(periodInfo(vector!.periodId).endTime),
      seed: vector!.seed,
      seedHash: vector!.seedHash,
      digit: vector!.digit,
      color: vector!.color as FairnessPeriod['color'],
      bigSmall: vector!.bigSmall as FairnessPeriod['bigSmall'],
    };
    const v = await verifyPeriod({
      period,
      chains: [{ ...CHAIN_1, commitment: chainVectors.commitment }],
      beacons: [null],
      pause: noPause,
    });
    expect(statuses(v)).toEqual({ anchor: 'pass', notice: 'pass', beacon: 'flag', result: 'pass', bets: 'unchecked' });
    expect(detail(v, 'beacon')).toBe(
      'Drawn from the chain alone, without public randomness: the operator could have known this result in advance.',
    );
    expect(v.computed!.hmacHex).toBe(vector!.hmac);
  });

  test('a refunded period is compared with its published would-be result', async () => {
    const period = drawn(11);
    const { digit, color, bigSmall } = period;
    const refunded: FairnessPeriod = {
      ...period,
      status: 'REFUNDED',
      digit: undefined,
      color: undefined,
      bigSmall: undefined,
      refundReason: 'beacon-unavailable',
      voidResult: { digit: digit!, color: color!, bigSmall: bigSmall! },
    };
    const v = await run(refunded);
    expect(statuses(v).result).toBe('pass');
    expect(detail(v, 'result')).toMatch(/^Refunded\. Would have drawn \d .*; published \d/);
    const lied = await run({ ...refunded, voidResult: { ...refunded.voidResult!, digit: (digit! + 5) % 10 } });
    expect(statuses(lied).result).toBe('fail');
    const unpublished = await run({ ...refunded, voidResult: undefined });
    expect(statuses(unpublished).result).toBe('unchecked');
  });

  test('a missed period used no seed: nothing is checked and nothing fails', async () => {
    const times = periodInfo(periodId(3));
    const v = await run({
      periodId: periodId(3),
      status: 'REFUNDED',
      chainId: null,
      chainIndex: null,
      lockTime: iso(times.lockTime),
      endTime: iso(times.endTime),
      refundReason: 'missed',
    });
    expect(statuses(v)).toEqual({
      anchor: 'unchecked',
      notice: 'unchecked',
      beacon: 'unchecked',
      result: 'unchecked',
      bets: 'unchecked',
    });
    expect(v.ok).toBe(true);
  });

  test('bets committed after the randomness existed are flagged', async () => {
    const v = await run(drawn(7, { committedAfterLockMs: 10_000 }));
    expect(statuses(v).bets).toBe('flag');
    expect(detail(v, 'bets')).toMatch(/after the randomness existed/);
    expect(v.ok).toBe(true);
  });
});

describe('my bet is in the commitment', () => {
  const { leaves } = betsRoot(BETS);
  const period = drawn(7, { bets: BETS });
  const proofOf = (bet: CommittedBet, _index: number, overrides: Partial<BetProof> = {}): BetProof =>
    proofIn(period, bet, BETS, overrides);
  const mine = BETS[1]!;
  const myIndex = leaves.indexOf(betsRoot([mine]).leaves[0]!);

  test('a bet in the root passes, checked against the period’s published root', async () => {
    const v = await run(period, {
      bet: {
        betId: mine.betId,
        proof: proofOf(mine, myIndex),
        known: { game: 'number', choice: '7', stakePaise: 5000 },
      },
    });
    expect(statuses(v)).toEqual({ ...ALL_PASS, myBet: 'pass' });
    expect(detail(v, 'myBet')).toBe(`Pick a Number: 7, ₹50.00: leaf ${myIndex + 1} of 3 under the published root.`);
  });

  test('a bet that is not in the root FAILS', () => {
    const stranger: CommittedBet = {
      betId: '3e8f6c1e-0000-4000-8000-000000000004',
      pseudonym: 'a1b2c3d4e5f60718',
      game: 'color',
      choice: 'green',
      stake: 1000,
    };
    const check = betCheck(period, { betId: stranger.betId, proof: proofOf(stranger, 0) });
    expect(check.status).toBe('fail');
    expect(check.detail).toBe('Your bet is NOT leaf 1 of 3 under the published root.');
    // A changed stake is not the committed leaf either.
    expect(betCheck(period, { betId: mine.betId, proof: proofOf({ ...mine, stake: 500 }, myIndex) }).status).toBe(
      'fail',
    );
  });

  test('the proof’s own root must be the period’s: a proof against another root fails, even if self-consistent', () => {
    const alone = betsRoot([mine]);
    const check = betCheck(period, {
      betId: mine.betId,
      proof: proofOf(mine, 0, { size: 1, proof: [], root: alone.root }),
    });
    expect(check.status).toBe('fail');
    expect(check.detail).toBe('The proof’s root is not the root the period published at its lock.');
  });

  test('a committed leaf that differs from the bet in my history fails', () => {
    const check = betCheck(period, {
      betId: mine.betId,
      proof: proofOf(mine, myIndex),
      known: { game: 'number', choice: '3', stakePaise: 5000 },
    });
    expect(check.status).toBe('fail');
    expect(check.detail).toBe('Committed as Pick a Number: 7, ₹50.00; your bet was Pick a Number: 3, ₹50.00.');
  });

  test('a proof for another bet or period fails; no proof is not checked when signed out, failed when refused', async () => {
    expect(betCheck(period, { betId: BETS[0]!.betId, proof: proofOf(mine, myIndex) }).status).toBe('fail');
    expect(
      betCheck(period, { betId: mine.betId, proof: proofOf(mine, myIndex, { periodId: periodId(8) }) }).status,
    ).toBe('fail');
    expect(betCheck(period, { betId: mine.betId, proof: null, refused: 'Bet not found.' })).toMatchObject({
      status: 'fail',
      detail: 'Bet not found.',
    });
    expect(betCheck(period, { betId: mine.betId, proof: null, note: 'Sign in.' })).toMatchObject({
      status: 'unchecked',
      detail: 'Sign in.',
    });
    const noRoot = { ...period, bets: undefined };
    expect(betCheck(noRoot, { betId: mine.betId, proof: null, refused: 'Bet not found.' }).status).toBe('unchecked');
    const v = await run(period);
    const added = withBetCheck(v, period, { betId: mine.betId, proof: proofOf(mine, myIndex) });
    expect(added.checks.map((c) => c.key)).toEqual(['anchor', 'notice', 'beacon', 'result', 'bets', 'myBet']);
    expect(added.ok).toBe(true);
    expect(withBetCheck(added, period, { betId: mine.betId, proof: null, refused: 'Refused.' }).ok).toBe(false);
  });
});

test('the verdict: verified needs the seed anchored and the result recomputed; a failure anywhere fails', async () => {
  const v = await run(drawn(7));
  expect(verdictOf(v)).toBe('verified');
  expect(verdictOf({ checks: v.checks.map((c) => (c.key === 'bets' ? { ...c, status: 'fail' } : c)) })).toBe('failed');
  expect(verdictOf({ checks: v.checks.map((c) => (c.key === 'result' ? { ...c, status: 'unchecked' } : c)) })).toBe(
    'partial',
  );
  expect(verdictOf({ checks: v.checks.map((c) => ({ ...c, status: 'unchecked' })) })).toBe('nothing');
  expect(verdictOf({ checks: v.checks.map((c) => (c.key === 'beacon' ? { ...c, status: 'flag' } : c)) })).toBe(
    'verified',
  );
});

test('the running period’s hash follows from the latest revealed seed within a few steps', () => {
  expect(chainSteps(seedOf(first.tipHex, 9), seedOf(first.tipHex, 9))).toBe(0);
  expect(chainSteps(seedOf(first.tipHex, 11), seedOf(first.tipHex, 9))).toBe(2);
  expect(chainSteps(seedOf(first.tipHex, 9), seedOf(first.tipHex, 11))).toBeNull();
});
