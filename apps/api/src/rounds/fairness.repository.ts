import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { periodLeavesQuery, splitLeaves } from '@app/bets';
import { Database, ReadDatabase, type PublicPeriodRow } from '@app/db';
import type { GameKey } from '@app/domain';

/** A chain as announced, with the first and last periods it has drawn so far. */
export interface ChainRow {
  id: number;
  commitment: string;
  length: number;
  first_period_id: string | null;
  announced_at: Date;
  covered_from: string | null;
  covered_to: string | null;
}

export interface BeaconChainRow {
  hash: string;
  public_key: string;
  genesis_time: number;
  period: number;
  scheme: 'bls-unchained-g1-rfc9380';
}

/** A choice's totals over a window of settled periods (paise). */
export interface ChoiceWindowRow {
  game: GameKey;
  choice: string;
  periods: number;
  stakes: string;
  credited: string;
  stake_squares: string;
}

/** A bet's leaf as its period's commitment hashed it, with its position among the period's bets. */
export interface BetLeafRow {
  id: string;
  user_id: string;
  period_id: string;
  bet_type: GameKey;
  bet_value: string;
  amount: number;
  pseudonym: string;
}

/**
 * Reads of the public fairness record, which may lag a little behind the primary (a read replica's, when one is set);
 * a player's proof is built from the primary. The api's database role reads periods only through `public_periods` and
 * chains only through `public_fairness_chains` (migration 0015): it cannot read a chain's tip, a seed before it is
 * revealed or a committed hash before it is public.
 */
@Injectable()
export class FairnessRepository {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(ReadDatabase) private readonly reads: ReadDatabase,
  ) {}

  /**
   * A period as the public record shows it. `primary`: read from the primary, as a proof reads everything it builds
   * from (its bets, their leaves and the published root must come from one server, and the newest state of it).
   */
  period(id: string, source: 'reads' | 'primary' = 'reads'): Promise<PublicPeriodRow | undefined> {
    return (source === 'primary' ? this.db : this.reads)
      .selectFrom('public_periods')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The latest drawn or refunded periods, newest first. */
  async latestRevealed(limit: number): Promise<PublicPeriodRow[]> {
    // Two index scans (drawn: periods_drawn_idx; refunded: periods_status_idx), each stopping after `limit` rows.
    const { rows } = await sql<PublicPeriodRow>`
      SELECT * FROM (
        (SELECT * FROM public_periods WHERE status IN ('DRAWN', 'SETTLED') ORDER BY end_at DESC LIMIT ${limit})
        UNION ALL
        (SELECT * FROM public_periods WHERE status = 'REFUNDED' ORDER BY end_at DESC LIMIT ${limit})
      ) revealed ORDER BY end_at DESC LIMIT ${limit}
    `.execute(this.reads);
    return rows;
  }

  /** Every chain, the latest first period first, with the periods it has covered (two index probes each). */
  async chains(): Promise<ChainRow[]> {
    const { rows } = await sql<ChainRow>`
      SELECT c.id, c.commitment, c.length, c.first_period_id, c.announced_at,
             (SELECT id FROM public_periods WHERE chain_id = c.id ORDER BY chain_index ASC LIMIT 1) AS covered_from,
             (SELECT id FROM public_periods WHERE chain_id = c.id ORDER BY chain_index DESC LIMIT 1) AS covered_to
      FROM public_fairness_chains c
      ORDER BY c.first_period_id DESC NULLS LAST, c.id DESC
    `.execute(this.reads);
    return rows;
  }

  beaconChains(): Promise<BeaconChainRow[]> {
    return this.reads
      .selectFrom('beacon_chains')
      .select(['hash', 'public_key', 'genesis_time', 'period', 'scheme'])
      .execute();
  }

  /** The beacon chain of the latest drawn period; null when it was drawn without one (or nothing was drawn). */
  async latestBeaconChain(): Promise<string | null> {
    const row = await this.reads
      .selectFrom('public_periods')
      .select('beacon_chain')
      .where('status', 'in', ['DRAWN', 'SETTLED'])
      .orderBy('end_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.beacon_chain ?? null;
  }

  /** Refunded periods by reason, their stakes, and what their would-be results would have paid (paise as text). */
  async refunds(): Promise<
    {
      reason: string | null;
      periods: number;
      with_bets: number;
      stakes: string;
      known: number;
      known_stakes: string;
      would_pay: string;
    }[]
  > {
    const { rows } = await sql<{
      reason: string | null;
      periods: number;
      with_bets: number;
      stakes: string;
      known: number;
      known_stakes: string;
      would_pay: string;
    }>`
      SELECT p.refund_reason AS reason, count(*)::int AS periods,
             count(*) FILTER (WHERE s.stakes > 0)::int AS with_bets,
             coalesce(sum(s.stakes), 0)::text AS stakes,
             count(*) FILTER (WHERE s.stakes > 0 AND p.void_pays IS NOT NULL)::int AS known,
             coalesce(sum(s.stakes) FILTER (WHERE p.void_pays IS NOT NULL), 0)::text AS known_stakes,
             coalesce(sum(p.void_pays) FILTER (WHERE s.stakes > 0), 0)::text AS would_pay
      FROM public_periods p
      LEFT JOIN LATERAL (SELECT sum(stakes) AS stakes FROM period_choices pc WHERE pc.period_id = p.id) s ON true
      WHERE p.status = 'REFUNDED'
      GROUP BY p.refund_reason
    `.execute(this.reads);
    return rows;
  }

  /** Total stakes per period (paise), for the periods listed. */
  async stakes(periodIds: readonly string[]): Promise<Map<string, number>> {
    if (periodIds.length === 0) return new Map();
    const rows = await this.reads
      .selectFrom('period_choices')
      .select(['period_id', sql<string>`sum(stakes)::text`.as('stakes')])
      .where('period_id', 'in', periodIds)
      .groupBy('period_id')
      .execute();
    return new Map(rows.map((r) => [r.period_id, Number(r.stakes)]));
  }

  /** The last `limit` settled periods: their digit and what the house would have paid per digit. */
  async settledExposure(limit: number): Promise<{ digit: number; house_pays: string[] | null }[]> {
    const { rows } = await sql<{ digit: number; house_pays: string[] | null }>`
      SELECT digit, house_pays FROM public_periods WHERE status = 'SETTLED' ORDER BY end_at DESC LIMIT ${limit}
    `.execute(this.reads);
    return rows;
  }

  /** Per choice over the last `limit` settled periods: periods with stakes, stakes, credited, Σ stakes². */
  async choicesOverWindow(limit: number): Promise<ChoiceWindowRow[]> {
    const { rows } = await sql<ChoiceWindowRow>`
      WITH w AS (SELECT id FROM public_periods WHERE status = 'SETTLED' ORDER BY end_at DESC LIMIT ${limit})
      SELECT pc.game, pc.choice, count(*)::int AS periods, sum(pc.stakes)::text AS stakes,
             sum(coalesce(pc.credited, 0))::text AS credited, sum(pc.stakes::numeric * pc.stakes)::text AS stake_squares
      FROM period_choices pc JOIN w ON w.id = pc.period_id
      GROUP BY pc.game, pc.choice
    `.execute(this.reads);
    return rows;
  }

  /** A bet with what its leaf commits to (its player's pseudonym), if it is the player's own. */
  betLeaf(userId: string, betId: string): Promise<BetLeafRow | undefined> {
    return this.db
      .selectFrom('bets as b')
      .innerJoin('users as u', 'u.id', 'b.user_id')
      .select([
        'b.id',
        'b.user_id',
        'b.period_id',
        'b.bet_type',
        'b.bet_value',
        'b.amount',
        sql<string>`u.bet_pseudonym::text`.as('pseudonym'),
      ])
      .where('b.id', '=', betId)
      .where('b.user_id', '=', userId)
      .executeTakeFirst() as Promise<BetLeafRow | undefined>;
  }

  /**
   * The leaf hashes of a period's bets as its commitment built them (sorted by bet id), recomputed from the bets as
   * they are now: a bet added, removed or changed after the lock changes them, and the proof no longer reaches the
   * root published at the lock.
   */
  async leafHashes(periodId: string): Promise<{ ids: string[]; leaves: Uint8Array[] }> {
    const { rows } = await periodLeavesQuery(periodId).execute(this.db);
    const row = rows[0];
    return { ids: row?.ids ?? [], leaves: row ? splitLeaves(row.leaves, row.n) : [] };
  }
}
