import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { periodLeavesQuery, splitLeaves } from '@app/bets';
import { Database, type PeriodRow, type PublicPeriodRow } from '@app/db';
import {
  hashSeed,
  merkleRoot,
  type BeaconRound,
  type DrawResult,
  type PayoutTable,
  type PeriodTimes,
} from '@app/domain';
import type { WriteGuard } from '../leadership/fencing.js';
import { recordExposure, revealSeed, type RevealedSeed } from './settlement.service.js';

/** The beacon round a draw mixed in, with its chain. */
export interface DrawBeacon extends BeaconRound {
  chainHash: string;
}

const nodeSha256 = (bytes: Uint8Array): Uint8Array => createHash('sha256').update(bytes).digest();

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
    return this.db
      .selectFrom('periods')
      .selectAll()
      .where('start_at', '<', new Date(startMs))
      .orderBy('start_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** True when the period before index `chainIndex` of the chain is drawn or refunded (its seed is public). */
  async previousFinal(chainId: number, chainIndex: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('periods')
      .select('status')
      .where('chain_id', '=', chainId)
      .where('chain_index', '=', chainIndex - 1)
      .executeTakeFirst();
    return !!row && row.status !== 'OPEN';
  }

  /**
   * Opens a period (idempotent: an existing row is kept as it is). `seedHash` is its committed hash when it may be
   * public already (the previous period of the chain is drawn or refunded, or it is the chain's first), else null:
   * it is then written when the previous period is drawn or refunded.
   */
  async open(
    info: PeriodTimes,
    chainId: number,
    chainIndex: number,
    seedHash: string | null,
    guard: WriteGuard,
  ): Promise<PeriodRow> {
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
   * Records periods during which no engine ran (so ids have no gap): each keeps its chain index and reveals its seed
   * (as any refunded period does), has no bets, and is refunded at once with reason `missed` (nothing to publish).
   */
  async recordMissed(
    periods: Array<{ info: PeriodTimes; chainIndex: number; seedHash: string; seed: string }>,
    chainId: number,
    guard: WriteGuard,
  ): Promise<number> {
    if (periods.length === 0) return 0;
    return this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .insertInto('periods')
        .values(
          periods.map(({ info, chainIndex, seedHash, seed }) => ({
            id: info.periodId,
            start_at: new Date(info.startTime),
            lock_at: new Date(info.lockTime),
            end_at: new Date(info.endTime),
            chain_id: chainId,
            chain_index: chainIndex,
            seed_hash: seedHash,
            seed,
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
    return this.db
      .selectFrom('periods')
      .selectAll()
      .where('status', '=', 'OPEN')
      .where('lock_at', '<=', now)
      .orderBy('end_at')
      .execute();
  }

  /**
   * Draws a period exactly once: only an OPEN period moves to DRAWN, with its revealed seed, the beacon round it mixed
   * in (none with FAIRNESS_BEACON=none) and its result; the next period's committed hash (this seed) is written in the
   * same transaction. Its own committed hash is written too if it was not yet (the period before it is not drawn or
   * refunded yet, e.g. a step of it keeps failing): that period is long past its lock, so its seed may be public, and
   * one stuck period never holds up the next. Returns undefined when it was already drawn or refunded.
   */
  draw(
    period: Pick<PeriodRow, 'id' | 'chain_id' | 'chain_index'>,
    seed: string,
    result: DrawResult,
    beacon: DrawBeacon | null,
    guard: WriteGuard,
  ): Promise<PeriodRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('periods')
        .set({
          status: 'DRAWN',
          seed,
          digit: result.digit,
          color: result.color,
          big_small: result.bigSmall,
          drawn_at: new Date(),
          seed_hash: sql<string>`coalesce(seed_hash, ${hashSeed(seed)})`,
          ...(beacon
            ? {
                beacon_chain: beacon.chainHash,
                beacon_round: beacon.round,
                beacon_randomness: beacon.randomness,
                beacon_signature: beacon.signature,
              }
            : {}),
        })
        .where('id', '=', period.id)
        .where('status', '=', 'OPEN')
        .returningAll()
        .executeTakeFirst();
      if (row) await revealSeed(trx, period.id, { seed, chainId: period.chain_id, chainIndex: period.chain_index });
      await guard(trx);
      return row;
    });
  }

  /**
   * Commits a period's accepted bets, once every partition has passed its lock: the Merkle root of their leaves
   * (`betId|pseudonym|game|choice|stake`, sorted by bet id, RFC 6962 — the leaf hashes are computed by Postgres, the
   * tree here) and, per choice, what the house would pay it. Recorded once; returns the commitment recorded now, or
   * null when it already was (or the period is no longer open).
   */
  async commitBets(
    periodId: string,
    payouts: PayoutTable,
    gstBps: number,
    guard: WriteGuard,
  ): Promise<{ root: string; count: number } | null> {
    return this.db.transaction().execute(async (trx) => {
      const { rows } = await periodLeavesQuery(periodId).execute(trx);
      const { leaves, n } = rows[0]!;
      const hashes = splitLeaves(leaves, n);
      const root = merkleRoot(hashes, nodeSha256);
      const updated = await trx
        .updateTable('periods')
        .set({ bets_root: root, bets_count: n, bets_committed_at: sql<Date>`clock_timestamp()` })
        .where('id', '=', periodId)
        .where('status', '=', 'OPEN')
        .where('bets_root', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!updated) return null;
      await recordExposure(trx, periodId, payouts, gstBps);
      await guard(trx);
      return { root, count: n };
    });
  }

  /** Refunded periods of the last hour whose would-be result is not recorded yet (their seed is public). */
  refundedWithoutVoidResult(): Promise<PeriodRow[]> {
    return this.db
      .selectFrom('periods')
      .selectAll()
      .where('status', '=', 'REFUNDED')
      .where('refund_reason', 'in', ['not-drawn', 'beacon-unavailable'])
      .where('void_digit', 'is', null)
      .where('seed', 'is not', null)
      .where('end_at', '>', sql<Date>`now() - interval '1 hour'`)
      .orderBy('end_at')
      .execute();
  }

  /** Records the result a refunded period would have had, with the beacon round that makes it computable. */
  async recordVoidResult(id: string, digit: number, beacon: DrawBeacon | null, guard: WriteGuard): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('periods')
        .set({
          void_digit: digit,
          void_pays: sql<number>`house_pays[${digit + 1}]`,
          ...(beacon
            ? {
                beacon_chain: beacon.chainHash,
                beacon_round: beacon.round,
                beacon_randomness: beacon.randomness,
                beacon_signature: beacon.signature,
              }
            : {}),
        })
        .where('id', '=', id)
        .where('status', '=', 'REFUNDED')
        .where('void_digit', 'is', null)
        .execute();
      await guard(trx);
    });
  }

  /** Reveals a seed and the next period's committed hash outside a draw or refund (see `revealSeed`). */
  async reveal(periodId: string, reveal: RevealedSeed, guard: WriteGuard): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await revealSeed(trx, periodId, reveal);
      await guard(trx);
    });
  }

  drawnAwaitingSettlement(): Promise<PeriodRow[]> {
    return this.db.selectFrom('periods').selectAll().where('status', '=', 'DRAWN').orderBy('end_at').execute();
  }

  /** Partitions that have processed everything received before this period's lock. */
  async fencedPartitions(periodId: string): Promise<number[]> {
    const rows = await this.db
      .selectFrom('partition_fences')
      .select('partition')
      .where('period_id', '=', periodId)
      .execute();
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
      .where(
        sql<boolean>`coalesce(results_claimed_at, settled_at, end_at) < now() - make_interval(secs => ${afterMs / 1000})`,
      )
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
        .where(
          sql<boolean>`coalesce(results_claimed_at, settled_at, end_at) < now() - make_interval(secs => ${afterMs / 1000})`,
        )
        .returning('id')
        .executeTakeFirst();
      await guard(trx);
      return !!row;
    });
  }

  async markPublished(id: string): Promise<void> {
    await this.db
      .updateTable('periods')
      .set({ results_published_at: new Date() })
      .where('id', '=', id)
      .where('results_published_at', 'is', null)
      .execute();
  }

  async markGameResultPublished(id: string): Promise<void> {
    await this.db
      .updateTable('periods')
      .set({ game_result_published_at: new Date() })
      .where('id', '=', id)
      .where('game_result_published_at', 'is', null)
      .execute();
  }
}
