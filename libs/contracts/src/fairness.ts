import type { BigSmall, Color, GameKey, PeriodStatus, RefundReason } from '@app/domain';
import type { GameResult } from './bet.js';

/**
 * What the fairness pages read (GET /fairness…). Everything here is public: a seed, a committed hash, a beacon or a
 * bets' root appears only once it can reveal nothing about a period still taking bets. Rupee amounts are numbers of
 * rupees (the rest of the public API's convention); a bet's stake in a commitment is paise (what its leaf hashes).
 */

/** The public-randomness chain whose rounds draws mix in (drand; `bls-unchained-g1-rfc9380`). */
export interface FairnessBeacon {
  chainHash: string;
  /** G2 public key, compressed (192 hex). */
  publicKey: string;
  /** Unix seconds of round 1. */
  genesisTime: number;
  /** Seconds between rounds. */
  period: number;
  scheme: 'bls-unchained-g1-rfc9380';
  /** True when this is drand's quicknet (its well-known chain hash and key), false for any other (a local test beacon). */
  quicknet: boolean;
}

/** The drand round mixed into a period's draw. */
export interface PeriodBeacon {
  chainHash: string;
  round: number;
  randomness: string;
  signature: string;
}

/** The commitment to a period's accepted bets, recorded at its lock. */
export interface PeriodBetsCommitment {
  /** RFC 6962 Merkle root of the bets' leaves (sorted by bet id). */
  root: string;
  count: number;
  /** When it was recorded (ISO). */
  committedAt: string;
}

/** What a refunded period would have drawn (once its seed and beacon are public). */
export interface VoidResult {
  digit: number;
  color: Color;
  bigSmall: BigSmall;
}

/**
 * A period as the fairness pages show it. `seedHash` (its committed hash, = the seed of the period before it in the
 * chain) is present once public: when the period before it has been drawn or refunded (or it is the chain's first
 * period, whose hash is the commitment). `seed` is present once the period was drawn or refunded. `beacon` once its
 * round is recorded, `bets` once its bets were committed at the lock, `housePays` once settled (or refunded).
 */
export interface FairnessPeriod extends Partial<GameResult> {
  periodId: string;
  status: PeriodStatus;
  chainId: number | null;
  chainIndex: number | null;
  /** When betting closed and when the period ended (ISO). */
  lockTime: string;
  endTime: string;
  commitment?: string;
  refundReason?: RefundReason | 'settlement-deadline';
  beacon?: PeriodBeacon;
  bets?: PeriodBetsCommitment;
  voidResult?: VoidResult;
  /** What the house would have credited winners for each digit 0–9 (rupees). */
  housePays?: number[];
  /** Everything staked in the period (rupees). */
  stakes?: number;
}

/** A hash chain's commitment, as announced. */
export interface FairnessChain {
  id: number;
  commitment: string;
  length: number;
  /** The first period it covers, announced with it (null: a chain created before announcements were recorded). */
  firstPeriodId: string | null;
  /** When that period starts (ISO). */
  firstPeriodStart: string | null;
  /** When the commitment was published (ISO). */
  announcedAt: string;
  /** Published at least 24 hours before its first period. */
  announcedInTime: boolean;
  /** The periods it has drawn so far (first and last), null before its first period. */
  coveredFrom: string | null;
  coveredTo: string | null;
}

/** Refunded periods and what drawing them would have cost the house: selective voiding would show here. */
export interface FairnessRefunds {
  periods: number;
  byReason: Partial<Record<RefundReason | 'settlement-deadline', number>>;
  /** Refunded periods that had bets. */
  withBets: number;
  /** Stakes refunded (rupees). */
  stakes: number;
  /** Refunded periods with bets whose would-be result is known. */
  known: number;
  /** What the house would have credited winners on those (rupees), and kept (their stakes − that; negative: paid). */
  wouldHavePaid: number;
  wouldHaveKept: number;
}

/** GET /fairness → the commitments, the beacon, the latest periods and the refunds. */
export interface FairnessInfo {
  /** The commitment of the chain drawing now, and its length. */
  commitment: string;
  chainLength: number;
  /** Committed hash of the period running now ('' until it is public: until the period before it is drawn). */
  nextSeedHash: string;
  /** The beacon of the latest drawn period; null when draws use the chain alone (FAIRNESS_BEACON=none). */
  beacon: FairnessBeacon | null;
  /** Every chain, newest first (a chain announced for the future comes first). */
  chains: FairnessChain[];
  refunds: FairnessRefunds;
  /** The latest drawn and refunded periods, newest first. */
  recent: FairnessPeriod[];
}

/** GET /fairness/periods/{periodId} */
export interface FairnessPeriodData {
  period: FairnessPeriod;
  /** The chain the period belongs to, and the beacon chain of its round. */
  chain: FairnessChain | null;
  beacon: FairnessBeacon | null;
}

/** A choice's realised return to player over a window, against the published one and its 95 % band under fair draws. */
export interface FairnessChoiceReturn {
  game: GameKey;
  choice: string;
  /** Periods with stakes on the choice. */
  periods: number;
  /** Staked and credited (rupees). */
  stakes: number;
  credited: number;
  realised: number | null;
  expected: number;
  low: number;
  high: number;
  withinBand: boolean | null;
}

/** How often the drawn digit was the one cheapest for the house (ties shared), expected 10 % if not steered. */
export interface FairnessCheapest {
  value: number;
  low: number;
  high: number;
  /** Settled periods with bets it is computed from. */
  n: number;
}

export interface FairnessStatsWindow {
  /** The last N settled periods (1,000 or 10,000). */
  window: number;
  /** Settled periods in the window (fewer while the platform is young). */
  periods: number;
  cheapest: FairnessCheapest | null;
  returns: FairnessChoiceReturn[];
}

/** GET /fairness/stats */
export interface FairnessStats {
  windows: FairnessStatsWindow[];
}

/** GET /bet/{betId}/proof → a bet's leaf in its period's commitment and the path to the root. */
export interface BetProof {
  periodId: string;
  leaf: { betId: string; pseudonym: string; game: GameKey; choice: string; stakePaise: number };
  /** Its position among the period's bets sorted by id, and their number. */
  index: number;
  size: number;
  /** RFC 6962 audit path, from the leaf up. */
  proof: string[];
  /** The root published at the lock. */
  root: string;
}

/** The `bets-committed` event: a period's bets root, published at its lock before its result exists. */
export interface BetsCommitted {
  periodId: string;
  root: string;
  count: number;
}
