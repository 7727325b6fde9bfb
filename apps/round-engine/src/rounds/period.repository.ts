import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { Database, type PeriodRow, type PublicPeriodRow } from '@app/db';
import type { DrawResult, PeriodTimes } from '@app/domain';
import type { WriteGuard } from '../leadership/fencing.js';

/** SQL of the periods table (the round engine is its only writer). Every write runs under the leader's guard. */
@Injectable()
export class PeriodRepository {
  constructor(@Inject(Database) private readonly db: Database) {}

  find(id: string): Promise<PeriodRow | undefined> {
    return this.db.selectFrom('periods').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A period as anyone may see it (its committed hash only once public): what announcements carry. */
  findPublic(id: string): Promise<PublicPeriodRow | undefined> {
    return this.db.selectFrom('public_periods').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The next chain index of a chain: periods opened in it so far + 1. */
  async nextChainIndex(chainId: number): Promise<number> {
    const row = await this.db
      .selectFrom('periods')
      .select((eb) => eb.fn.max('chain_index').as('k'))
      .where('chain_id', '=', chainId)
      .executeTakeFirst();
    return Number(row?.k ?? 0) + 1;
  }

  /** The latest period that started before `startMs` (what was opened before an outage), if any. */
  latestBefore(startMs: number): Promise<PeriodRow | undefined> {
    return this.db.selectFrom('periods').selectAll().where('start_at', '<', new Date(startMs)).orderBy('start_at', 'desc').limit(1).executeTakeFirst();
  }

  /** Opens a period (idempotent: an existing row is kept as it is). */
  async open(info: PeriodTimes, chainId: number, chainIndex: number, seedHash: string, guard: WriteGuard): Promise<PeriodRow> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('periods')
        .values({
          id: info.periodId,
          start_at: new Date(info.startTime),
          lock_at: new Date(info.lockTime),
          end_at: new Date(info.endTime),
          chain_id: chainId,
          chain_index: chainIndex,
          seed_hash: seedHash,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      await guard(trx);
    });
    return (await this.find(info.periodId))!;
  }

  /**
   * Records periods during which no engine ran (so ids have no gap): each keeps its chain index (its seed becomes
   * public with the next period's committed hash, as for any refunded period), has no bets, and is refunded at once
   * with reason `missed` (nothing to publish).
   */
  async recordMissed(periods: Array<{ info: PeriodTimes; chainIndex: number; seedHash: string }>, chainId: number, guard: WriteGuard): Promise<number> {
    if (periods.length === 0) return 0;
    return this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .insertInto('periods')
        .values(
          periods.map(({ info, chainIndex, seedHash }) => ({
            id: info.periodId,
            start_at: new Date(info.startTime),
            lock_at: new Date(info.lockTime),
            end_at: new Date(info.endTime),
            chain_id: chainId,
            chain_index: chainIndex,
            seed_hash: seedHash,
            status: 'REFUNDED' as const,
            refund_reason: 'missed' as const,
            results_published_at: new Date(),
          })),
        )
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .execute();
      await guard(trx);
      return rows.length;
    });
  }

  /** Open periods whose lock has passed (fences may be due) or whose end has passed (a draw is due). */
  openPastLock(now: Date): Promise<PeriodRow[]> {
    return this.db.selectFrom('periods').selectAll().where('status', '=', 'OPEN').where('lock_at', '<=', now).orderBy('end_at').execute();
  }

  /**
   * Draws a period exactly once: only an OPEN period moves to DRAWN, with its revealed seed and result.
   * Returns undefined when it was already drawn or refunded.
   */
  draw(id: string, seed: string, result: DrawResult, guard: WriteGuard): Promise<PeriodRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('periods')
        .set({ status: 'DRAWN', seed, digit: result.digit, color: result.color, big_small: result.bigSmall, drawn_at: new Date() })
        .where('id', '=', id)
        .where('status', '=', 'OPEN')
        .returningAll()
        .executeTakeFirst();
      await guard(trx);
      return row;
    });
  }

  drawnAwaitingSettlement(): Promise<PeriodRow[]> {
    return this.db.selectFrom('periods').selectAll().where('status', '=', 'DRAWN').orderBy('end_at').execute();
  }

  /** Partitions that have processed everything received before this period's lock. */
  async fencedPartitions(periodId: string): Promise<number[]> {
    const rows = await this.db.selectFrom('partition_fences').select('partition').where('period_id', '=', periodId).execute();
    return rows.map((r) => r.partition);
  }

  /**
   * Settled or refunded periods whose results are not recorded as published, taken on more than `afterMs` ago
   * (their publisher stopped in between): the current leader publishes them.
   */
  unpublished(afterMs: number): Promise<PeriodRow[]> {
    return this.db
      .selectFrom('periods')
      .selectAll()
      .where('status', 'in', ['SETTLED', 'REFUNDED'])
      .where('results_published_at', 'is', null)
      .where('end_at', '>', sql<Date>`now() - interval '1 hour'`)
      .where(sql<boolean>`coalesce(results_claimed_at, settled_at, end_at) < now() - make_interval(secs => ${afterMs / 1000})`)
      .orderBy('end_at')
      .execute();
  }

  /** Drawn periods whose game result is not recorded as broadcast, drawn more than `afterMs` ago. */
  gameResultUnpublished(afterMs: number): Promise<PeriodRow[]> {
    return this.db
      .selectFrom('periods')
      .selectAll()
      .where('drawn_at', 'is not', null)
      .where('game_result_published_at', 'is', null)
      .where('end_at', '>', sql<Date>`now() - interval '1 hour'`)
      .where('drawn_at', '<', sql<Date>`now() - make_interval(secs => ${afterMs / 1000})`)
      .orderBy('end_at')
      .execute();
  }

  /**
   * Takes on publishing a period's results again: only if they are still unpublished and nobody took them on in the
   * last `afterMs` (a conditional update: two leaders never both take them on).
   */
  async claimResults(period: PeriodRow, afterMs: number, guard: WriteGuard): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('periods')
        .set({ results_claimed_at: sql<Date>`clock_timestamp()` })
        .where('id', '=', period.id)
        .where('results_published_at', 'is', null)
        .where(sql<boolean>`coalesce(results_claimed_at, settled_at, end_at) < now() - make_interval(secs => ${afterMs / 1000})`)
        .returning('id')
        .executeTakeFirst();
      await guard(trx);
      return !!row;
    });
  }

  async markPublished(id: string): Promise<void> {
    await this.db.updateTable('periods').set({ results_published_at: new Date() }).where('id', '=', id).where('results_published_at', 'is', null).execute();
  }

  async markGameResultPublished(id: string): Promise<void> {
    await this.db.updateTable('periods').set({ game_result_published_at: new Date() }).where('id', '=', id).where('game_result_published_at', 'is', null).execute();
  }
}
