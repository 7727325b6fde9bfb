import { Inject, Injectable, Logger } from '@nestjs/common';
import { CARE_HISTORY_MS, CARE_THRESHOLDS, detectCareSignals, type CareSignal } from '@app/domain';
import { CareSignalsRepository } from './care-signals.repository.js';

/** Players looked at per batch of queries. */
export const CARE_SIGNALS_BATCH = 200;
/**
 * How far before the previous run's mark a run looks again: a bet batch or deposit begun before it and committed
 * after, and a round settled after its bets were seen, are not missed.
 */
export const CARE_SIGNALS_OVERLAP_MS = 5 * 60_000;

export interface CareSignalsReport {
  players: number;
  flags: number;
}

/**
 * Care signals (docs/care-signals.md), run by the `workers` role every 10 minutes: the players active since the last
 * run (with a few minutes' overlap; the first run looks at the last 30 days) have their recent history read and
 * judged by the domain's detectors, and what they show is stored in `care_flags` for the console. It reads play and
 * writes flags only: no wallet, no ledger, no bonus, no mail. Idempotent: a flag is one row per player and pattern, so
 * a run repeated or two at once store the same rows.
 */
@Injectable()
export class CareSignalsService {
  private readonly logger = new Logger('CareSignals');

  constructor(@Inject(CareSignalsRepository) private readonly repo: CareSignalsRepository) {}

  async run(nowMs = Date.now()): Promise<CareSignalsReport> {
    const previous = await this.repo.scannedTo();
    const since = new Date(previous ? previous.getTime() - CARE_SIGNALS_OVERLAP_MS : nowMs - CARE_HISTORY_MS);
    const players = await this.repo.activeSince(since);
    let flags = 0;
    for (let i = 0; i < players.length; i += CARE_SIGNALS_BATCH) {
      const batch = players.slice(i, i + CARE_SIGNALS_BATCH);
      const [histories, reviews] = await Promise.all([
        this.repo.histories(
          batch,
          new Date(nowMs - CARE_HISTORY_MS),
          new Date(nowMs - CARE_HISTORY_MS - CARE_THRESHOLDS.limitLoosened.withinMs),
        ),
        this.repo.reviews(batch),
      ]);
      const found: { userId: string; signal: CareSignal }[] = [];
      for (const [userId, history] of histories) {
        for (const signal of detectCareSignals(history, { nowMs, reviewedAtMs: reviews.get(userId) }))
          found.push({ userId, signal });
      }
      flags += await this.repo.upsert(found);
    }
    await this.repo.markScanned(new Date(nowMs));
    if (flags > 0) this.logger.log({ msg: 'care signals run', players: players.length, flags });
    return { players: players.length, flags };
  }
}
