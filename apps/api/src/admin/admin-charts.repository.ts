import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { ReadDatabase } from '@app/db';
import { IST_TIME_ZONE } from '@app/domain';

/** The IST zone, written into the SQL as a literal (the charts group by IST calendar day). */
const IST = sql.lit(IST_TIME_ZONE);

/** How many settled rounds the dashboard chart shows. */
export const CHART_ROUNDS = 50;
/** How many IST days of approved payments the dashboard chart shows (today included). */
export const CHART_DAYS = 14;

/** Money is paise as exact decimal text (sums never read as numbers); counts are numbers. */
export interface RoundRow {
  period_id: string;
  bets: number;
  stake: string;
  house_result: string;
}

export interface DayRow {
  day: string;
  deposits: string;
  withdrawals: string;
}

/** SQL of the dashboard charts: aggregates only, read-only. */
@Injectable()
export class AdminChartsRepository {
  /** Reads only, of figures that may lag a little (a read replica's, when one is set). */
  constructor(@Inject(ReadDatabase) private readonly db: ReadDatabase) {}

  /**
   * The last 50 settled rounds, oldest first: bets that stood, their stakes, and the house result (stakes minus
   * the gross paid for winners = net credited + GST). Rounds without bets count as zero.
   */
  async rounds(): Promise<RoundRow[]> {
    const { rows } = await sql<RoundRow>`
      WITH recent AS (
        SELECT id FROM public_periods WHERE status = 'SETTLED' ORDER BY id DESC LIMIT ${CHART_ROUNDS}
      )
      SELECT
        r.id AS period_id,
        (count(b.id) FILTER (WHERE b.status <> 'REFUNDED'))::int AS bets,
        coalesce(sum(b.amount::numeric) FILTER (WHERE b.status <> 'REFUNDED'), 0)::text AS stake,
        coalesce(sum(b.amount::numeric - b.win_amount - b.gst_amount) FILTER (WHERE b.status = 'COMPLETED'), 0)::text AS house_result
      FROM recent r
      LEFT JOIN bets b ON b.period_id = r.id
      GROUP BY r.id
      ORDER BY r.id
    `.execute(this.db);
    return rows;
  }

  /** Approved deposits and withdrawals per IST calendar day of approval, for the last 14 days (zero days kept). */
  async days(): Promise<DayRow[]> {
    const { rows } = await sql<DayRow>`
      WITH days AS (
        SELECT generate_series(
          (now() AT TIME ZONE ${IST})::date - ${CHART_DAYS - 1}::int,
          (now() AT TIME ZONE ${IST})::date,
          interval '1 day'
        )::date AS day
      ),
      approved AS (
        SELECT (reviewed_at AT TIME ZONE ${IST})::date AS day, type, amount
        FROM transactions
        WHERE status = 'COMPLETED' AND type IN ('DEPOSIT', 'WITHDRAWAL')
          AND reviewed_at >= (((now() AT TIME ZONE ${IST})::date - ${CHART_DAYS - 1}::int)::timestamp AT TIME ZONE ${IST})
      )
      SELECT
        to_char(d.day, 'YYYY-MM-DD') AS day,
        coalesce(sum(a.amount::numeric) FILTER (WHERE a.type = 'DEPOSIT'), 0)::text AS deposits,
        coalesce(sum(a.amount::numeric) FILTER (WHERE a.type = 'WITHDRAWAL'), 0)::text AS withdrawals
      FROM days d
      LEFT JOIN approved a ON a.day = d.day
      GROUP BY d.day
      ORDER BY d.day
    `.execute(this.db);
    return rows;
  }
}
