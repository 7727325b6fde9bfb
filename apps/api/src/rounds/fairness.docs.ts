import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type {
  BetProof,
  FairnessBeacon,
  FairnessChain,
  FairnessCheapest,
  FairnessChoiceReturn,
  FairnessInfo,
  FairnessPeriod,
  FairnessPeriodData,
  FairnessRefunds,
  FairnessStats,
  FairnessStatsWindow,
  PeriodBeacon,
  PeriodBetsCommitment,
  VoidResult,
} from '@app/contracts';
import {
  BIG_SMALL,
  COLORS,
  GAME_KEYS,
  PERIOD_STATUSES,
  REFUND_REASONS,
  type BigSmall,
  type Color,
  type GameKey,
  type PeriodStatus,
  type RefundReason,
} from '@app/domain';

// Response schemas of the public fairness routes and of a bet's proof: classes implementing the contracts' types, for
// the API documentation (and the security suites that derive from it).

const HEX64 = 'lowercase hex, 64 characters';

export class FairnessBeaconDoc implements FairnessBeacon {
  @ApiProperty({ description: `drand chain hash (${HEX64})` })
  chainHash!: string;
  @ApiProperty({ description: 'G2 public key, compressed (192 hex)' })
  publicKey!: string;
  @ApiProperty({ description: 'Unix seconds of round 1' })
  genesisTime!: number;
  @ApiProperty({ description: 'Seconds between rounds', example: 3 })
  period!: number;
  @ApiProperty({ enum: ['bls-unchained-g1-rfc9380'] })
  scheme!: 'bls-unchained-g1-rfc9380';
  @ApiProperty({
    description:
      "True for drand's quicknet (its well-known hash and key); false for any other chain, e.g. a local test beacon",
  })
  quicknet!: boolean;
}

export class PeriodBeaconDoc implements PeriodBeacon {
  @ApiProperty()
  chainHash!: string;
  @ApiProperty({ description: 'The first round at or after the period’s lock' })
  round!: number;
  @ApiProperty({ description: `SHA-256 of the signature (${HEX64})` })
  randomness!: string;
  @ApiProperty({ description: 'BLS signature on G1 (96 hex)' })
  signature!: string;
}

export class PeriodBetsCommitmentDoc implements PeriodBetsCommitment {
  @ApiProperty({ description: `RFC 6962 Merkle root of the accepted bets, sorted by bet id (${HEX64})` })
  root!: string;
  @ApiProperty()
  count!: number;
  @ApiProperty({ format: 'date-time' })
  committedAt!: string;
}

export class VoidResultDoc implements VoidResult {
  @ApiProperty({ minimum: 0, maximum: 9 })
  digit!: number;
  @ApiProperty({ enum: COLORS })
  color!: Color;
  @ApiProperty({ enum: BIG_SMALL })
  bigSmall!: BigSmall;
}

export class FairnessPeriodDoc implements FairnessPeriod {
  @ApiProperty({ example: '202611230001' })
  periodId!: string;
  @ApiProperty({ enum: PERIOD_STATUSES })
  status!: PeriodStatus;
  @ApiProperty({ type: Number, nullable: true })
  chainId!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Index of its seed in the chain' })
  chainIndex!: number | null;
  @ApiProperty({ format: 'date-time', description: 'When betting closed' })
  lockTime!: string;
  @ApiProperty({ format: 'date-time' })
  endTime!: string;
  @ApiPropertyOptional({ description: "The chain's commitment seed[0]" })
  commitment?: string;
  @ApiPropertyOptional({
    description: 'SHA-256 of its seed, once public: when the period before it was drawn or refunded',
  })
  seedHash?: string;
  @ApiPropertyOptional({ description: 'The revealed seed, once the period was drawn or refunded' })
  seed?: string;
  @ApiPropertyOptional({ enum: COLORS, description: 'Once drawn' })
  color?: Color;
  @ApiPropertyOptional({ enum: BIG_SMALL, description: 'Once drawn' })
  bigSmall?: BigSmall;
  @ApiPropertyOptional({ minimum: 0, maximum: 9, description: 'Once drawn' })
  digit?: number;
  @ApiPropertyOptional({ format: 'date-time' })
  drawnAt?: string;
  @ApiPropertyOptional({ enum: [...REFUND_REASONS, 'settlement-deadline'] })
  refundReason?: RefundReason | 'settlement-deadline';
  @ApiPropertyOptional({ type: PeriodBeaconDoc })
  beacon?: PeriodBeaconDoc;
  @ApiPropertyOptional({ type: PeriodBetsCommitmentDoc })
  bets?: PeriodBetsCommitmentDoc;
  @ApiPropertyOptional({ type: VoidResultDoc, description: 'A refunded period: the result it would have had' })
  voidResult?: VoidResultDoc;
  @ApiPropertyOptional({
    type: [Number],
    description: 'What the house would have credited winners for each digit 0–9 (rupees), once settled or refunded',
  })
  housePays?: number[];
  @ApiPropertyOptional({ description: 'Everything staked in the period (rupees)' })
  stakes?: number;
}

export class FairnessChainDoc implements FairnessChain {
  @ApiProperty()
  id!: number;
  @ApiProperty({ description: `seed[0] (${HEX64})` })
  commitment!: string;
  @ApiProperty()
  length!: number;
  @ApiProperty({ type: String, nullable: true })
  firstPeriodId!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' })
  firstPeriodStart!: string | null;
  @ApiProperty({ format: 'date-time' })
  announcedAt!: string;
  @ApiProperty({ description: 'Published at least 24 hours before its first period' })
  announcedInTime!: boolean;
  @ApiProperty({ type: String, nullable: true })
  coveredFrom!: string | null;
  @ApiProperty({ type: String, nullable: true })
  coveredTo!: string | null;
}

export class FairnessRefundsDoc implements FairnessRefunds {
  @ApiProperty()
  periods!: number;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'number' }, description: 'Refunded periods per reason' })
  byReason!: Partial<Record<RefundReason | 'settlement-deadline', number>>;
  @ApiProperty()
  withBets!: number;
  @ApiProperty({ description: 'Rupees refunded' })
  stakes!: number;
  @ApiProperty({ description: 'Refunded periods with bets whose would-be result is known' })
  known!: number;
  @ApiProperty({ description: 'Rupees the house would have credited on those' })
  wouldHavePaid!: number;
  @ApiProperty({ description: 'Their stakes less that (negative: the house would have paid out more)' })
  wouldHaveKept!: number;
}

export class FairnessInfoDoc implements FairnessInfo {
  @ApiProperty({ description: 'seed[0] of the chain drawing now; empty before the first chain' })
  commitment!: string;
  @ApiProperty()
  chainLength!: number;
  @ApiProperty({ description: 'Committed hash of the running period; empty until it is public' })
  nextSeedHash!: string;
  @ApiProperty({ type: FairnessBeaconDoc, nullable: true, description: 'null: draws use the chain alone' })
  beacon!: FairnessBeaconDoc | null;
  @ApiProperty({ type: [FairnessChainDoc] })
  chains!: FairnessChainDoc[];
  @ApiProperty({ type: FairnessRefundsDoc })
  refunds!: FairnessRefundsDoc;
  @ApiProperty({ type: [FairnessPeriodDoc], description: 'The latest drawn and refunded periods, newest first' })
  recent!: FairnessPeriodDoc[];
}

export class FairnessPeriodDataDoc implements FairnessPeriodData {
  @ApiProperty({ type: FairnessPeriodDoc })
  period!: FairnessPeriodDoc;
  @ApiProperty({ type: FairnessChainDoc, nullable: true })
  chain!: FairnessChainDoc | null;
  @ApiProperty({ type: FairnessBeaconDoc, nullable: true })
  beacon!: FairnessBeaconDoc | null;
}

export class FairnessChoiceReturnDoc implements FairnessChoiceReturn {
  @ApiProperty({ enum: GAME_KEYS })
  game!: GameKey;
  @ApiProperty()
  choice!: string;
  @ApiProperty()
  periods!: number;
  @ApiProperty({ description: 'Rupees staked' })
  stakes!: number;
  @ApiProperty({ description: 'Rupees credited' })
  credited!: number;
  @ApiProperty({ type: Number, nullable: true })
  realised!: number | null;
  @ApiProperty({ description: 'The published net return to player' })
  expected!: number;
  @ApiProperty()
  low!: number;
  @ApiProperty()
  high!: number;
  @ApiProperty({ type: Boolean, nullable: true })
  withinBand!: boolean | null;
}

export class FairnessCheapestDoc implements FairnessCheapest {
  @ApiProperty({
    description: 'Share of periods whose drawn digit was the cheapest for the house (ties shared); 0.1 expected',
  })
  value!: number;
  @ApiProperty()
  low!: number;
  @ApiProperty()
  high!: number;
  @ApiProperty()
  n!: number;
}

export class FairnessStatsWindowDoc implements FairnessStatsWindow {
  @ApiProperty({ enum: [1000, 10000] })
  window!: number;
  @ApiProperty()
  periods!: number;
  @ApiProperty({ type: FairnessCheapestDoc, nullable: true })
  cheapest!: FairnessCheapestDoc | null;
  @ApiProperty({ type: [FairnessChoiceReturnDoc] })
  returns!: FairnessChoiceReturnDoc[];
}

export class FairnessStatsDoc implements FairnessStats {
  @ApiProperty({ type: [FairnessStatsWindowDoc] })
  windows!: FairnessStatsWindowDoc[];
}

class BetLeafDoc {
  @ApiProperty()
  betId!: string;
  @ApiProperty({ description: "The player's pseudonym in commitments" })
  pseudonym!: string;
  @ApiProperty({ enum: GAME_KEYS })
  game!: GameKey;
  @ApiProperty()
  choice!: string;
  @ApiProperty({ description: 'Stake in paise' })
  stakePaise!: number;
}

export class BetProofDoc implements BetProof {
  @ApiProperty()
  periodId!: string;
  @ApiProperty({ type: BetLeafDoc })
  leaf!: BetLeafDoc;
  @ApiProperty()
  index!: number;
  @ApiProperty()
  size!: number;
  @ApiProperty({ type: [String], description: 'RFC 6962 audit path, leaf up' })
  proof!: string[];
  @ApiProperty({ description: 'The root published at the lock' })
  root!: string;
}
