import { Inject, Injectable, Logger } from '@nestjs/common';
import { sql, type Transaction } from 'kysely';
import { AppConfig } from '@app/config';
import type { BetStatus } from '@app/contracts';
import { Database, pgArray, type DB, type PeriodRow, type RefundReason } from '@app/db';
import {
  housePaysByDigit,
  istDateKey,
  periodRefundDescription,
  periodRefundedMessage,
  UUID_PATTERN,
  type GameKey,
  type PayoutTable,
  type PeriodRefundCause,
} from '@app/domain';
import {
  Accounts,
  betPayoutSql,
  drawnGamesSql,
  drawnOutcomeSql,
  gstSql,
  netWinSql,
  payoutRowsSql,
  recordSetBasedEntry,
  userAccountSql,
  winToBonusSql,
} from '@app/ledger';
import { toBalanceUpdate, toBetResult, toWireBet, userRoom, type SocketMessage } from '@app/realtime';
import type { WriteGuard } from '../leadership/fencing.js';

/** No check: for callers that are not leaders (tests driving settlement directly). */
const UNGUARDED: WriteGuard = async () => {};

/**
 * Bets per slice of a period's results: what is read from the database and published to Redis at a time (built
 * `BUILD_BETS_PER_TURN` bets per turn of the event loop).
 */
export const RESULT_SLICE_BETS = 2000;
const BUILD_BETS_PER_TURN = 200;

/** A drawn period's selected values as SQL parameters (`drawnGamesSql`). */
function drawnValues(period: Pick<PeriodRow, 'color' | 'big_small' | 'digit'>) {
  return { color: sql`${period.color}`, bigSmall: sql`${period.big_small}`, digit: sql`${String(period.digit)}` };
}

/** Why a refunded period was refunded, in the words its players are told (libs/domain). */
function refundCause(reason: RefundReason | null): PeriodRefundCause {
  return reason ?? 'not-drawn';
}

/** A refunded period's seed, revealed with the refund (its chain place, so the next period's hash goes public too). */
export interface RevealedSeed {
  seed: string;
  chainId: number;
  chainIndex: number;
}

/**
 * Records a period's seed as public (drawn or refunded) and, in the same transaction, the committed hash of the
 * period after it in the chain (= this seed), which may be public from now on.
 */
export async function revealSeed(trx: Transaction<DB>, periodId: string, reveal: RevealedSeed): Promise<void> {
  await sql`UPDATE periods SET seed = ${reveal.seed} WHERE id = ${periodId} AND seed IS NULL`.execute(trx);
  await sql`UPDATE periods SET seed_hash = ${reveal.seed} WHERE chain_id = ${reveal.chainId} AND chain_index = ${reveal.chainIndex + 1} AND seed_hash IS NULL`.execute(
    trx,
  );
}

/**
 * Records, once, the house's exposure on a period whose bets are final (committed at the lock, or settled or refunded):
 * per choice, its bets, stakes and what the house would pay it if it won (net of GST, bet by bet, at each bet's
 * recorded payout; `payouts` only for bets placed before payouts were recorded), and from those what it would pay for
 * each digit (`house_pays`, public once the period is settled or refunded).
 */
export async function recordExposure(
  trx: Transaction<DB>,
  periodId: string,
  payouts: PayoutTable,
  gstBps: number,
): Promise<void> {
  // Recorded at the lock already (the usual case): nothing to read again in the settlement's transaction.
  const { rows: done } = await sql<{
    done: boolean;
  }>`SELECT house_pays IS NOT NULL AS done FROM periods WHERE id = ${periodId}`.execute(trx);
  if (done[0]?.done) return;
  await sql`
    INSERT INTO period_choices (period_id, game, choice, bets, stakes, pays)
    SELECT b.period_id, b.bet_type, b.bet_value, count(*)::int, sum(b.amount)::bigint,
           coalesce(sum(${netWinSql(sql.ref('b.amount'), betPayoutSql(sql.ref('b.payout'), sql.ref('g.payouts'), sql.ref('b.bet_value')), gstBps)}), 0)::bigint
    FROM bets b JOIN (${payoutRowsSql(payouts)}) AS g (bet_type, payouts) ON g.bet_type = b.bet_type
    WHERE b.period_id = ${periodId}
    GROUP BY b.period_id, b.bet_type, b.bet_value
    ON CONFLICT DO NOTHING
  `.execute(trx);
  const { rows } = await sql<{ game: GameKey; choice: string; bets: number; stakes: number; pays: number }>`
    SELECT game, choice, bets, stakes, pays FROM period_choices WHERE period_id = ${periodId}
  `.execute(trx);
  const pays = housePaysByDigit(rows.map((r) => ({ ...r, stakes: Number(r.stakes), pays: Number(r.pays) })));
  await sql`UPDATE periods SET house_pays = ${pgArray(pays)}::bigint[] WHERE id = ${periodId} AND house_pays IS NULL`.execute(
    trx,
  );
}

/** The columns of a result read: the bet, its times as epoch milliseconds, its player's wallet. */
const RESULT_COLUMNS = sql`b.id, b.user_id, b.bet_type, b.bet_value, b.amount, b.is_win, b.win_amount, b.system_selected_value, b.status,
               b.played_from, b.period_id, (extract(epoch FROM b.created_at) * 1000)::float8 AS created_ms,
               (extract(epoch FROM b.updated_at) * 1000)::float8 AS updated_ms, w.main, w.bonus`;

/** The results of a period's players who were online when they went out, by player. */
export function onlineResultsQuery(periodId: string, online: readonly string[]) {
  return sql<ResultRow>`
        SELECT ${RESULT_COLUMNS}
        FROM bets b JOIN wallets w ON w.user_id = b.user_id JOIN unnest(${[...online]}::uuid[]) AS online(user_id) ON online.user_id = b.user_id
        WHERE b.period_id = ${periodId}
        ORDER BY b.user_id, b.id`;
}

/**
 * The results of a period's players who were not online when they went out, by player. The online list is a filter
 * (`<> ALL`, which Postgres checks through a hash of the list), not an anti-join, whose plan follows the estimate of
 * the period's rows: with statistics taken before the period's bets came (after an earlier round, or while the
 * partition was empty) Postgres chose a nested loop that compared every bet with every online player: 3–4 s of a
 * whole-stack bench's round of 15,000 bets with 10,000 players online, against 18–38 ms as a filter.
 */
export function otherResultsQuery(periodId: string, online: readonly string[]) {
  return sql<ResultRow>`
        SELECT ${RESULT_COLUMNS}
        FROM bets b JOIN wallets w ON w.user_id = b.user_id
        WHERE b.period_id = ${periodId} AND b.user_id <> ALL(${[...online]}::uuid[])
        ORDER BY b.user_id, b.id`;
}

/** A settled or refunded bet as its result is published, with its player's balance. */
export interface SettledBetRow {
  id: string;
  user_id: string;
  bet_type: string;
  bet_value: string;
  amount: number;
  is_win: boolean | null;
  win_amount: number;
  system_selected_value: string | null;
  status: BetStatus;
  played_from: string;
  period_id: string;
  created_at: Date;
  updated_at: Date;
  main: number;
  bonus: number;
}

type ResultRow = Omit<SettledBetRow, 'created_at' | 'updated_at'> & { created_ms: number; updated_ms: number };

export interface SettlementOutcome {
  period: PeriodRow;
  /** Bets settled (or refunded). */
  bets: number;
  /** Wallets credited. */
  wallets: number;
  ms: number;
}

/**
 * Settles a drawn period, set-based, in one transaction guarded by the period's status (DRAWN → SETTLED happens
 * once; a second call finds nothing to do). Winners are credited net of GST, each at the payout recorded with its bet
 * when it was placed (a bet placed before payouts were recorded: its choice's payout in force now, then recorded on
 * it), so a period settles with the payouts in force when its bets were placed; the whole period is one journal
 * entry: house:stakes releases every stake, each winner receives the net win (the win of a stake's bonus-paid part
 * to bonus, where it stays play money until played through; the rest to main), house:gst the tax, and house:pnl the
 * rest. Refunds (a period that could not be drawn in time) return every stake the same way.
 *
 * Nothing per bet passes through Node inside the transaction: the bets, the journal entry, its postings and the
 * players' wallets (locked in user-id order, last) are written by one statement, so the next round's bets wait on
 * the wallets as briefly as possible. The results (a bet-result per bet, a balance-update per player) are read after
 * the commit, a slice at a time (`resultSlices`).
 */
@Injectable()
export class SettlementService {
  private readonly logger = new Logger('Settlement');

  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  /**
   * `guard` runs as the transaction's last statement (the leader's fencing check): a settler that lost its lease
   * settles nothing.
   */
  async settle(periodId: string, guard: WriteGuard = UNGUARDED): Promise<SettlementOutcome | null> {
    const started = Date.now();
    const { payouts, gstBps } = this.config;
    const outcome = await this.db.transaction().execute(async (trx) => {
      // Exactly once: only a DRAWN period moves to SETTLED.
      const period = await trx
        .updateTable('periods')
        .set({ status: 'SETTLED', settled_at: new Date() })
        .where('id', '=', periodId)
        .where('status', '=', 'DRAWN')
        .returningAll()
        .executeTakeFirst();
      if (!period) return null;
      const digit = String(period.digit);
      // One statement settles every pending bet of the period and records the period's journal entry (through the
      // ledger): win or loss, the value the draw selected for its game, gross = stake × the bet's payout (half up),
      // GST = rate × (gross − stake) (half up), credited = gross − GST; then the entry's postings, aggregated per
      // winner, and the winners' wallets. The ledger throws if the postings do not balance (nothing is committed).
      const amount = sql.ref('b.amount');
      const payout = betPayoutSql(sql.ref('b.payout'), sql.ref('g.payouts'), sql.ref('b.bet_value'));
      const totals = await recordSetBasedEntry<{ bets: number; winners: number }>(trx, {
        with: sql`g (bet_type, selected, payouts) AS (
          ${drawnGamesSql(payouts, drawnValues(period))}
        ), settled AS (
          UPDATE bets b SET
            status = 'COMPLETED',
            payout = ${payout},
            is_win = (b.bet_value = g.selected),
            win_amount = CASE WHEN b.bet_value = g.selected THEN ${netWinSql(amount, payout, gstBps)} ELSE 0 END,
            gst_amount = CASE WHEN b.bet_value = g.selected THEN ${gstSql(amount, payout, gstBps)} ELSE 0 END,
            win_to_bonus = CASE WHEN b.bet_value = g.selected AND b.from_bonus > 0 THEN ${winToBonusSql(netWinSql(amount, payout, gstBps), sql.ref('b.from_bonus'), amount)} ELSE 0 END,
            system_selected_value = g.selected,
            updated_at = now()
          FROM g WHERE b.bet_type = g.bet_type AND b.period_id = ${periodId} AND b.status = 'PENDING'
          RETURNING b.user_id, b.amount, b.is_win, b.win_amount, b.gst_amount, b.win_to_bonus
        ), credits AS (
          SELECT user_id, sum(win_amount - win_to_bonus)::bigint AS main, sum(win_to_bonus)::bigint AS bonus
          FROM settled WHERE is_win AND win_amount > 0 GROUP BY user_id
        ), totals AS (
          SELECT count(*)::int AS bets,
                 coalesce(sum(amount), 0)::bigint AS stakes,
                 coalesce(sum(win_amount) FILTER (WHERE is_win), 0)::bigint AS credited,
                 coalesce(sum(gst_amount) FILTER (WHERE is_win), 0)::bigint AS gst,
                 (SELECT count(*) FROM credits)::int AS winners
          FROM settled
        )`,
        type: 'PeriodSettled',
        stream: `period:${periodId}`,
        payload: sql`jsonb_build_object('periodId', ${periodId}::text, 'digit', ${period.digit}::int, 'color', ${period.color}::text,
                                        'bigSmall', ${period.big_small}::text, 'bets', t.bets, 'winners', t.winners, 'stakes', t.stakes,
                                        'credited', t.credited, 'gst', t.gst)`,
        from: sql`totals t`,
        postings: sql`
          SELECT ${Accounts.houseStakes}::text AS account, -t.stakes AS amount FROM totals t WHERE t.stakes > 0
          UNION ALL SELECT ${userAccountSql(sql.ref('c.user_id'), 'main')}, c.main FROM credits c WHERE c.main > 0
          UNION ALL SELECT ${userAccountSql(sql.ref('c.user_id'), 'bonus')}, c.bonus FROM credits c WHERE c.bonus > 0
          UNION ALL SELECT ${Accounts.houseGst}::text, t.gst FROM totals t WHERE t.gst > 0
          UNION ALL SELECT ${Accounts.housePnl}::text, t.stakes - t.credited - t.gst FROM totals t WHERE t.stakes - t.credited - t.gst <> 0`,
        result: sql`SELECT t.bets, t.winners FROM totals t`,
        // And the winners' wallets, locked in user-id order and credited in the same statement.
        walletDeltas: sql`SELECT user_id, main, bonus FROM credits`,
      });
      const wallets = totals.wallets;
      await recordExposure(trx, periodId, payouts, gstBps);
      // What each choice was credited: its pay-out if the draw selected it, else nothing.
      await sql`
        UPDATE period_choices pc SET credited = CASE WHEN pc.choice = g.selected THEN pc.pays ELSE 0 END
        FROM (VALUES ('color', ${period.color}::text), ('bigSmall', ${period.big_small}::text), ('number', ${digit}::text)) AS g (game, selected)
        WHERE pc.period_id = ${periodId} AND pc.game = g.game
      `.execute(trx);
      // settled_at records when the settlement's work was done (the status changed at the start of the transaction);
      // the settler takes on publishing the results from that instant.
      await sql`UPDATE periods SET settled_at = clock_timestamp(), results_claimed_at = clock_timestamp() WHERE id = ${periodId}`.execute(
        trx,
      );
      await guard(trx);
      return { period, bets: Number(totals.bets), wallets, ms: 0 };
    });
    if (outcome) {
      outcome.ms = Date.now() - started;
      this.logger.log({
        msg: 'period settled',
        periodId,
        bets: outcome.bets,
        wallets: outcome.wallets,
        ms: outcome.ms,
      });
    }
    return outcome;
  }

  /**
   * Refunds a period that was never drawn (OPEN; reason `not-drawn` or `beacon-unavailable`, as the period lifecycle
   * decides). A drawn period is never refunded: its result is public, and voiding it would let whoever stalls the
   * engine void the rounds the house loses. The terms allow reversing unsettled bets after a technical error:
   * → REFUNDED once; every pending stake goes back where it came from (bonus part to bonus), with a REFUND transaction
   * per player. Its seed is revealed with it (`reveal`), so the result it would have had becomes computable once its
   * beacon is known, and its choices' exposure is recorded. Set-based as `settle`.
   */
  async refund(
    periodId: string,
    reason: 'not-drawn' | 'beacon-unavailable' = 'not-drawn',
    guard: WriteGuard = UNGUARDED,
    reveal?: RevealedSeed,
  ): Promise<SettlementOutcome | null> {
    const started = Date.now();
    const { payouts, gstBps } = this.config;
    const outcome = await this.db.transaction().execute(async (trx) => {
      const period = await trx
        .updateTable('periods')
        .set({ status: 'REFUNDED', refund_reason: reason, results_claimed_at: sql<Date>`clock_timestamp()` })
        .where('id', '=', periodId)
        .where('status', '=', 'OPEN')
        .returningAll()
        .executeTakeFirst();
      if (!period) return null;
      if (reveal) await revealSeed(trx, periodId, reveal);
      await recordExposure(trx, periodId, payouts, gstBps);
      // One statement refunds every pending bet, records the period's journal entry (through the ledger, which throws
      // if it does not balance) and a REFUND receipt per player.
      const totals = await recordSetBasedEntry<{ bets: number; players: number; receipts: number }>(trx, {
        with: sql`refunded AS (
          UPDATE bets SET status = 'REFUNDED', updated_at = now() WHERE period_id = ${periodId} AND status = 'PENDING'
          RETURNING user_id, amount, from_bonus
        ), back AS (
          SELECT user_id, sum(amount - from_bonus)::bigint AS main, sum(from_bonus)::bigint AS bonus FROM refunded GROUP BY user_id
        ), totals AS (
          SELECT count(*)::int AS bets, coalesce(sum(amount), 0)::bigint AS total FROM refunded
        ), receipts AS (
          INSERT INTO transactions (transaction_id, user_id, wallet_id, type, method, status, amount, description, ist_day)
          -- One receipt per player and period, named by both in full: no two can share an id.
          SELECT 'RF' || ${periodId}::text || upper(replace(b.user_id::text, '-', '')), b.user_id, w.id, 'REFUND', 'REFUND', 'COMPLETED',
                 b.main + b.bonus, ${periodRefundDescription(periodId, refundCause(reason))}::text, ${istDateKey(Date.now())}::date
          FROM back b JOIN wallets w ON w.user_id = b.user_id
          RETURNING 1
        )`,
        type: 'PeriodRefunded',
        stream: `period:${periodId}`,
        payload: sql`jsonb_build_object('periodId', ${periodId}::text, 'bets', t.bets, 'total', t.total)`,
        // No bets, no entry.
        from: sql`totals t WHERE t.bets > 0`,
        postings: sql`
          SELECT ${Accounts.houseStakes}::text AS account, -t.total AS amount FROM totals t
          UNION ALL SELECT ${userAccountSql(sql.ref('b.user_id'), 'main')}, b.main FROM back b WHERE b.main > 0
          UNION ALL SELECT ${userAccountSql(sql.ref('b.user_id'), 'bonus')}, b.bonus FROM back b WHERE b.bonus > 0`,
        result: sql`SELECT t.bets, (SELECT count(*) FROM back)::int AS players, (SELECT count(*) FROM receipts)::int AS receipts FROM totals t`,
        // And, as in settle, the players' wallets, locked in user-id order and credited in the same statement.
        walletDeltas: sql`SELECT user_id, main, bonus FROM back`,
      });
      // A refund receipt per player: a player without a wallet rolls the whole refund back.
      if (totals.receipts !== totals.players) throw new Error(`a player with bets in ${periodId} has no wallet`);
      const wallets = totals.wallets;
      await guard(trx);
      return { period, bets: Number(totals.bets), wallets, ms: 0 };
    });
    if (outcome) {
      outcome.ms = Date.now() - started;
      this.logger.warn({ msg: 'period refunded', periodId, reason, bets: outcome.bets });
    }
    return outcome;
  }

  /**
   * The bet-results of a drawn period for the players in `first` (those with a live socket at the draw), as its
   * settlement records them, read from the drawn period and its bets whether or not the settlement has committed: the
   * draw is public and final (a drawn period is always settled, exactly as drawn), so the players watching learn how
   * each bet ended while the settlement writes it, and the first reads need not wait for the pages it rewrites. Each
   * bet carries the draw's time as its last change. The rows and slices are those of `resultSlices`' online players
   * (same players, order and slice size), so that a slice announced here is left out there; balances come only
   * from `resultSlices`, after the commit.
   */
  async *announcementSlices(
    period: Pick<PeriodRow, 'id' | 'status' | 'digit' | 'color' | 'big_small' | 'drawn_at'>,
    first: readonly string[],
    betsPerSlice = RESULT_SLICE_BETS,
  ): AsyncGenerator<SocketMessage[]> {
    const online = [...new Set(first.filter((id) => UUID_PATTERN.test(id)))];
    if (online.length === 0 || period.digit === null || period.drawn_at === null) return;
    if (period.status !== 'DRAWN' && period.status !== 'SETTLED') return;
    const { payouts, gstBps } = this.config;
    const timestamp = new Date().toISOString();
    const drawnAt = new Date(period.drawn_at);
    const trx = await this.db.startTransaction().setAccessMode('read only').execute();
    try {
      // Planned for reading every row, sorted in memory, as resultSlices' cursors.
      await sql`SELECT set_config('cursor_tuple_fraction', '1', true), set_config('work_mem', '64MB', true)`.execute(
        trx,
      );
      await sql`
        DECLARE announced_results NO SCROLL CURSOR FOR
        WITH g (bet_type, selected, payouts) AS (${drawnGamesSql(payouts, drawnValues(period))})
        SELECT b.id, b.user_id, b.bet_type, b.bet_value, b.amount, ${drawnOutcomeSql(gstBps)}, b.played_from, b.period_id,
               (extract(epoch FROM b.created_at) * 1000)::float8 AS created_ms
        FROM bets b JOIN wallets w ON w.user_id = b.user_id JOIN unnest(${online}::uuid[]) AS online(user_id) ON online.user_id = b.user_id
        JOIN g ON g.bet_type = b.bet_type
        WHERE b.period_id = ${period.id}
        ORDER BY b.user_id, b.id
      `.execute(trx);
      const size = Math.max(1, Math.floor(betsPerSlice));
      for (;;) {
        const { rows } = await sql<
          Omit<ResultRow, 'status' | 'updated_ms' | 'main' | 'bonus'>
        >`FETCH FORWARD ${sql.raw(String(size))} FROM announced_results`.execute(trx);
        const messages: SocketMessage[] = [];
        for (const [i, row] of rows.entries()) {
          if (i > 0 && i % BUILD_BETS_PER_TURN === 0) await new Promise((r) => setImmediate(r));
          const bet = {
            ...row,
            status: 'COMPLETED' as const,
            created_at: new Date(row.created_ms),
            updated_at: drawnAt,
          };
          messages.push({ room: userRoom(bet.user_id), event: 'bet-result', data: toBetResult(bet, timestamp) });
        }
        if (rows.length > 0 || messages.length > 0) yield messages;
        if (rows.length < size) break;
      }
    } finally {
      await trx.rollback().execute();
    }
  }

  /**
   * The results of a settled or refunded period, read from the database after its commit, a slice of
   * `betsPerSlice` bets at a time (one read-only cursor, ordered by player and bet id: the same slices every time,
   * so a republished slice is recognised). A settled bet gives a bet-result (carrying the settled bet); a refunded
   * one a bet-update, and each player of a refunded period one notice. After a player's bets comes one
   * balance-update with the balance at the time of reading.
   *
   * The players in `first` (those with a live socket when the results went out) come before all others: their
   * results reach them while the rest, who have no one to tell, are still being written. Given the same `first`,
   * the slices are the same every time. Ids that are not user ids are ignored. `announced`: how many leading slices of
   * the same period's `announcementSlices` (same `first`, same slice size) went out at the draw; those slices here
   * leave out the online players' bet-results and keep their balances.
   */
  async *resultSlices(
    period: Pick<PeriodRow, 'id' | 'status' | 'refund_reason'>,
    betsPerSlice = RESULT_SLICE_BETS,
    first: readonly string[] = [],
    announced = 0,
  ): AsyncGenerator<SocketMessage[]> {
    const online = [...new Set(first.filter((id) => UUID_PATTERN.test(id)))];
    const onlineSet = new Set(online);
    const refunded = period.status === 'REFUNDED';
    const notice = refunded ? periodRefundedMessage(period.id, refundCause(period.refund_reason)) : '';
    const timestamp = new Date().toISOString();
    const trx = await this.db.startTransaction().setAccessMode('read only').execute();
    try {
      // Planned for reading every row (not the first few, as cursors are by default: that plan walks a player index
      // over every period), sorted in memory.
      await sql`SELECT set_config('cursor_tuple_fraction', '1', true), set_config('work_mem', '64MB', true)`.execute(
        trx,
      );
      // Two cursors, read one after the other: the players online, then the others. Each is sorted on its own, so
      // the first results come as soon as the online players' few rows are sorted, not the whole period's.
      await sql`DECLARE online_results NO SCROLL CURSOR FOR ${onlineResultsQuery(period.id, online)}`.execute(trx);
      await sql`DECLARE other_results NO SCROLL CURSOR FOR ${otherResultsQuery(period.id, online)}`.execute(trx);
      const cursors = ['online_results', 'other_results'];
      /** The next `count` rows: from the first cursor until it runs out, then from the next. */
      const fetch = async (count: number): Promise<ResultRow[]> => {
        const rows: ResultRow[] = [];
        while (rows.length < count && cursors.length > 0) {
          const { rows: more } =
            await sql<ResultRow>`FETCH FORWARD ${sql.raw(String(count - rows.length))} FROM ${sql.raw(cursors[0]!)}`.execute(
              trx,
            );
          rows.push(...more);
          if (rows.length < count) cursors.shift();
        }
        return rows;
      };
      let previous: SettledBetRow | undefined;
      for (let n = 0; ; n++) {
        const rows = await fetch(Math.max(1, Math.floor(betsPerSlice)));
        // The online players' bet-results of the slices announced at the draw went out then (the same rows, in the
        // same order, as `announcementSlices` read them): only their balances are left to send.
        const told = !refunded && n < announced;
        const messages: SocketMessage[] = [];
        for (const [i, row] of rows.entries()) {
          // Built a few hundred bets at a time, letting the event loop turn in between: the bet batches of the round
          // that has just begun share this loop, and each of their round trips would otherwise wait for a whole slice.
          if (i > 0 && i % BUILD_BETS_PER_TURN === 0) await new Promise((r) => setImmediate(r));
          // Times come as epoch milliseconds: a Date from a number is far cheaper than parsing the driver's text.
          const bet: SettledBetRow = Object.assign(row, {
            created_at: new Date(row.created_ms),
            updated_at: new Date(row.updated_ms),
          });
          const first = previous?.user_id !== bet.user_id;
          if (first && previous) messages.push(balanceUpdate(previous));
          const room = userRoom(bet.user_id);
          if (refunded) {
            messages.push({ room, event: 'bet-update', data: toWireBet(bet) });
            if (first)
              messages.push({
                room,
                event: 'bet-message',
                data: { success: false, message: notice, periodId: period.id },
              });
          } else if (!(told && onlineSet.has(bet.user_id))) {
            // The settled bet itself rides along: clients merge it into their history (no separate bet-update).
            messages.push({ room, event: 'bet-result', data: toBetResult(bet, timestamp) });
          }
          previous = bet;
        }
        const last = rows.length < betsPerSlice;
        if (last && previous) messages.push(balanceUpdate(previous));
        // A slice of rows is yielded even when its every message was announced: how many slices there are depends
        // only on how many results there are, whatever the snapshot and the announcement.
        if (rows.length > 0 || messages.length > 0) yield messages;
        if (last) break;
      }
    } finally {
      await trx.rollback().execute();
    }
  }
}

function balanceUpdate(bet: SettledBetRow): SocketMessage {
  return {
    room: userRoom(bet.user_id),
    event: 'balance-update',
    data: toBalanceUpdate(Number(bet.main), Number(bet.bonus)),
  };
}
