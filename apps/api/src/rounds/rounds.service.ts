import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '@app/config';
import type { Bet, GameResult, PeriodInfo as WirePeriodInfo } from '@app/contracts';
import { currentPeriod, RESULTS_KEPT, type PeriodConfig } from '@app/domain';
import { toBalanceUpdate, toGameResult, toWireBet } from '@app/realtime';
import { RoundsRepository } from './rounds.repository.js';

const RESULTS_CACHE_MS = 500;
/** How long "this period's hash is not public yet" is believed before asking again. */
const HASH_PENDING_MS = 200;

/** What a player's socket and the bet history ask about rounds: the period, results, balance and bets. */
@Injectable()
export class RoundsService {
  readonly periodConfig: PeriodConfig;
  /**
   * Committed hashes of recent periods, once public (a public hash never changes, so it is kept); a hash not yet
   * public is asked again after HASH_PENDING_MS, never cached as known.
   */
  private readonly seedHashes = new Map<string, { hash: Promise<string | undefined>; at: number; known: boolean }>();
  private results?: { at: number; value: Promise<GameResult[]> };

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(RoundsRepository) private readonly repository: RoundsRepository,
  ) {
    this.periodConfig = config.periodConfig;
  }

  /**
   * next-period-id for the period running now (computed from the clock), with its committed hash once that is
   * public (read through the `public_periods` view: once the period before it has been drawn).
   */
  async currentPeriodInfo(now = Date.now()): Promise<WirePeriodInfo> {
    const period = currentPeriod(now, this.periodConfig);
    const seedHash = await this.publicSeedHash(period.periodId);
    return {
      periodId: period.periodId,
      startTime: period.startTime,
      duration: this.config.ROUND_SECONDS,
      serverTime: Date.now(),
      lockTime: period.lockTime,
      ...(seedHash ? { seedHash } : {}),
    };
  }

  private publicSeedHash(periodId: string): Promise<string | undefined> {
    const now = Date.now();
    const cached = this.seedHashes.get(periodId);
    if (cached && (cached.known || now - cached.at < HASH_PENDING_MS)) return cached.hash;
    const entry = {
      hash: this.repository.period(periodId).then((row) => row?.seed_hash ?? undefined),
      at: now,
      known: false,
    };
    entry.hash.then(
      (hash) => (entry.known = hash !== undefined),
      () => this.seedHashes.get(periodId) === entry && this.seedHashes.delete(periodId),
    );
    this.seedHashes.delete(periodId);
    this.seedHashes.set(periodId, entry);
    if (this.seedHashes.size > 8) this.seedHashes.delete(this.seedHashes.keys().next().value!);
    return entry.hash;
  }

  /** The latest 15 results, newest first (cached briefly: every socket asks on connect). */
  latestResults(): Promise<GameResult[]> {
    const now = Date.now();
    if (!this.results || now - this.results.at > RESULTS_CACHE_MS) {
      const value = this.repository.latestResults(RESULTS_KEPT).then((rows) => rows.map(toGameResult));
      value.catch(() => (this.results = undefined));
      this.results = { at: now, value };
    }
    return this.results.value;
  }

  /**
   * The player's balance. Read with the current period's bets (`RoundsRepository.playerInPeriod`): a game screen asks
   * for both together, and the two answers then come in the same turn of the event loop (one write to its socket).
   */
  async balance(userId: string) {
    const { wallet } = await this.repository.playerInPeriod(
      userId,
      currentPeriod(Date.now(), this.periodConfig).periodId,
    );
    return toBalanceUpdate(wallet?.main ?? 0, wallet?.bonus ?? 0);
  }

  async currentBets(userId: string): Promise<Bet[]> {
    const { bets } = await this.repository.playerInPeriod(
      userId,
      currentPeriod(Date.now(), this.periodConfig).periodId,
    );
    return bets.map(toWireBet);
  }

  async history(userId: string, limit = 200): Promise<Bet[]> {
    return (await this.repository.betsOf(userId, limit)).map(toWireBet);
  }
}
