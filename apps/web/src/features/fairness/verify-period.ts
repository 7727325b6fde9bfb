import type { BetProof, FairnessBeacon, FairnessChain, FairnessPeriod, VoidResult } from '@app/contracts';
import {
  announcedInTime,
  betLeafHash,
  drawResult,
  firstRoundAtOrAfter,
  hashSeed,
  isQuicknet,
  isSeedHex,
  periodLockMs,
  roundTimeMs,
  seedAt,
  verifyInclusion,
  verifyPeriodBeacon,
  type BeaconChain,
  type BeaconCheck,
  type DrawResult,
  type PeriodConfig,
} from '@app/domain';
import type { CheckpointStore, VerifiedCheckpoint } from './checkpoints';
import { CHECK_LABELS, CHECK_TEXT } from './texts';

/**
 * Everything the fairness page checks for one period, in the browser, from what the server published. Each check
 * says ✔ (pass), ✘ (fail), ⚠ (flag: holds, but weaker than it should be) or "not checked", with a one-line detail:
 *
 * 1. anchor — the revealed seed walks back with SHA-256, `chainIndex` times, to the commitment published for its
 *    chain (or to a seed this browser verified earlier from that same commitment). A seed that merely hashes to the
 *    published hash, but does not link to a commitment, proves nothing and fails.
 * 2. notice — the commitment was published before betting on the period closed, and ≥ 24 h before its first period.
 * 3. beacon — the public randomness is the first round of its chain at or after the lock, with a valid signature,
 *    and the lock is the one the period id implies.
 * 4. result — the digit recomputed from the seed, the period id and the randomness is the one published (for a
 *    refunded period: the would-be result).
 * 5. bets — the bets' root was committed, and (flag) before the randomness existed.
 * 6. myBet — a player's own bet is a leaf under that root (`withBetCheck`).
 */

export type CheckStatus = 'pass' | 'fail' | 'flag' | 'unchecked';
export type PeriodCheckKey = 'anchor' | 'notice' | 'beacon' | 'result' | 'bets' | 'myBet';

export interface PeriodCheck {
  key: PeriodCheckKey;
  label: string;
  status: CheckStatus;
  detail: string;
}

export interface PeriodVerification {
  periodId: string;
  /** The result recomputed in the browser (null without a usable seed). */
  computed: DrawResult | null;
  checks: PeriodCheck[];
  /** No check failed. */
  ok: boolean;
  /** SHA-256 steps walked for the anchor (null when no walk was made). */
  walked: number | null;
}

/** What the player knows of their own bet (the history), to compare with the committed leaf. */
export interface KnownBet {
  game: string;
  choice: string;
  stakePaise: number;
}

export interface BetToCheck {
  betId: string;
  /** The proof from GET /bet/{betId}/proof, or null when there is none (yet). */
  proof: BetProof | null;
  /** The server refused the proof (its message): the bet is not in a period that has a commitment. */
  refused?: string | null;
  /** Why there is no proof otherwise (not signed in, still fetching, no answer): not checked. */
  note?: string | null;
  known?: KnownBet | null;
}

export interface VerifyPeriodInput {
  period: FairnessPeriod;
  /** Every published commitment (GET /fairness → chains). */
  chains: readonly FairnessChain[];
  /** The chain sent with the period (GET /fairness/periods/{id} → chain), used when it is not in the list. */
  periodChain?: FairnessChain | null;
  /** Beacon chains known to the page (the period lookup's, the latest one): the one the period's round names is used. */
  beacons?: readonly (FairnessBeacon | null | undefined)[];
  /** The round clock's rules, to check that the published lock time is the one the period id implies. */
  periodConfig?: Partial<PeriodConfig> | null;
  checkpoints?: CheckpointStore | null;
  /** Hashes per slice before yielding to the event loop. */
  sliceSize?: number;
  /** Called before the walk and after each slice: hashes walked so far of the total. */
  onProgress?: (walked: number, total: number) => void;
  signal?: AbortSignal;
  /** How to yield between slices (a macrotask by default). */
  pause?: () => Promise<void>;
  bet?: BetToCheck | null;
}

/** The most hashes walked between two yields to the event loop (a slice also ends after SLICE_BUDGET_MS). */
export const WALK_SLICE = 20_000;
/** The longest walk attempted in a browser (the longest chain the server may be configured with). */
export const MAX_WALK = 100_000_000;

/** Hashes per call of the domain's walk (its hex conversions are paid once per call). */
const STEP = 1000;
/** A slice also ends after this long, so a slow phone still paints and answers taps between slices. */
const SLICE_BUDGET_MS = 25;
const now = () => (typeof performance === 'undefined' ? Date.now() : performance.now());

/** Yields to the event loop with a macrotask (a message, which browsers do not clamp like nested timers). */
const macrotask = () =>
  new Promise<void>((resolve) => {
    if (typeof MessageChannel === 'undefined') {
      setTimeout(resolve, 0);
      return;
    }
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });

const check = (key: PeriodCheckKey, status: CheckStatus, detail: string): PeriodCheck => ({
  key,
  label: CHECK_LABELS[key],
  status,
  detail,
});

function aborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw new DOMException('The verification was stopped', 'AbortError');
}

/** The API's beacon chain as the domain's verifier takes it. */
export function beaconChainOf(beacon: FairnessBeacon): BeaconChain {
  return {
    hash: beacon.chainHash,
    publicKey: beacon.publicKey,
    genesisTime: beacon.genesisTime,
    period: beacon.period,
    scheme: beacon.scheme,
  };
}

/** 'drand quicknet' for drand's quicknet, else plainly a local test beacon. */
export function beaconName(beacon: FairnessBeacon): string {
  return isQuicknet(beaconChainOf(beacon)) ? CHECK_TEXT.quicknet : CHECK_TEXT.localBeacon;
}

/**
 * How many SHA-256 steps lead from `hash` down to `earlierSeed` (0 when equal), or null beyond `maxSteps`. The
 * running period's committed hash is the latest revealed seed (a few steps above it if periods in between were
 * opened and not drawn).
 */
export function chainSteps(hash: string, earlierSeed: string, maxSteps = 16): number | null {
  if (!isSeedHex(hash) || !isSeedHex(earlierSeed)) return null;
  let current = hash.toLowerCase();
  const target = earlierSeed.toLowerCase();
  for (let steps = 0; steps <= maxSteps; steps += 1) {
    if (current === target) return steps;
    current = hashSeed(current);
  }
  return null;
}

/** Every slice boundary at a multiple of this index is remembered during a walk and kept as a checkpoint after it. */
const STRIDE = WALK_SLICE;

interface WalkResult {
  reached: boolean;
  steps: number;
  from: VerifiedCheckpoint | null;
  /** Seeds met on the way at multiples of STRIDE (verified once the walk reaches its target). */
  passed: VerifiedCheckpoint[];
}

/**
 * Walks seed[index] back to the nearest verified point at or below it (a checkpoint, else the commitment itself),
 * in slices that yield to the event loop.
 */
async function walkToCommitment(
  chain: FairnessChain,
  index: number,
  seed: string,
  input: VerifyPeriodInput,
): Promise<WalkResult> {
  const commitment = chain.commitment.toLowerCase();
  const from = input.checkpoints?.nearest(chain.id, commitment, index) ?? null;
  const baseIndex = from?.index ?? 0;
  const target = from?.seed ?? commitment;
  const total = index - baseIndex;
  const slice = Math.max(1, input.sliceSize ?? WALK_SLICE);
  const pause = input.pause ?? macrotask;
  const passed: VerifiedCheckpoint[] = [];
  let current = seed;
  let at = index;
  input.onProgress?.(0, total);
  while (at > baseIndex) {
    // One slice: at most `slice` hashes and about SLICE_BUDGET_MS, stopping at every multiple of STRIDE on the way.
    const started = now();
    let inSlice = 0;
    while (at > baseIndex && inSlice < slice) {
      const toStride = at % STRIDE === 0 ? STRIDE : at % STRIDE;
      const step = Math.min(STEP, at - baseIndex, slice - inSlice, toStride);
      current = seedAt(current, step, 0);
      at -= step;
      inSlice += step;
      if (at > baseIndex && at % STRIDE === 0) passed.push({ chainId: chain.id, commitment, index: at, seed: current });
      if (now() - started >= SLICE_BUDGET_MS) break;
    }
    input.onProgress?.(index - at, total);
    if (at > baseIndex) {
      await pause();
      aborted(input.signal);
    }
  }
  return { reached: current === target, steps: total, from, passed };
}

/** The chain the period hangs from: the published list's, checked against the one sent with the period. */
function periodChainOf(input: VerifyPeriodInput): { chain: FairnessChain | null; conflict: boolean } {
  const { period } = input;
  if (period.chainId === null || period.chainId === undefined) return { chain: null, conflict: false };
  const listed = input.chains.find((c) => c.id === period.chainId) ?? null;
  const sent = input.periodChain && input.periodChain.id === period.chainId ? input.periodChain : null;
  const conflict =
    (!!listed && !!sent && listed.commitment.toLowerCase() !== sent.commitment.toLowerCase()) ||
    (!!period.commitment &&
      !!(listed ?? sent) &&
      period.commitment.toLowerCase() !== (listed ?? sent)!.commitment.toLowerCase());
  return { chain: listed ?? sent, conflict };
}

async function anchorCheck(
  input: VerifyPeriodInput,
  chain: FairnessChain | null,
  conflict: boolean,
): Promise<{ check: PeriodCheck; walked: number | null }> {
  const { period } = input;
  const T = CHECK_TEXT.anchor;
  const seed = period.seed?.toLowerCase();
  if (!seed) {
    if (period.chainIndex === null) return { check: check('anchor', 'unchecked', T.noSeedUsed), walked: null };
    return { check: check('anchor', 'unchecked', T.notRevealed), walked: null };
  }
  if (!isSeedHex(seed)) return { check: check('anchor', 'fail', T.badSeed), walked: null };
  const seedHash = period.seedHash?.toLowerCase();
  if (seedHash && hashSeed(seed) !== seedHash)
    return { check: check('anchor', 'fail', T.hashMismatch(seedHash)), walked: null };
  if (
    period.chainId === null ||
    period.chainId === undefined ||
    period.chainIndex === null ||
    period.chainIndex === undefined
  ) {
    return { check: check('anchor', 'fail', T.noChain), walked: null };
  }
  if (conflict) return { check: check('anchor', 'fail', T.conflict(period.chainId)), walked: null };
  if (!chain || !isSeedHex(chain.commitment))
    return { check: check('anchor', 'fail', T.unpublished(period.chainId)), walked: null };
  const k = period.chainIndex;
  if (!Number.isSafeInteger(k) || k < 1 || k > chain.length)
    return { check: check('anchor', 'fail', T.outside(k, chain)), walked: null };
  const nearest = input.checkpoints?.nearest(chain.id, chain.commitment.toLowerCase(), k) ?? null;
  if (k - (nearest?.index ?? 0) > MAX_WALK) return { check: check('anchor', 'unchecked', T.tooLong(k)), walked: null };

  const walk = await walkToCommitment(chain, k, seed, input);
  if (!walk.reached)
    return {
      check: check('anchor', 'fail', T.notLinked(k, walk.steps, chain, walk.from?.index ?? null)),
      walked: walk.steps,
    };
  input.checkpoints?.add([
    ...walk.passed,
    { chainId: chain.id, commitment: chain.commitment.toLowerCase(), index: k, seed },
  ]);
  return {
    check: check('anchor', 'pass', T.linked(k, walk.steps, chain, walk.from?.index ?? null)),
    walked: walk.steps,
  };
}

function noticeCheck(period: FairnessPeriod, chain: FairnessChain | null): PeriodCheck {
  const T = CHECK_TEXT.notice;
  if (!chain) return check('notice', 'unchecked', T.noChain);
  const announced = Date.parse(chain.announcedAt);
  const lock = Date.parse(period.lockTime);
  if (!Number.isFinite(announced)) return check('notice', 'fail', T.noDate);
  if (Number.isFinite(lock) && announced >= lock) return check('notice', 'fail', T.afterLock(announced, lock));
  const firstStart = chain.firstPeriodStart ? Date.parse(chain.firstPeriodStart) : NaN;
  if (!chain.firstPeriodId || !Number.isFinite(firstStart)) return check('notice', 'flag', T.noFirstPeriod(announced));
  if (!announcedInTime(announced, firstStart))
    return check('notice', 'flag', T.late(announced, firstStart, chain.firstPeriodId));
  return check('notice', 'pass', T.inTime(announced, firstStart, chain.firstPeriodId));
}

const BEACON_FAILURE: Record<
  Exclude<BeaconCheck, { ok: true }>['reason'],
  'malformed' | 'beforeLock' | 'wrongRound' | 'randomness' | 'signature'
> = {
  malformed: 'malformed',
  'before-lock': 'beforeLock',
  'wrong-round': 'wrongRound',
  'randomness-mismatch': 'randomness',
  'bad-signature': 'signature',
};

/** The lock the period id implies under the round clock's rules, or null for an id that is not one under them. */
function impliedLock(periodId: string, config: Partial<PeriodConfig>): number | null {
  try {
    return periodLockMs(periodId, config);
  } catch {
    return null;
  }
}

async function beaconCheck(input: VerifyPeriodInput, beaconChain: FairnessBeacon | null): Promise<PeriodCheck> {
  const { period } = input;
  const T = CHECK_TEXT.beacon;
  const round = period.beacon;
  if (!round) {
    return period.seed ? check('beacon', 'flag', T.none) : check('beacon', 'unchecked', T.notYet);
  }
  if (!beaconChain) return check('beacon', 'unchecked', T.unknownChain(round.chainHash));
  const lock = Date.parse(period.lockTime);
  if (!Number.isFinite(lock)) return check('beacon', 'fail', T.noLock);
  if (input.periodConfig) {
    const implied = impliedLock(period.periodId, input.periodConfig);
    if (implied !== null && implied !== lock) return check('beacon', 'fail', T.lockMoved(lock, implied));
  }
  const chain = beaconChainOf(beaconChain);
  const name = beaconName(beaconChain);
  const result = await verifyPeriodBeacon(chain, lock, {
    round: round.round,
    randomness: round.randomness,
    signature: round.signature,
  });
  if (!result.ok) {
    const expected = firstRoundAtOrAfter(chain, lock);
    const at = Number.isSafeInteger(round.round) ? roundTimeMs(chain, round.round) : NaN;
    return check('beacon', 'fail', T[BEACON_FAILURE[result.reason]]({ name, round: round.round, at, lock, expected }));
  }
  return check(
    'beacon',
    'pass',
    T.valid({ name, round: round.round, at: roundTimeMs(chain, round.round), lock, expected: round.round }),
  );
}

function sameResult(a: Pick<DrawResult, 'digit' | 'color' | 'bigSmall'>, b: Partial<VoidResult>): boolean {
  return (
    a.digit === b.digit &&
    (b.color === undefined || a.color === b.color) &&
    (b.bigSmall === undefined || a.bigSmall === b.bigSmall)
  );
}

function resultCheck(period: FairnessPeriod): { check: PeriodCheck; computed: DrawResult | null } {
  const T = CHECK_TEXT.result;
  const seed = period.seed?.toLowerCase();
  if (!seed) return { check: check('result', 'unchecked', T.noSeed), computed: null };
  if (!isSeedHex(seed)) return { check: check('result', 'fail', T.badSeed), computed: null };
  const randomness = period.beacon?.randomness?.toLowerCase();
  if (randomness !== undefined && !isSeedHex(randomness))
    return { check: check('result', 'fail', T.badRandomness), computed: null };
  const computed = drawResult(seed, period.periodId, randomness);
  const published =
    typeof period.digit === 'number' ? { digit: period.digit, color: period.color, bigSmall: period.bigSmall } : null;
  if (published) {
    return {
      check: check('result', sameResult(computed, published) ? 'pass' : 'fail', T.compared(computed, published)),
      computed,
    };
  }
  if (period.status === 'REFUNDED') {
    if (!period.voidResult) return { check: check('result', 'unchecked', T.wouldHaveUnpublished(computed)), computed };
    const ok = sameResult(computed, period.voidResult);
    return { check: check('result', ok ? 'pass' : 'fail', T.wouldHave(computed, period.voidResult)), computed };
  }
  return { check: check('result', 'unchecked', T.nothingPublished(computed)), computed };
}

function betsCheck(period: FairnessPeriod, beaconChain: FairnessBeacon | null): PeriodCheck {
  const T = CHECK_TEXT.bets;
  const bets = period.bets;
  if (!bets) return check('bets', 'unchecked', period.status === 'OPEN' ? T.notYet : T.none);
  if (!isSeedHex(bets.root) || !Number.isSafeInteger(bets.count) || bets.count < 0)
    return check('bets', 'fail', T.malformed);
  const committed = Date.parse(bets.committedAt);
  if (!Number.isFinite(committed)) return check('bets', 'fail', T.malformed);
  const lock = Date.parse(period.lockTime);
  if (Number.isFinite(lock) && committed < lock) return check('bets', 'flag', T.beforeLock(bets, committed, lock));
  if (period.beacon && beaconChain && Number.isSafeInteger(period.beacon.round)) {
    const randomnessAt = roundTimeMs(beaconChainOf(beaconChain), period.beacon.round);
    if (committed > randomnessAt) return check('bets', 'flag', T.afterRandomness(bets, committed, randomnessAt));
    return check('bets', 'pass', T.beforeRandomness(bets, committed, randomnessAt));
  }
  return check('bets', 'pass', T.committed(bets, committed));
}

/** Check 6: the player's bet is a leaf under the bets' root the period published (not just the proof's own root). */
export function betCheck(period: FairnessPeriod, bet: BetToCheck): PeriodCheck {
  const T = CHECK_TEXT.myBet;
  const { proof } = bet;
  if (!proof) {
    if (bet.refused) return check('myBet', period.bets ? 'fail' : 'unchecked', bet.refused);
    return check('myBet', 'unchecked', bet.note ?? T.noProof);
  }
  if (!period.bets) return check('myBet', 'unchecked', T.noRoot);
  if (proof.periodId !== period.periodId) return check('myBet', 'fail', T.otherPeriod(proof.periodId));
  if (proof.leaf.betId.toLowerCase() !== bet.betId.toLowerCase()) return check('myBet', 'fail', T.otherBet);
  const known = bet.known;
  if (
    known &&
    (known.game !== proof.leaf.game || known.choice !== proof.leaf.choice || known.stakePaise !== proof.leaf.stakePaise)
  ) {
    return check('myBet', 'fail', T.changed(known, proof.leaf));
  }
  const root = period.bets.root.toLowerCase();
  if (proof.root.toLowerCase() !== root) return check('myBet', 'fail', T.rootsDiffer);
  if (proof.size !== period.bets.count) return check('myBet', 'fail', T.sizeDiffers(proof.size, period.bets.count));
  const { betId, pseudonym, game, choice, stakePaise } = proof.leaf;
  let leafHash: string;
  try {
    leafHash = betLeafHash({ betId, pseudonym, game, choice, stake: stakePaise });
  } catch {
    return check('myBet', 'fail', T.notIncluded(proof.index, proof.size));
  }
  const included = verifyInclusion({
    leafHash,
    index: proof.index,
    size: proof.size,
    proof: proof.proof.map((p) => p.toLowerCase()),
    root,
  });
  return included
    ? check('myBet', 'pass', T.included(proof.leaf, proof.index, proof.size))
    : check('myBet', 'fail', T.notIncluded(proof.index, proof.size));
}

const summarise = (
  periodId: string,
  computed: DrawResult | null,
  checks: PeriodCheck[],
  walked: number | null,
): PeriodVerification => ({
  periodId,
  computed,
  checks,
  ok: checks.every((c) => c.status !== 'fail'),
  walked,
});

export type Verdict = 'verified' | 'failed' | 'partial' | 'nothing';

/**
 * The verdict on a period: failed when any check failed; verified when its seed is anchored to a commitment and its
 * result recomputed (warnings aside); partial when only some checks could be made (a period not drawn yet, a refund
 * whose would-be result is not published); nothing when no check could be made.
 */
export function verdictOf(verification: Pick<PeriodVerification, 'checks'>): Verdict {
  const { checks } = verification;
  if (checks.some((c) => c.status === 'fail')) return 'failed';
  const passed = (key: PeriodCheckKey) =>
    checks.some((c) => c.key === key && (c.status === 'pass' || c.status === 'flag'));
  if (passed('anchor') && passed('result')) return 'verified';
  return checks.every((c) => c.status === 'unchecked') ? 'nothing' : 'partial';
}

/** Adds (or replaces) check 6 on a verification already made, without walking the chain again. */
export function withBetCheck(
  verification: PeriodVerification,
  period: FairnessPeriod,
  bet: BetToCheck,
): PeriodVerification {
  const checks = [...verification.checks.filter((c) => c.key !== 'myBet'), betCheck(period, bet)];
  return summarise(verification.periodId, verification.computed, checks, verification.walked);
}

/** Runs checks 1–5 (and 6 when a bet is given). Rejects with an AbortError when `signal` aborts during the walk. */
export async function verifyPeriod(input: VerifyPeriodInput): Promise<PeriodVerification> {
  const { period } = input;
  const { chain, conflict } = periodChainOf(input);
  const beaconChain = period.beacon
    ? (input.beacons?.find(
        (b): b is FairnessBeacon => !!b && b.chainHash.toLowerCase() === period.beacon!.chainHash.toLowerCase(),
      ) ?? null)
    : null;

  const anchor = await anchorCheck(input, chain, conflict);
  aborted(input.signal);
  const beacon = await beaconCheck(input, beaconChain);
  aborted(input.signal);
  const result = resultCheck(period);
  const checks = [anchor.check, noticeCheck(period, chain), beacon, result.check, betsCheck(period, beaconChain)];
  if (input.bet) checks.push(betCheck(period, input.bet));
  return summarise(period.periodId, result.computed, checks, anchor.walked);
}
