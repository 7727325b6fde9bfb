import type { BetProof, FairnessChain, PeriodBetsCommitment, VoidResult } from '@app/contracts';
import { CHAIN_NOTICE_MS, formatPaise, GAMES_BY_KEY, isGameKey, type RoundResult } from '@app/domain';
import { enIN } from '../../locales/en-IN';
import { i18n } from '../../shared/i18n/i18n';
import { count, duration, istTime, shortHex } from './format';

/** "1 bet", "2 bets". */
const betCount = (n: number) => `${count(n)} ${n === 1 ? 'bet' : 'bets'}`;

/**
 * Every text of the fairness page and of its verifier, in English. Kept here, apart from the components, so that
 * they can be translated (Hindi comes next). Texts that name figures are functions of them.
 */

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** 'Red', 'Big', 'digit 7' — a choice in a sentence. */
export function choiceWords(game: string, choice: string): string {
  return game === 'number' ? `digit ${choice}` : capitalise(choice);
}

/** 'Color Clash: Red', 'Pick a Number: 7'. */
export function choiceWithGame(game: string, choice: string): string {
  return `${isGameKey(game) ? GAMES_BY_KEY[game].name : game}: ${game === 'number' ? choice : capitalise(choice)}`;
}

/** '4 (red, small)'. */
export const resultWords = (r: Pick<RoundResult, 'digit' | 'color' | 'bigSmall'> | Partial<VoidResult>) =>
  `${String(r.digit)} (${[r.color, r.bigSmall]
    .filter(Boolean)
    .map((word) => i18n.t(`fairness.resultChoice.${word}`, { defaultValue: word }))
    .join(', ')})`;

/** Why a period was refunded, in the player's language (a reason the catalogue does not know is shown as sent). */
export const refundReasonText = (reason: string) =>
  i18n.t(`fairness.refunds.reasons.${reason}`, { defaultValue: reason });

/** 'once', '7 times', '10,00,000 times'. */
const times = (n: number) => (n === 1 ? 'once' : `${count(n)} times`);

const NOTICE_HOURS = CHAIN_NOTICE_MS / 3_600_000;

export const CHECK_LABELS = {
  anchor: 'Anchored to a published commitment',
  notice: 'Commitment published in advance',
  beacon: 'Public randomness',
  result: 'Result recomputed',
  bets: 'Bets committed before the result',
  myBet: 'Your bet is in the commitment',
} as const;

interface RoundFacts {
  name: string;
  round: number;
  /** When the round was produced (ms), when betting closed, and the round that should have been used. */
  at: number;
  lock: number;
  expected: number;
}

export const CHECK_TEXT = {
  quicknet: 'drand quicknet',
  localBeacon: 'a local test beacon, not drand’s network',
  anchor: {
    noSeedUsed: 'This period used no seed (no round engine ran during it).',
    notRevealed: 'The seed is revealed once the period has been drawn or refunded.',
    badSeed: 'The revealed seed is not 64 hex characters.',
    hashMismatch: (seedHash: string) => `SHA-256 of the revealed seed is not the published hash ${shortHex(seedHash)}.`,
    noChain: 'The period names no chain and no place in it, so its seed cannot be tied to a commitment.',
    conflict: (chainId: number) =>
      `The commitment sent with this period differs from the one published for chain ${chainId}.`,
    unpublished: (chainId: number) => `No commitment is published for chain ${chainId}: the seed hangs from nothing.`,
    outside: (k: number, chain: FairnessChain) =>
      `Seed number ${count(k)} is outside chain ${chain.id}, which has ${count(chain.length)} seeds.`,
    tooLong: (k: number) => `Walking ${count(k)} hashes is too long for a browser; look up a later period first.`,
    linked: (k: number, steps: number, chain: FairnessChain, from: number | null) =>
      from === null
        ? `Hashing seed[${count(k)}] ${times(steps)} with SHA-256 gives the commitment of chain ${chain.id}.`
        : `Hashing seed[${count(k)}] ${times(steps)} with SHA-256 gives seed[${count(from)}], which this browser already walked back to the commitment of chain ${chain.id}.`,
    notLinked: (k: number, steps: number, chain: FairnessChain, from: number | null) =>
      `Hashing seed[${count(k)}] ${times(steps)} with SHA-256 does not give ${from === null ? `the commitment of chain ${chain.id}` : `seed[${count(from)}] of chain ${chain.id}`}: this seed is not part of the committed chain.`,
  },
  notice: {
    noChain: 'The chain of this period is not published.',
    noDate: 'The chain’s publication time is missing.',
    afterLock: (announced: number, lock: number) =>
      `Published ${istTime(announced)}, after betting on this period closed (${istTime(lock)}): the result was not fixed in advance.`,
    noFirstPeriod: (announced: number) =>
      `Published ${istTime(announced)}, but without the first period it covers (a chain made before announcements were recorded).`,
    late: (announced: number, firstStart: number, firstPeriodId: string) =>
      `Published only ${duration(firstStart - announced)} before its first period ${firstPeriodId}: less than ${NOTICE_HOURS} h.`,
    inTime: (announced: number, firstStart: number, firstPeriodId: string) =>
      `Published ${istTime(announced)}, ${duration(firstStart - announced)} before its first period ${firstPeriodId}.`,
  },
  beacon: {
    none: 'Drawn from the chain alone, without public randomness: the operator could have known this result in advance.',
    notYet: 'The randomness is recorded once the period has locked and its round has been produced.',
    unknownChain: (hash: string) =>
      `The beacon chain ${shortHex(hash)} is not the one published now; look the period up to check it.`,
    noLock: 'The period’s lock time is missing.',
    lockMoved: (lock: number, implied: number) =>
      `The published lock time ${istTime(lock)} is not the one the period id implies (${istTime(implied)}).`,
    malformed: ({ round }: RoundFacts) => `Round ${round} is not a well-formed beacon round.`,
    beforeLock: ({ name, round, at, lock }: RoundFacts) =>
      `Round ${round} of ${name} was produced ${istTime(at)}, before betting closed (${istTime(lock)}): it existed while bets were taken.`,
    wrongRound: ({ round, expected }: RoundFacts) =>
      `Round ${round} is not the first round at or after the lock; that is round ${expected}.`,
    randomness: ({ round }: RoundFacts) => `The randomness of round ${round} is not SHA-256 of its signature.`,
    signature: ({ name, round }: RoundFacts) =>
      `The signature of round ${round} does not verify under the public key of ${name}.`,
    valid: ({ name, round, at, lock }: RoundFacts) =>
      `Round ${round} of ${name}, produced ${istTime(at)}, ${duration(at - lock)} after betting closed: the first round after the lock, signature valid.`,
  },
  result: {
    noSeed: 'Recomputed once the seed is revealed.',
    badSeed: 'The revealed seed is not 64 hex characters.',
    badRandomness: 'The beacon randomness is not 64 hex characters.',
    compared: (computed: RoundResult, published: Partial<VoidResult>) =>
      `Computed ${resultWords(computed)}, published ${resultWords(published)}.`,
    wouldHave: (computed: RoundResult, published: VoidResult) =>
      `Refunded. Would have drawn ${resultWords(computed)}; published ${resultWords(published)}.`,
    wouldHaveUnpublished: (computed: RoundResult) =>
      `Refunded. Would have drawn ${resultWords(computed)}; nothing published to compare.`,
    nothingPublished: (computed: RoundResult) => `Computed ${resultWords(computed)}; nothing published to compare.`,
  },
  bets: {
    notYet: 'The bets are committed when betting closes.',
    none: 'No bets commitment is published for this period.',
    malformed: 'The published bets commitment is malformed.',
    committed: (bets: PeriodBetsCommitment, at: number) =>
      `${betCount(bets.count)}, root ${shortHex(bets.root)}, committed ${istTime(at)}.`,
    beforeLock: (bets: PeriodBetsCommitment, at: number, lock: number) =>
      `${betCount(bets.count)}, root ${shortHex(bets.root)}, committed ${istTime(at)}: before betting closed (${istTime(lock)}), so it cannot hold the last bets.`,
    beforeRandomness: (bets: PeriodBetsCommitment, at: number, randomnessAt: number) =>
      `${betCount(bets.count)}, root ${shortHex(bets.root)}, committed ${istTime(at)}, ${duration(randomnessAt - at)} before the randomness existed.`,
    afterRandomness: (bets: PeriodBetsCommitment, at: number, randomnessAt: number) =>
      `${betCount(bets.count)}, root ${shortHex(bets.root)}, committed ${istTime(at)}: ${duration(at - randomnessAt)} after the randomness existed (${istTime(randomnessAt)}).`,
  },
  myBet: {
    noProof: 'No proof of inclusion was given for your bet.',
    signIn: 'Sign in to check that your bet is in the commitment.',
    noRoot: 'This period has no bets commitment to check your bet against.',
    otherPeriod: (periodId: string) => `The proof is for period ${periodId}, not this one.`,
    otherBet: 'The proof is for another bet.',
    changed: (known: { game: string; choice: string; stakePaise: number }, leaf: BetProof['leaf']) =>
      `Committed as ${choiceWithGame(leaf.game, leaf.choice)}, ${formatPaise(leaf.stakePaise)}; your bet was ${choiceWithGame(known.game, known.choice)}, ${formatPaise(known.stakePaise)}.`,
    rootsDiffer: 'The proof’s root is not the root the period published at its lock.',
    sizeDiffers: (size: number, published: number) =>
      `The proof counts ${betCount(size)}; the period published ${count(published)}.`,
    notIncluded: (index: number, size: number) =>
      `Your bet is NOT leaf ${count(index + 1)} of ${count(size)} under the published root.`,
    included: (leaf: BetProof['leaf'], index: number, size: number) =>
      `${choiceWithGame(leaf.game, leaf.choice)}, ${formatPaise(leaf.stakePaise)}: leaf ${count(index + 1)} of ${count(size)} under the published root.`,
  },
} as const;

/**
 * The English of the sections the admin console shows too (its tests read them here); every text of the page lives in
 * the catalogues (`fairness` in src/locales).
 */
export const PAGE_TEXT = {
  refunds: enIN.fairness.refunds,
  house: enIN.fairness.house,
} as const;
