import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { Database, ReadDatabase, type PublicPeriodRow } from '@app/db';
import type { BetRowLike, PeriodRowLike } from '@app/realtime';

const BET_COLUMNS = sql.raw(
  'id, bet_type, bet_value, system_selected_value, amount, is_win, win_amount, status, played_from, period_id, created_at, updated_at',
);

/**
 * Reads of rounds and bets for players (the round engine is the only writer). Periods are read only through the
 * `public_periods` view, which shows a committed hash or a seed only once it reveals nothing unlocked.
 */
@Injectable()
export class RoundsRepository {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(ReadDatabase) private readonly reads: ReadDatabase,
  ) {}

  period(id: string): Promise<PublicPeriodRow | undefined> {
    return this.db.selectFrom('public_periods').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The latest drawn periods, newest first. */
  async latestResults(limit: number): Promise<PeriodRowLike[]> {
    const { rows } = await sql<PeriodRowLike>`
      SELECT id, digit, color, big_small, seed, seed_hash, drawn_at FROM public_periods
      WHERE status IN ('DRAWN', 'SETTLED') ORDER BY end_at DESC LIMIT ${limit}
    `.execute(this.db);
    return rows;
  }

  /** The bet history, which may lag a little (a read replica's); the current period's bets are the primary's. */
  async betsOf(userId: string, limit: number): Promise<BetRowLike[]> {
    const { rows } = await sql<BetRowLike>`
      SELECT ${BET_COLUMNS} FROM bets WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC LIMIT ${limit}
    `.execute(this.reads);
    return rows;
  }

  async betsInPeriod(userId: string, periodId: string): Promise<BetRowLike[]> {
    const { rows } = await sql<BetRowLike>`
      SELECT ${BET_COLUMNS} FROM bets WHERE user_id = ${userId} AND period_id = ${periodId} ORDER BY created_at
    `.execute(this.db);
    return rows;
  }

  wallet(userId: string) {
    return this.db.selectFrom('wallets').select(['main', 'bonus']).where('user_id', '=', userId).executeTakeFirst();
  }
}
