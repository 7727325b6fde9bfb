import { Inject, Injectable } from '@nestjs/common';
import DataLoader from 'dataloader';
import { sql } from 'kysely';
import { Database, ReadDatabase, type PublicPeriodRow } from '@app/db';
import type { BetRowLike, PeriodRowLike } from '@app/realtime';
import { gatheredBatches } from './gathered-batches.js';

const BET_COLUMNS = sql.raw(
  'id, bet_type, bet_value, system_selected_value, amount, is_win, win_amount, status, played_from, period_id, created_at, updated_at',
);

/**
 * The shortest time between two batches of the screens' reads (`gatheredBatches`): a lone request goes at the next
 * turn, requests that keep coming wait up to this long and share a statement.
 */
export const SCREEN_READS_GAP_MS = 20;
/** Most players one statement reads. */
const MAX_BATCH = 1000;

/** A player's wallet (paise; undefined for none) and their bets in one period. */
export interface PlayerInPeriod {
  wallet: { main: number; bonus: number } | undefined;
  bets: BetRowLike[];
}

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

  /**
   * A player's wallet (main and bonus, paise; undefined for none) and their bets in `periodId`, oldest first. The
   * reads asked for together (in one turn of the event loop, or while the batch before waits out
   * SCREEN_READS_GAP_MS) go to Postgres as two statements run side by side (`walletsOf`, `betsInPeriodOf`), and every
   * caller of the batch is answered at once: every game screen asks for its balance and the
   * period's bets when a period opens (SPEC section 5), so thousands of sockets ask at the same instant, and a
   * statement per socket and request would be that many round trips at the round's busiest moment.
   */
  playerInPeriod(userId: string, periodId: string): Promise<PlayerInPeriod> {
    return this.players.load(`${periodId} ${userId}`);
  }

  /** Several players' wallets in one statement. */
  async walletsOf(userIds: readonly string[]): Promise<Map<string, { main: number; bonus: number }>> {
    const { rows } = await sql<{ user_id: string; main: number; bonus: number }>`
      SELECT user_id, main, bonus FROM wallets WHERE user_id = ANY(${[...new Set(userIds)]}::uuid[])
    `.execute(this.db);
    return new Map(rows.map((r) => [r.user_id, { main: r.main, bonus: r.bonus }]));
  }

  /** Several players' bets in one period, in one statement: by player, oldest first. */
  async betsInPeriodOf(periodId: string, userIds: readonly string[]): Promise<Map<string, BetRowLike[]>> {
    const { rows } = await sql<BetRowLike & { user_id: string }>`
      SELECT user_id, ${BET_COLUMNS} FROM bets WHERE period_id = ${periodId} AND user_id = ANY(${[...new Set(userIds)]}::uuid[])
      ORDER BY created_at, id
    `.execute(this.db);
    const byPlayer = new Map<string, BetRowLike[]>();
    for (const { user_id, ...bet } of rows) {
      const bets = byPlayer.get(user_id);
      if (bets) bets.push(bet);
      else byPlayer.set(user_id, [bet]);
    }
    return byPlayer;
  }

  /** No cache: every load reads the database (balances and bets change); only the statements are shared. */
  private readonly players = new DataLoader<string, PlayerInPeriod>(
    async (keys) => {
      const byPeriod = new Map<string, Set<string>>();
      for (const key of keys) {
        const [periodId, userId] = key.split(' ') as [string, string];
        const players = byPeriod.get(periodId);
        if (players) players.add(userId);
        else byPeriod.set(periodId, new Set([userId]));
      }
      // A screen asks for its balance and its bets in one go: the same player twice in a batch, read once.
      const userIds = [...new Set(keys.map((key) => key.split(' ')[1]!))];
      const [wallets, bets] = await Promise.all([
        this.walletsOf(userIds),
        Promise.all(
          [...byPeriod].map(
            async ([periodId, ids]) => [periodId, await this.betsInPeriodOf(periodId, [...ids])] as const,
          ),
        ).then((found) => new Map(found)),
      ]);
      return keys.map((key) => {
        const [periodId, userId] = key.split(' ') as [string, string];
        return { wallet: wallets.get(userId), bets: bets.get(periodId)?.get(userId) ?? [] };
      });
    },
    { cache: false, batchScheduleFn: gatheredBatches(SCREEN_READS_GAP_MS), maxBatchSize: MAX_BATCH },
  );
}
