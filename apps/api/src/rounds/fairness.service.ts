import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type {
  BetProof,
  FairnessBeacon,
  FairnessChain,
  FairnessInfo,
  FairnessPeriod,
  FairnessPeriodData,
  FairnessRefunds,
  FairnessStats,
  FairnessStatsWindow,
} from '@app/contracts';
import type { PublicPeriodRow } from '@app/db';
import {
  announcedInTime,
  betLeafHash,
  cheapestRate,
  cheapestShare,
  choiceOdds,
  choiceReturn,
  everyChoice,
  exactPaise,
  inclusionProof,
  isPeriodId,
  isQuicknet,
  paiseToRupees,
  periodInfo,
  RESULTS_KEPT,
  resultFromDigit,
  type GameKey,
  type PeriodConfig,
} from '@app/domain';
import { AppConfig } from '@app/config';
import { toGameResult } from '@app/realtime';
import { FairnessRepository, type BeaconChainRow, type ChainRow } from './fairness.repository.js';
import { RoundsService } from './rounds.service.js';

export const PERIOD_NOT_FOUND = 'Period not found.';
export const BET_NOT_FOUND = 'Bet not found.';
/** Windows of the statistics: the last 1,000 and 10,000 settled periods. */
export const STATS_WINDOWS = [1000, 10_000] as const;
/** The statistics are recomputed at most this often (they move by one period every round). */
const STATS_TTL_MS = 30_000;
/** Periods whose leaves are kept for proofs (a player checks several bets of a period), and for how long. */
const LEAVES_KEPT = 8;
const LEAVES_TTL_MS = 10_000;

const nodeSha256 = (bytes: Uint8Array): Uint8Array => createHash('sha256').update(bytes).digest();
const iso = (d: Date | string) => new Date(d).toISOString();

function toBeacon(row: BeaconChainRow): FairnessBeacon {
  const chain = { hash: row.hash, publicKey: row.public_key };
  return {
    chainHash: row.hash,
    publicKey: row.public_key,
    genesisTime: Number(row.genesis_time),
    period: row.period,
    scheme: row.scheme,
    quicknet: isQuicknet(chain),
  };
}

function toChain(row: ChainRow, periodConfig: PeriodConfig): FairnessChain {
  // When the first period starts: from its id (it may never have been opened, e.g. an engine started late in it).
  const firstStart =
    row.first_period_id && isPeriodId(row.first_period_id, periodConfig)
      ? periodInfo(row.first_period_id, periodConfig).startTime
      : null;
  return {
    id: row.id,
    commitment: row.commitment,
    length: row.length,
    firstPeriodId: row.first_period_id,
    firstPeriodStart: firstStart === null ? null : iso(new Date(firstStart)),
    announcedAt: iso(row.announced_at),
    announcedInTime: firstStart === null ? false : announcedInTime(new Date(row.announced_at).getTime(), firstStart),
    coveredFrom: row.covered_from,
    coveredTo: row.covered_to,
  };
}

/** A period as the fairness pages show it: what the `public_periods` view lets anyone see. */
export function toFairnessPeriod(
  row: PublicPeriodRow,
  extra: { commitment?: string; stakesPaise?: number } = {},
): FairnessPeriod {
  return {
    ...(row.digit !== null ? toGameResult(row) : { periodId: row.id }),
    ...(row.seed_hash ? { seedHash: row.seed_hash } : {}),
    ...(row.seed ? { seed: row.seed } : {}),
    status: row.status,
    chainId: row.chain_id,
    chainIndex: row.chain_index,
    lockTime: iso(row.lock_at),
    endTime: iso(row.end_at),
    ...(extra.commitment ? { commitment: extra.commitment } : {}),
    ...(row.refund_reason ? { refundReason: row.refund_reason } : {}),
    ...(row.beacon_round !== null && row.beacon_chain
      ? {
          beacon: {
            chainHash: row.beacon_chain,
            round: Number(row.beacon_round),
            randomness: row.beacon_randomness!,
            signature: row.beacon_signature!,
          },
        }
      : {}),
    ...(row.bets_root
      ? { bets: { root: row.bets_root, count: row.bets_count ?? 0, committedAt: iso(row.bets_committed_at!) } }
      : {}),
    ...(row.void_digit !== null ? { voidResult: resultFromDigit(row.void_digit) } : {}),
    ...(row.house_pays ? { housePays: row.house_pays.map((p) => paiseToRupees(Number(p))) } : {}),
    ...(extra.stakesPaise !== undefined ? { stakes: paiseToRupees(extra.stakesPaise) } : {}),
  };
}

/**
 * The public fairness record (DESIGN §3): the chains' commitments as announced, the beacon, each period's seed,
 * beacon round, bets commitment and exposure, the refunds and what they would have cost, the statistics that show
 * whether results follow the house's interest, and a player's proof that their bet is in its period's commitment.
 */
@Injectable()
export class FairnessService {
  private stats?: { at: number; value: Promise<FairnessStats> };
  private readonly leaves = new Map<string, { at: number; value: Promise<{ ids: string[]; leaves: Uint8Array[] }> }>();

  constructor(
    @Inject(FairnessRepository) private readonly repository: FairnessRepository,
    @Inject(RoundsService) private readonly rounds: RoundsService,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async info(): Promise<FairnessInfo> {
    const [chainRows, beacons, latestBeacon, current, recentRows, refunds] = await Promise.all([
      this.repository.chains(),
      this.repository.beaconChains(),
      this.repository.latestBeaconChain(),
      this.rounds.currentPeriodInfo(),
      this.repository.latestRevealed(RESULTS_KEPT),
      this.refunds(),
    ]);
    const chains = chainRows.map((row) => toChain(row, this.rounds.periodConfig));
    const running = chainRows.find((c) => c.first_period_id === null || c.first_period_id <= current.periodId);
    const stakes = await this.repository.stakes(recentRows.map((r) => r.id));
    const commitments = new Map(chainRows.map((c) => [c.id, c.commitment]));
    const beacon = beacons.find((b) => b.hash === latestBeacon);
    return {
      commitment: running?.commitment ?? '',
      chainLength: running?.length ?? 0,
      nextSeedHash: current.seedHash ?? '',
      beacon: beacon ? toBeacon(beacon) : null,
      chains,
      refunds,
      recent: recentRows.map((row) =>
        toFairnessPeriod(row, {
          commitment: row.chain_id === null ? undefined : commitments.get(row.chain_id),
          stakesPaise: stakes.get(row.id),
        }),
      ),
    };
  }

  async period(periodId: string): Promise<FairnessPeriodData> {
    const row = await this.repository.period(periodId);
    if (!row) throw new NotFoundException(PERIOD_NOT_FOUND);
    const [chains, beacons, stakes] = await Promise.all([
      this.repository.chains(),
      this.repository.beaconChains(),
      this.repository.stakes([row.id]),
    ]);
    const chain = chains.find((c) => c.id === row.chain_id);
    const beacon = beacons.find((b) => b.hash === row.beacon_chain);
    return {
      period: toFairnessPeriod(row, { commitment: chain?.commitment, stakesPaise: stakes.get(row.id) }),
      chain: chain ? toChain(chain, this.rounds.periodConfig) : null,
      beacon: beacon ? toBeacon(beacon) : null,
    };
  }

  private async refunds(): Promise<FairnessRefunds> {
    const rows = await this.repository.refunds();
    const sum = (pick: (r: (typeof rows)[number]) => string) =>
      rows.reduce((total, r) => total + exactPaise(pick(r)), 0n);
    const knownStakes = sum((r) => r.known_stakes);
    const wouldPay = sum((r) => r.would_pay);
    return {
      periods: rows.reduce((n, r) => n + r.periods, 0),
      byReason: Object.fromEntries(rows.map((r) => [r.reason ?? 'not-drawn', r.periods])),
      withBets: rows.reduce((n, r) => n + r.with_bets, 0),
      stakes: paiseToRupees(Number(sum((r) => r.stakes))),
      known: rows.reduce((n, r) => n + r.known, 0),
      wouldHavePaid: paiseToRupees(Number(wouldPay)),
      wouldHaveKept: paiseToRupees(Number(knownStakes - wouldPay)),
    };
  }

  /** The statistics over the last 1,000 and 10,000 settled periods (recomputed at most every 30 s). */
  statistics(now = Date.now()): Promise<FairnessStats> {
    if (!this.stats || now - this.stats.at > STATS_TTL_MS) {
      const value = this.computeStatistics();
      this.stats = { at: now, value };
      value.catch(() => (this.stats = undefined));
    }
    return this.stats.value;
  }

  private async computeStatistics(): Promise<FairnessStats> {
    const options = { payouts: this.config.payouts, gstBps: this.config.gstBps };
    const exposure = await this.repository.settledExposure(Math.max(...STATS_WINDOWS));
    const windows: FairnessStatsWindow[] = [];
    for (const window of STATS_WINDOWS) {
      const periods = exposure.slice(0, window);
      const shares = periods
        .filter((p) => p.house_pays && p.house_pays.some((x) => Number(x) > 0))
        .map((p) => cheapestShare(p.house_pays!.map(Number), p.digit));
      const byChoice = new Map(
        (await this.repository.choicesOverWindow(window)).map((r) => [`${r.game}|${r.choice}`, r]),
      );
      const returns = everyChoice().map(({ game, choice }) => {
        const row = byChoice.get(`${game}|${choice}`);
        const odds = choiceOdds(game as GameKey, choice, options);
        const net = odds.probability > 0 ? odds.rtpNet / odds.probability : 0;
        const r = choiceReturn(
          {
            game,
            choice,
            periods: row?.periods ?? 0,
            stakes: Number(row?.stakes ?? 0),
            credited: Number(row?.credited ?? 0),
            stakeSquares: Number(row?.stake_squares ?? 0),
          },
          odds.probability,
          net,
        );
        return { ...r, stakes: paiseToRupees(r.stakes), credited: paiseToRupees(r.credited) };
      });
      windows.push({ window, periods: periods.length, cheapest: cheapestRate(shares), returns });
    }
    return { windows };
  }

  /** A player's own bet's leaf and its audit path to the root its period published at the lock. */
  async proof(userId: string, betId: string): Promise<BetProof> {
    const bet = await this.repository.betLeaf(userId, betId);
    if (!bet) throw new NotFoundException(BET_NOT_FOUND);
    const period = await this.repository.period(bet.period_id, 'primary');
    if (!period?.bets_root) throw new NotFoundException('The bets of this period are not committed yet.');
    const { ids, leaves } = await this.leavesOf(bet.period_id);
    const index = ids.indexOf(bet.id);
    const leaf = {
      betId: bet.id,
      pseudonym: bet.pseudonym,
      game: bet.bet_type,
      choice: bet.bet_value,
      stakePaise: Number(bet.amount),
    };
    // A bet missing from the recomputed leaves, or whose leaf changed, gets a path that proves nothing (the verifier
    // refuses it): the proof is built from the bets as they are now and checked against the root of the lock.
    const proof =
      index >= 0 && Buffer.from(leaves[index]!).toString('hex') === betLeafHash({ ...leaf, stake: leaf.stakePaise })
        ? inclusionProof(leaves, index, nodeSha256)
        : [];
    return {
      periodId: bet.period_id,
      leaf,
      index: Math.max(index, 0),
      size: leaves.length,
      proof,
      root: period.bets_root,
    };
  }

  private leavesOf(periodId: string, now = Date.now()): Promise<{ ids: string[]; leaves: Uint8Array[] }> {
    const kept = this.leaves.get(periodId);
    if (kept && now - kept.at < LEAVES_TTL_MS) return kept.value;
    const value = this.repository.leafHashes(periodId);
    value.catch(() => this.leaves.delete(periodId));
    this.leaves.delete(periodId);
    this.leaves.set(periodId, { at: now, value });
    while (this.leaves.size > LEAVES_KEPT) this.leaves.delete(this.leaves.keys().next().value!);
    return value;
  }
}
