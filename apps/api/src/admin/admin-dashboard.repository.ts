import { Inject, Injectable } from '@nestjs/common';
import { sql, type Transaction } from 'kysely';
import { ReadDatabase, type DB } from '@app/db';

/** How many rows each "recent" list of the dashboard holds. */
export const RECENT_LIMIT = 10;

/**
 * The dashboard's figures as Postgres computes them. Money is paise as exact decimal text: sums over every player
 * pass 2^53 long before any single amount does, so they are never read as numbers (see exactPaise). Counts are
 * numbers.
 */
export interface DashboardFigures {
  total_deposit: string;
  pending_deposit: string;
  completed_deposit: string;
  total_withdraw: string;
  pending_withdraw: string;
  completed_withdraw: string;
  total_bets: number;
  pending_bets: number;
  completed_bets: number;
  total_users: number;
  total_wallet_balance: string;
  total_game_results: number;
}

/** SQL of the admin dashboard: one aggregate statement for the figures, three indexed reads for the lists. */
@Injectable()
export class AdminDashboardRepository {
  /** Reads only, of figures that may lag a little (a read replica's, when one is set). */
  constructor(@Inject(ReadDatabase) private readonly db: ReadDatabase) {}

  /** Runs the reads in one read-only REPEATABLE READ snapshot, so the figures and the lists agree. */
  snapshot<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(work);
  }

  /**
   * Every figure in one statement, each table scanned once: deposits and withdrawals by status (sums of paise),
   * bets by status (counts), players and their wallets (main + bonus), drawn periods (DRAWN or SETTLED). Sums stay
   * numeric (exact, no bigint overflow) and leave Postgres as text.
   */
  async figures(trx: Transaction<DB>): Promise<DashboardFigures> {
    const { rows } = await sql<DashboardFigures>`
      WITH payments AS (
        SELECT
          coalesce(sum(amount) FILTER (WHERE type = 'DEPOSIT'), 0)::text AS total_deposit,
          coalesce(sum(amount) FILTER (WHERE type = 'DEPOSIT' AND status = 'PENDING'), 0)::text AS pending_deposit,
          coalesce(sum(amount) FILTER (WHERE type = 'DEPOSIT' AND status = 'COMPLETED'), 0)::text AS completed_deposit,
          coalesce(sum(amount) FILTER (WHERE type = 'WITHDRAWAL'), 0)::text AS total_withdraw,
          coalesce(sum(amount) FILTER (WHERE type = 'WITHDRAWAL' AND status = 'PENDING'), 0)::text AS pending_withdraw,
          coalesce(sum(amount) FILTER (WHERE type = 'WITHDRAWAL' AND status = 'COMPLETED'), 0)::text AS completed_withdraw
        FROM transactions
        WHERE type IN ('DEPOSIT', 'WITHDRAWAL')
      ),
      bet_counts AS (
        SELECT
          count(*) AS total_bets,
          count(*) FILTER (WHERE status = 'PENDING') AS pending_bets,
          count(*) FILTER (WHERE status = 'COMPLETED') AS completed_bets
        FROM bets
      ),
      players AS (
        SELECT count(*) AS total_users, coalesce(sum(w.main::numeric + w.bonus), 0)::text AS total_wallet_balance
        FROM users u
        LEFT JOIN wallets w ON w.user_id = u.id
        WHERE u.role = 'user'
      ),
      drawn AS (
        SELECT count(*) AS total_game_results FROM public_periods WHERE status IN ('DRAWN', 'SETTLED')
      )
      SELECT * FROM payments, bet_counts, players, drawn
    `.execute(trx);
    return rows[0]!;
  }

  recentUsers(trx: Transaction<DB>) {
    return trx
      .selectFrom('users')
      .select(['id', 'username', 'email', 'created_at'])
      .where('role', '=', 'user')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(RECENT_LIMIT)
      .execute();
  }

  recentBets(trx: Transaction<DB>) {
    return trx
      .selectFrom('bets as b')
      .innerJoin('users as u', 'u.id', 'b.user_id')
      .select(['b.id', 'b.amount', 'b.status', 'b.created_at', 'u.username'])
      .orderBy('b.created_at', 'desc')
      .orderBy('b.id', 'desc')
      .limit(RECENT_LIMIT)
      .execute();
  }

  /** The latest drawn periods (newest first), as the round engine recorded them (read through the public view). */
  recentResults(trx: Transaction<DB>) {
    return trx
      .selectFrom('public_periods')
      .select(['id', 'digit', 'color', 'big_small', 'drawn_at', 'end_at'])
      .where('status', 'in', ['DRAWN', 'SETTLED'])
      .orderBy('end_at', 'desc')
      .limit(RECENT_LIMIT)
      .execute();
  }
}
