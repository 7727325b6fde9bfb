import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { Database } from '@app/db';
import type { CareHistory, CarePattern, CareSignal, LimitHitKind, LimitKind } from '@app/domain';

/**
 * SQL of the care job (tables of migration 0024, and the play it reads). Reads bets, deposit claims, limit refusals and
 * changes, and self-exclusions; writes only `care_flags` and `care_scans`. No wallet, posting or journal entry.
 */
@Injectable()
export class CareSignalsRepository {
  constructor(@Inject(Database) private readonly db: Database) {}

  /** How far the previous run looked (null: never ran). */
  async scannedTo(): Promise<Date | null> {
    const row = await this.db.selectFrom('care_scans').select('scanned_to').executeTakeFirst();
    return row?.scanned_to ?? null;
  }

  async markScanned(to: Date): Promise<void> {
    await this.db
      .insertInto('care_scans')
      .values({ scanned_to: to })
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({ scanned_to: sql<Date>`greatest(care_scans.scanned_to, excluded.scanned_to)` }),
      )
      .execute();
  }

  /** Players (not administrators) who bet, claimed a deposit, hit or changed a limit, or asked to return since `since`. */
  async activeSince(since: Date): Promise<string[]> {
    const { rows } = await sql<{ user_id: string }>`
      SELECT a.user_id FROM (
        SELECT user_id FROM bets WHERE created_at > ${since}
        UNION SELECT user_id FROM transactions WHERE type = 'DEPOSIT' AND created_at > ${since}
        UNION SELECT user_id FROM limit_hits WHERE at > ${since}
        UNION SELECT user_id FROM limit_changes WHERE at > ${since}
        UNION SELECT user_id FROM play_breaks WHERE return_requested_at > ${since}
      ) a JOIN users u ON u.id = a.user_id AND u.role = 'user'
      ORDER BY a.user_id
    `.execute(this.db);
    return rows.map((r) => r.user_id);
  }

  /** Each player's history over the detectors' windows (`from`: the longest window back; limit changes 72 h more). */
  async histories(userIds: string[], from: Date, changesFrom: Date): Promise<Map<string, CareHistory>> {
    const ids = sql.val(userIds);
    const [bets, deposits, hits, changes, exclusions] = await Promise.all([
      sql<{ user_id: string; period_id: string; amount: string; win_amount: string; status: string; placed_at: Date }>`
        SELECT user_id, period_id, amount::text, win_amount::text, status, placed_at FROM bets
        WHERE user_id = ANY(${ids}::uuid[]) AND created_at > ${from}
      `.execute(this.db),
      sql<{ user_id: string; amount: string; created_at: Date }>`
        SELECT user_id, amount::text, created_at FROM transactions
        WHERE user_id = ANY(${ids}::uuid[]) AND type = 'DEPOSIT' AND created_at > ${from}
      `.execute(this.db),
      sql<{ user_id: string; kind: LimitHitKind; message: string; at: Date }>`
        SELECT user_id, kind, message, at FROM limit_hits WHERE user_id = ANY(${ids}::uuid[]) AND at > ${from}
      `.execute(this.db),
      sql<{
        user_id: string;
        kind: LimitKind;
        change: 'applied' | 'loosening';
        from_value: string | null;
        to_value: string | null;
        at: Date;
      }>`
        SELECT user_id, kind, change, from_value::text, to_value::text, at FROM limit_changes WHERE user_id = ANY(${ids}::uuid[]) AND at > ${changesFrom}
      `.execute(this.db),
      sql<{ user_id: string; ends_at: Date; return_requested_at: Date | null }>`
        SELECT user_id, ends_at, return_requested_at FROM play_breaks
        WHERE user_id = ANY(${ids}::uuid[]) AND kind = 'exclusion' AND return_requested_at > ${from}
      `.execute(this.db),
    ]);
    const histories = new Map<
      string,
      {
        bets: CareHistory['bets'][number][];
        deposits: CareHistory['deposits'][number][];
        limitHits: CareHistory['limitHits'][number][];
        limitChanges: CareHistory['limitChanges'][number][];
        exclusions: CareHistory['exclusions'][number][];
      }
    >();
    const of = (id: string) =>
      histories.get(id) ??
      histories.set(id, { bets: [], deposits: [], limitHits: [], limitChanges: [], exclusions: [] }).get(id)!;
    for (const id of userIds) of(id);
    for (const b of bets.rows) {
      of(b.user_id).bets.push({
        periodId: b.period_id,
        stakePaise: Number(b.amount),
        winPaise: b.status === 'COMPLETED' ? Number(b.win_amount) : null,
        refunded: b.status === 'REFUNDED',
        placedAtMs: new Date(b.placed_at).getTime(),
      });
    }
    for (const d of deposits.rows)
      of(d.user_id).deposits.push({ amountPaise: Number(d.amount), atMs: new Date(d.created_at).getTime() });
    for (const h of hits.rows)
      of(h.user_id).limitHits.push({ kind: h.kind, message: h.message, atMs: new Date(h.at).getTime() });
    for (const c of changes.rows) {
      of(c.user_id).limitChanges.push({
        kind: c.kind,
        change: c.change,
        fromValue: c.from_value === null ? null : Number(c.from_value),
        toValue: c.to_value === null ? null : Number(c.to_value),
        atMs: new Date(c.at).getTime(),
      });
    }
    for (const e of exclusions.rows)
      of(e.user_id).exclusions.push({
        endsAtMs: new Date(e.ends_at).getTime(),
        returnRequestedAtMs: e.return_requested_at ? new Date(e.return_requested_at).getTime() : null,
      });
    return histories;
  }

  /** When an operator last reviewed each of the players' flags (contacted or dismissed), by player and pattern. */
  async reviews(userIds: string[]): Promise<Map<string, Partial<Record<CarePattern, number>>>> {
    const rows = await this.db
      .selectFrom('care_flags')
      .select(['user_id', 'pattern', 'reviewed_at'])
      .where('user_id', 'in', userIds)
      .where('reviewed_at', 'is not', null)
      .execute();
    const reviews = new Map<string, Partial<Record<CarePattern, number>>>();
    for (const row of rows)
      (reviews.get(row.user_id) ?? reviews.set(row.user_id, {}).get(row.user_id)!)[row.pattern] =
        row.reviewed_at!.getTime();
    return reviews;
  }

  /**
   * Stores what was found: a new flag opens; a flag already there takes the new figures, and a reviewed one opens again
   * when they name an occurrence after its review (the detectors counted only those). Idempotent: one row per player
   * and pattern (`care_flags_one_per_pattern`).
   */
  async upsert(found: { userId: string; signal: CareSignal }[]): Promise<number> {
    if (found.length === 0) return 0;
    const reopen = sql`care_flags.status <> 'open' AND excluded.evidence_at > care_flags.reviewed_at`;
    const rows = await this.db
      .insertInto('care_flags')
      .values(
        found.map(({ userId, signal }) => ({
          user_id: userId,
          pattern: signal.pattern,
          summary: signal.summary,
          figures: JSON.stringify(signal.figures),
          evidence_at: new Date(signal.evidenceAtMs),
        })),
      )
      .onConflict((oc) =>
        oc.constraint('care_flags_one_per_pattern').doUpdateSet({
          summary: sql`excluded.summary`,
          figures: sql`excluded.figures`,
          evidence_at: sql`excluded.evidence_at`,
          last_seen_at: sql`now()`,
          first_seen_at: sql`CASE WHEN ${reopen} THEN now() ELSE care_flags.first_seen_at END`,
          status: sql`CASE WHEN ${reopen} THEN 'open' ELSE care_flags.status END`,
        }),
      )
      .returning('id')
      .execute();
    return rows.length;
  }
}
