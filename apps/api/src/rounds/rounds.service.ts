import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '@app/config';
import type { Bet, GameResult, PeriodInfo as WirePeriodInfo } from '@app/contracts';
import { currentPeriod, RESULTS_KEPT, type PeriodConfig } from '@app/domain';
import { toBalanceUpdate, toGameResult, toWireBet } from '@app/realtime';
import { RoundsRepository } from './rounds.repository.js';

const RESULTS_CACHE_MS = 500;

/** What a player's socket and the bet history ask about rounds: the period, results, balance and bets. */
@Injectable()
export class RoundsService {
  readonly periodConfig: PeriodConfig;
  private readonly seedHashes = new Map<string, string>();
  private results?: { at: number; value: Promise<GameResult[]> };

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(RoundsRepository) private readonly repository: RoundsRepository,
  ) {
    this.periodConfig = { roundSeconds: config.ROUND_SECONDS, lockSeconds: config.LOCK_SECONDS };
  }

  /** next-period-id for the period running now (computed from the clock; the seed hash once the engine opened it). */
  async currentPeriodInfo(now = Date.now()): Promise<WirePeriodInfo> {
    const period = currentPeriod(now, this.periodConfig);
    let seedHash = this.seedHashes.get(period.periodId);
    if (!seedHash) {
      seedHash = (await this.repository.period(period.periodId))?.seed_hash;
      if (seedHash) {
        this.seedHashes.set(period.periodId, seedHash);
        if (this.seedHashes.size > 8) this.seedHashes.delete(this.seedHashes.keys().next().value!);
      }
    }
    return {
      periodId: period.periodId,
      startTime: period.startTime,
      duration: this.config.ROUND_SECONDS,
      serverTime: Date.now(),
      lockTime: period.lockTime,
      ...(seedHash ? { seedHash } : {}),
    };
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

  async balance(userId: string) {
    const wallet = await this.repository.wallet(userId);
    return toBalanceUpdate(wallet?.main ?? 0, wallet?.bonus ?? 0);
  }

  async currentBets(userId: string): Promise<Bet[]> {
    const period = currentPeriod(Date.now(), this.periodConfig);
    return (await this.repository.betsInPeriod(userId, period.periodId)).map(toWireBet);
  }

  async history(userId: string, limit = 200): Promise<Bet[]> {
    return (await this.repository.betsOf(userId, limit)).map(toWireBet);
  }
}
