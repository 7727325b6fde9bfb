import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { Database, type PeriodRow, type PublicPeriodRow } from '@app/db';
import type { DrawResult, PeriodInfo } from '@app/domain';

/** SQL of the periods table (the round engine is its only writer). */
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

  /** Opens a period (idempotent: an existing row is kept as it is). */
  async open(info: PeriodInfo, chainId: number, chainIndex: number, seedHash: string): Promise<PeriodRow> {
    await this.db
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
    return (await this.find(info.periodId))!;
  }

  /** Open periods whose lock has passed (fences may be due) or whose end has passed (a draw is due). */
  openPastLock(now: Date): Promise<PeriodRow[]> {
    return this.db.selectFrom('periods').selectAll().where('status', '=', 'OPEN').where('lock_at', '<=', now).orderBy('end_at').execute();
  }

  /**
   * Draws a period exactly once: only an OPEN period moves to DRAWN, with its revealed seed and result.
   * Returns undefined when it was already drawn or refunded.
   */
  draw(id: string, seed: string, result: DrawResult): Promise<PeriodRow | undefined> {
    return this.db
      .updateTable('periods')
      .set({ status: 'DRAWN', seed, digit: result.digit, color: result.color, big_small: result.bigSmall, drawn_at: new Date() })
      .where('id', '=', id)
      .where('status', '=', 'OPEN')
      .returningAll()
      .executeTakeFirst();
  }

  drawnAwaitingSettlement(): Promise<PeriodRow[]> {
    return this.db.selectFrom('periods').selectAll().where('status', '=', 'DRAWN').orderBy('end_at').execute();
  }

  /** Partitions that have processed everything received before this period's lock. */
  async fencedPartitions(periodId: string): Promise<number[]> {
    const rows = await this.db.selectFrom('partition_fences').select('partition').where('period_id', '=', periodId).execute();
    return rows.map((r) => r.partition);
  }

  /** Settled or refunded periods whose messages have not gone out yet (the engine stopped in between). */
  unpublished(): Promise<PeriodRow[]> {
    return this.db
      .selectFrom('periods')
      .selectAll()
      .where('status', 'in', ['SETTLED', 'REFUNDED'])
      .where('results_published_at', 'is', null)
      .where('end_at', '>', sql<Date>`now() - interval '1 hour'`)
      .orderBy('end_at')
      .execute();
  }

  async markPublished(id: string): Promise<void> {
    await this.db.updateTable('periods').set({ results_published_at: new Date() }).where('id', '=', id).execute();
  }
}
