import type { BetProof, FairnessChain, PeriodBetsCommitment, VoidResult } from '@app/contracts';
import { CHAIN_NOTICE_MS, isGameKey, type RoundResult } from '@app/domain';
import { enIN } from '../../locales/en-IN';
import { i18n } from '../../shared/i18n/i18n';
import { formatPaise } from '../../shared/money';
import { count, duration, istTime, shortHex } from './format';

/**
 * The fairness verifier's texts, in the player's language: each reads the catalogues (`fairness.verify` in
 * src/locales) when it is said, so a period checked after a switch of language reports in the new one. Texts that name
 * figures are functions of them.
 */

const t = (key: string, values?: Record<string, unknown>) => i18n.t(`fairness.verify.${key}`, values ?? {});

/** "1 bet", "2 bets". */
const betCount = (n: number) => t(n === 1 ? 'betOne' : 'betMany', { n: count(n) });

/** A choice in a sentence: 'Red', 'Big', '7'. */
const choiceName = (game: string, choice: string) =>
  game === 'number' ? choice : i18n.t(`game.choice.${choice}`, { defaultValue: choice });

/** 'Red', 'Big', 'digit 7' — a choice in a sentence. */
export function choiceWords(game: string, choice: string): string {
  return game === 'number' ? t('digit', { digit: choice }) : choiceName(game, choice);
}

/** 'Color Clash: Red', 'Pick a Number: 7'. */
export function choiceWithGame(game: string, choice: string): string {
  return `${isGameKey(game) ? i18n.t(`game.names.${game}`) : game}: ${choiceName(game, choice)}`;
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
const times = (n: number) => (n === 1 ? t('once') : t('times', { n: count(n) }));

const NOTICE_HOURS = CHAIN_NOTICE_MS / 3_600_000;

/** The checks' names. */
export const CHECK_LABELS = {
  get anchor() {
    return t('labels.anchor');
  },
  get notice() {
    return t('labels.notice');
  },
  get beacon() {
    return t('labels.beacon');
  },
  get result() {
    return t('labels.result');
  },
  get bets() {
    return t('labels.bets');
  },
  get myBet() {
    return t('labels.myBet');
  },
};

/** A check that could not run (the browser lacks what it needs). */
export const couldNotRun = () => t('couldNotRun');

interface RoundFacts {
  name: string;
  round: number;
  /** When the round was produced (ms), when betting closed, and the round that should have been used. */
  at: number;
  lock: number;
  expected: number;
}

/** A group's texts with figures (`texts`) and, read each time they are said (getters), those without (`keys`). */
function said<K extends string, T extends object>(group: string, keys: readonly K[], texts: T): T & Record<K, string> {
  for (const key of keys) Object.defineProperty(texts, key, { get: () => t(`${group}.${key}`), enumerable: true });
  return texts as T & Record<K, string>;
}

export const CHECK_TEXT = {
  /** The beacon's name, the same in every language. */
  quicknet: 'drand quicknet',
  get localBeacon() {
    return t('localBeacon');
  },
  anchor: said('anchor', ['noSeedUsed', 'notRevealed', 'badSeed', 'noChain'] as const, {
    hashMismatch: (seedHash: string) => t('anchor.hashMismatch', { hash: shortHex(seedHash) }),
    conflict: (chainId: number) => t('anchor.conflict', { chainId }),
    unpublished: (chainId: number) => t('anchor.unpublished', { chainId }),
    outside: (k: number, chain: FairnessChain) =>
      t('anchor.outside', { k: count(k), chainId: chain.id, length: count(chain.length) }),
    tooLong: (k: number) => t('anchor.tooLong', { k: count(k) }),
    linked: (k: number, steps: number, chain: FairnessChain, from: number | null) =>
      from === null
        ? t('anchor.linked', { k: count(k), times: times(steps), chainId: chain.id })
        : t('anchor.linkedFrom', { k: count(k), times: times(steps), from: count(from), chainId: chain.id }),
    notLinked: (k: number, steps: number, chain: FairnessChain, from: number | null) =>
      from === null
        ? t('anchor.notLinked', { k: count(k), times: times(steps), chainId: chain.id })
        : t('anchor.notLinkedFrom', { k: count(k), times: times(steps), from: count(from), chainId: chain.id }),
  }),
  notice: said('notice', ['noChain', 'noDate'] as const, {
    afterLock: (announced: number, lock: number) =>
      t('notice.afterLock', { announced: istTime(announced), lock: istTime(lock) }),
    noFirstPeriod: (announced: number) => t('notice.noFirstPeriod', { announced: istTime(announced) }),
    late: (announced: number, firstStart: number, firstPeriodId: string) =>
      t('notice.late', { duration: duration(firstStart - announced), periodId: firstPeriodId, hours: NOTICE_HOURS }),
    inTime: (announced: number, firstStart: number, firstPeriodId: string) =>
      t('notice.inTime', {
        announced: istTime(announced),
        duration: duration(firstStart - announced),
        periodId: firstPeriodId,
      }),
  }),
  beacon: said('beacon', ['none', 'notYet', 'noLock'] as const, {
    unknownChain: (hash: string) => t('beacon.unknownChain', { hash: shortHex(hash) }),
    lockMoved: (lock: number, implied: number) =>
      t('beacon.lockMoved', { lock: istTime(lock), implied: istTime(implied) }),
    malformed: ({ round }: RoundFacts) => t('beacon.malformed', { round }),
    beforeLock: ({ name, round, at, lock }: RoundFacts) =>
      t('beacon.beforeLock', { name, round, at: istTime(at), lock: istTime(lock) }),
    wrongRound: ({ round, expected }: RoundFacts) => t('beacon.wrongRound', { round, expected }),
    randomness: ({ round }: RoundFacts) => t('beacon.randomness', { round }),
    signature: ({ name, round }: RoundFacts) => t('beacon.signature', { name, round }),
    valid: ({ name, round, at, lock }: RoundFacts) =>
      t('beacon.valid', { name, round, at: istTime(at), duration: duration(at - lock) }),
  }),
  result: said('result', ['noSeed', 'badSeed', 'badRandomness'] as const, {
    compared: (computed: RoundResult, published: Partial<VoidResult>) =>
      t('result.compared', { computed: resultWords(computed), published: resultWords(published) }),
    wouldHave: (computed: RoundResult, published: VoidResult) =>
      t('result.wouldHave', { computed: resultWords(computed), published: resultWords(published) }),
    wouldHaveUnpublished: (computed: RoundResult) =>
      t('result.wouldHaveUnpublished', { computed: resultWords(computed) }),
    nothingPublished: (computed: RoundResult) => t('result.nothingPublished', { computed: resultWords(computed) }),
  }),
  bets: said('bets', ['notYet', 'none', 'malformed'] as const, {
    committed: (bets: PeriodBetsCommitment, at: number) =>
      t('bets.committed', { bets: betCount(bets.count), root: shortHex(bets.root), at: istTime(at) }),
    beforeLock: (bets: PeriodBetsCommitment, at: number, lock: number) =>
      t('bets.beforeLock', {
        bets: betCount(bets.count),
        root: shortHex(bets.root),
        at: istTime(at),
        lock: istTime(lock),
      }),
    beforeRandomness: (bets: PeriodBetsCommitment, at: number, randomnessAt: number) =>
      t('bets.beforeRandomness', {
        bets: betCount(bets.count),
        root: shortHex(bets.root),
        at: istTime(at),
        duration: duration(randomnessAt - at),
      }),
    afterRandomness: (bets: PeriodBetsCommitment, at: number, randomnessAt: number) =>
      t('bets.afterRandomness', {
        bets: betCount(bets.count),
        root: shortHex(bets.root),
        at: istTime(at),
        duration: duration(at - randomnessAt),
        randomnessAt: istTime(randomnessAt),
      }),
  }),
  myBet: said('myBet', ['noProof', 'signIn', 'noRoot', 'otherBet', 'rootsDiffer'] as const, {
    otherPeriod: (periodId: string) => t('myBet.otherPeriod', { periodId }),
    changed: (known: { game: string; choice: string; stakePaise: number }, leaf: BetProof['leaf']) =>
      t('myBet.changed', {
        committed: choiceWithGame(leaf.game, leaf.choice),
        committedStake: formatPaise(leaf.stakePaise),
        known: choiceWithGame(known.game, known.choice),
        knownStake: formatPaise(known.stakePaise),
      }),
    sizeDiffers: (size: number, published: number) =>
      t('myBet.sizeDiffers', { bets: betCount(size), published: count(published) }),
    notIncluded: (index: number, size: number) => t('myBet.notIncluded', { leaf: count(index + 1), size: count(size) }),
    included: (leaf: BetProof['leaf'], index: number, size: number) =>
      t('myBet.included', {
        bet: choiceWithGame(leaf.game, leaf.choice),
        stake: formatPaise(leaf.stakePaise),
        leaf: count(index + 1),
        size: count(size),
      }),
  }),
};

/**
 * The English of the sections the admin console shows too (its tests read them here); every text of the page lives in
 * the catalogues (`fairness` in src/locales).
 */
export const PAGE_TEXT = {
  refunds: enIN.fairness.refunds,
  house: enIN.fairness.house,
} as const;
