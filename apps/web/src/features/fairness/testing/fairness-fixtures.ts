import type { BetProof, FairnessBeacon, FairnessChain, FairnessInfo, FairnessPeriod } from '@app/contracts';
import {
  BEACON_DST,
  BEACON_SCHEME,
  betsRoot,
  createHashChain,
  drawResult,
  firstRoundAtOrAfter,
  inclusionProof,
  periodInfo,
  roundMessage,
  seedAt,
  type BeaconRound,
  type CommittedBet,
} from '@app/domain';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

/**
 * Real values for the fairness tests: two small hash chains (the second takes over from the first), a beacon chain
 * signed with a test key as the local beacon runs one, and periods drawn from them exactly as the engine draws.
 */

export const LENGTH = 60;
const bytesFrom = (salt: number) => (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + salt) & 255);
export const FIRST = createHashChain(bytesFrom(1), LENGTH, 10);
export const SECOND = createHashChain(bytesFrom(2), LENGTH, 10);
export const seedOf = (tip: string, k: number) => seedAt(tip, LENGTH, k);

export const periodId = (n: number) => `20261121${String(n).padStart(4, '0')}`;
export const iso = (ms: number) => new Date(ms).toISOString();
export const HOUR = 3_600_000;

export function chainRecord(
  id: number,
  commitment: string,
  firstN: number,
  announcedBeforeMs = 48 * HOUR,
): FairnessChain {
  const start = periodInfo(periodId(firstN)).startTime;
  return {
    id,
    commitment,
    length: LENGTH,
    firstPeriodId: periodId(firstN),
    firstPeriodStart: iso(start),
    announcedAt: iso(start - announcedBeforeMs),
    announcedInTime: announcedBeforeMs >= 24 * HOUR,
    coveredFrom: periodId(firstN),
    coveredTo: null,
  };
}
export const CHAIN_1 = chainRecord(1, FIRST.commitmentHex, 1);
/** The second chain takes over after the first's 60 periods. */
export const CHAIN_2 = chainRecord(2, SECOND.commitmentHex, LENGTH + 1);

const scheme = bls12_381.shortSignatures;
export function beaconKey(label: string) {
  const secretKey = sha256(new TextEncoder().encode(label));
  const chain: FairnessBeacon = {
    chainHash: bytesToHex(sha256(new TextEncoder().encode(`${label} chain`))),
    publicKey: scheme.getPublicKey(secretKey).toHex(true),
    genesisTime: 1_700_000_000,
    period: 3,
    scheme: BEACON_SCHEME,
    quicknet: false,
  };
  const sign = (round: number): BeaconRound => {
    const signature = scheme.sign(scheme.hash(roundMessage(round), BEACON_DST), secretKey).toHex(true);
    return { round, signature, randomness: bytesToHex(sha256(hexToBytes(signature))) };
  };
  return { chain, sign };
}
export const BEACON = beaconKey('winround web verifier test beacon');
export const asDomainChain = (b: FairnessBeacon) => ({ genesisTime: b.genesisTime, period: b.period });
export const firstRoundAfterLock = (n: number) =>
  firstRoundAtOrAfter(asDomainChain(BEACON.chain), periodInfo(periodId(n)).lockTime);

export interface DrawOptions {
  chain?: { id: number; tip: string };
  k?: number;
  round?: BeaconRound | null;
  bets?: CommittedBet[];
  committedAfterLockMs?: number;
}

/** Period n (k = n unless given) drawn from the chain with the beacon's first round after its lock, as published. */
export function drawn(
  n: number,
  { chain = { id: 1, tip: FIRST.tipHex }, k = n, round, bets = [], committedAfterLockMs = 150 }: DrawOptions = {},
): FairnessPeriod {
  const times = periodInfo(periodId(n));
  const seed = seedOf(chain.tip, k);
  const beacon = round === null ? null : (round ?? BEACON.sign(firstRoundAfterLock(n)));
  const result = drawResult(seed, periodId(n), beacon?.randomness);
  return {
    periodId: periodId(n),
    status: 'SETTLED',
    chainId: chain.id,
    chainIndex: k,
    lockTime: iso(times.lockTime),
    endTime: iso(times.endTime),
    digit: result.digit,
    color: result.color,
    bigSmall: result.bigSmall,
    seed,
    seedHash: seedOf(chain.tip, k - 1),
    ...(beacon ? { beacon: { chainHash: BEACON.chain.chainHash, ...beacon } } : {}),
    bets: { root: betsRoot(bets).root, count: bets.length, committedAt: iso(times.lockTime + committedAfterLockMs) },
  };
}

/** The same period refunded before it was drawn: its would-be result published, no result. */
export function refunded(
  period: FairnessPeriod,
  reason: FairnessPeriod['refundReason'] = 'beacon-unavailable',
): FairnessPeriod {
  const { digit, color, bigSmall, ...rest } = period;
  return {
    ...rest,
    status: 'REFUNDED',
    refundReason: reason,
    voidResult: { digit: digit!, color: color!, bigSmall: bigSmall! },
  };
}

export const BETS: CommittedBet[] = [
  {
    betId: '0b8f6c1e-0000-4000-8000-000000000001',
    pseudonym: 'a1b2c3d4e5f60718',
    game: 'color',
    choice: 'red',
    stake: 1000,
  },
  {
    betId: '1c8f6c1e-0000-4000-8000-000000000002',
    pseudonym: 'ffeeddccbbaa0099',
    game: 'number',
    choice: '7',
    stake: 5000,
  },
  {
    betId: '2d8f6c1e-0000-4000-8000-000000000003',
    pseudonym: 'a1b2c3d4e5f60718',
    game: 'bigSmall',
    choice: 'big',
    stake: 10000,
  },
];

/** The proof of `bet` in a period whose bets are `bets` (the server's answer to GET /bet/{id}/proof). */
export function proofOf(
  period: FairnessPeriod,
  bet: CommittedBet,
  bets: CommittedBet[] = BETS,
  overrides: Partial<BetProof> = {},
): BetProof {
  const { root, leaves } = betsRoot(bets);
  const index = Math.max(0, leaves.indexOf(betsRoot([bet]).leaves[0]!));
  return {
    periodId: period.periodId,
    leaf: {
      betId: bet.betId,
      pseudonym: bet.pseudonym,
      game: bet.game as BetProof['leaf']['game'],
      choice: bet.choice,
      stakePaise: bet.stake,
    },
    index,
    size: leaves.length,
    proof: inclusionProof(leaves, index),
    root,
    ...overrides,
  };
}

/** GET /fairness as the server answers with these periods (newest first). */
export function fairnessInfo(recent: FairnessPeriod[], overrides: Partial<FairnessInfo> = {}): FairnessInfo {
  return {
    commitment: FIRST.commitmentHex,
    chainLength: LENGTH,
    nextSeedHash: recent.find((p) => p.seed)?.seed ?? '',
    beacon: BEACON.chain,
    chains: [CHAIN_2, CHAIN_1],
    refunds: { periods: 0, byReason: {}, withBets: 0, stakes: 0, known: 0, wouldHavePaid: 0, wouldHaveKept: 0 },
    recent,
    ...overrides,
  };
}
