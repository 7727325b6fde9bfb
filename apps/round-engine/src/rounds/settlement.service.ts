import { Inject, Injectable, Logger } from '@nestjs/common';
import { sql } from 'kysely';
import { AppConfig } from '@app/config';
import type { BetStatus } from '@app/contracts';
import { Database, type PeriodRow, type RefundReason } from '@app/db';
import { formatPaise, istDateKey, paiseToRupees } from '@app/domain';
import { Accounts, lockWallets, recordEntries, type Posting } from '@app/ledger';
import { toBalanceUpdate, toWireBet, userRoom, type SocketMessage } from '@app/realtime';
import type { WriteGuard } from '../leadership/fencing.js';

/** No check: for callers that are not leaders (tests driving settlement directly). */
const UNGUARDED: WriteGuard = async () => {};

/** Why a refunded period was refunded, as its players are told. */
function refundCause(reason: RefundReason | null): string {
  return reason === 'settlement-deadline' ? 'could not be settled in time' : 'could not be drawn in time';
}

export interface SettledBetRow {
  id: string;
  user_id: string;
  bet_type: string;
  bet_value: string;
  amount: number;
  from_bonus: number;
  is_win: boolean | null;
  win_amount: number;
  gst_amount: number;
  system_selected_value: string | null;
  status: BetStatus;
  played_from: string;
  period_id: string;
  created_at: Date;
  updated_at: Date;
}

export interface SettlementOutcome {
  period: PeriodRow;
  bets: SettledBetRow[];
  balances: Map<string, { main: number; bonus: number }>;
  ms: number;
}

const BET_COLUMNS = sql.raw(
  'b.id, b.user_id, b.bet_type, b.bet_value, b.amount, b.from_bonus, b.is_win, b.win_amount, b.gst_amount, b.system_selected_value, b.status, b.played_from, b.period_id, b.created_at, b.updated_at',
);

function choiceLabel(betType: string, betValue: string): string {
  if (betType === 'number') return `number ${betValue}`;
  return betValue.charAt(0).toUpperCase() + betValue.slice(1);
}

/**
 * Settles a drawn period, set-based, in one transaction guarded by the period's status (DRAWN → SETTLED happens
 * once; a second call finds nothing to do). Winners are credited net of GST; the whole period is one journal
 * entry: house:stakes releases every stake, each winner's main receives the net win, house:gst the tax, and
 * house:pnl the rest. Refunds (a period that could not be drawn in time) return every stake the same way.
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
      // Every pending bet of the period, in one statement: win or loss, the value the draw selected for its game,
      // gross = stake × payout (half up), GST = rate × (gross − stake) (half up), credited = gross − GST.
      const { rows: bets } = await sql<SettledBetRow>`
        WITH s AS (
          SELECT b.id, b.amount,
                 CASE b.bet_type WHEN 'color' THEN ${period.color} WHEN 'bigSmall' THEN ${period.big_small} ELSE ${digit} END AS selected,
                 round(b.amount * (CASE b.bet_type WHEN 'color' THEN ${payouts.color}::numeric
                                                   WHEN 'bigSmall' THEN ${payouts.bigSmall}::numeric
                                                   ELSE ${payouts.number}::numeric END)) AS gross
          FROM bets b WHERE b.period_id = ${periodId} AND b.status = 'PENDING'
        ), w AS (
          SELECT s.*, (b.bet_value = s.selected) AS win,
                 round(((s.gross - s.amount) * ${gstBps}::numeric) / 10000) AS gst
          FROM s JOIN bets b ON b.id = s.id
        )
        UPDATE bets b SET
          status = 'COMPLETED',
          is_win = w.win,
          win_amount = CASE WHEN w.win THEN w.gross - w.gst ELSE 0 END,
          gst_amount = CASE WHEN w.win THEN w.gst ELSE 0 END,
          system_selected_value = w.selected,
          updated_at = now()
        FROM w WHERE b.id = w.id
        RETURNING ${BET_COLUMNS}
      `.execute(trx);

      let stakes = 0;
      let gst = 0;
      let credited = 0;
      const winnings = new Map<string, number>();
      for (const bet of bets) {
        stakes += Number(bet.amount);
        if (bet.is_win) {
          gst += Number(bet.gst_amount);
          credited += Number(bet.win_amount);
          winnings.set(bet.user_id, (winnings.get(bet.user_id) ?? 0) + Number(bet.win_amount));
        }
      }
      const postings: Posting[] = [];
      if (stakes > 0) postings.push({ account: Accounts.houseStakes, amount: -stakes });
      for (const [userId, amount] of winnings) if (amount > 0) postings.push({ account: Accounts.userMain(userId), amount });
      if (gst > 0) postings.push({ account: Accounts.houseGst, amount: gst });
      const pnl = stakes - credited - gst;
      if (pnl !== 0) postings.push({ account: Accounts.housePnl, amount: pnl });

      // Lock the winners' wallets in user-id order (the bet processors lock in the same order: no deadlock).
      await lockWallets(trx, [...winnings.keys()]);
      const { balances } = await recordEntries(trx, [
        {
          type: 'PeriodSettled',
          stream: `period:${periodId}`,
          payload: { periodId, digit: period.digit, color: period.color, bigSmall: period.big_small, bets: bets.length, winners: winnings.size, stakes, credited, gst },
          postings,
          outbox: false,
        },
      ]);
      // settled_at records when the settlement's work was done (the status changed at the start of the transaction);
      // the settler takes on publishing the results from that instant.
      await sql`UPDATE periods SET settled_at = clock_timestamp(), results_claimed_at = clock_timestamp() WHERE id = ${periodId}`.execute(trx);
      const others = [...new Set(bets.map((b) => b.user_id))].filter((id) => !balances.has(id));
      if (others.length > 0) {
        const { rows } = await sql<{ user_id: string; main: number; bonus: number }>`
          SELECT user_id, main, bonus FROM wallets WHERE user_id = ANY(${others}::uuid[])
        `.execute(trx);
        for (const r of rows) balances.set(r.user_id, { main: Number(r.main), bonus: Number(r.bonus) });
      }
      await guard(trx);
      return { period, bets, balances, ms: 0 };
    });
    if (outcome) {
      outcome.ms = Date.now() - started;
      this.logger.log({ msg: 'period settled', periodId, bets: outcome.bets.length, ms: outcome.ms });
    }
    return outcome;
  }

  /** A bet-result (carrying the settled bet) for every bet, then one balance-update per player. */
  settlementMessages(outcome: Pick<SettlementOutcome, 'bets' | 'balances'>): SocketMessage[] {
    const messages: SocketMessage[] = [];
    const timestamp = new Date().toISOString();
    for (const bet of outcome.bets) {
      const room = userRoom(bet.user_id);
      const label = choiceLabel(bet.bet_type, bet.bet_value);
      const win = !!bet.is_win;
      messages.push({
        room,
        event: 'bet-result',
        data: {
          gameType: bet.bet_type,
          win,
          winAmount: win ? paiseToRupees(Number(bet.win_amount)) : 0,
          lossAmount: win ? 0 : paiseToRupees(Number(bet.amount)),
          message: win
            ? `You won ${formatPaise(Number(bet.win_amount))} on ${label}!`
            : `You lost ${formatPaise(Number(bet.amount))} on ${label}.`,
          timestamp,
          periodId: bet.period_id,
          betId: bet.id,
          // The settled bet itself: clients merge it into their history (no separate bet-update).
          bet: toWireBet(bet),
        },
      });
    }
    for (const [userId, balance] of outcome.balances) {
      messages.push({ room: userRoom(userId), event: 'balance-update', data: toBalanceUpdate(balance.main, balance.bonus) });
    }
    return messages;
  }

  /**
   * Refunds a period that can no longer be drawn in time (OPEN, reason `not-drawn`), or that was drawn but could not
   * be settled before the deadline (DRAWN, reason `settlement-deadline`; it keeps its revealed seed and result).
   * The terms allow reversing unsettled bets after a technical error: → REFUNDED once; every pending stake goes
   * back where it came from (bonus part to bonus), with a REFUND transaction per player.
   */
  async refund(periodId: string, reason: Exclude<RefundReason, 'missed'> = 'not-drawn', guard: WriteGuard = UNGUARDED): Promise<SettlementOutcome | null> {
    const started = Date.now();
    const outcome = await this.db.transaction().execute(async (trx) => {
      const period = await trx
        .updateTable('periods')
        .set({ status: 'REFUNDED', refund_reason: reason, results_claimed_at: sql<Date>`clock_timestamp()` })
        .where('id', '=', periodId)
        .where('status', '=', reason === 'not-drawn' ? 'OPEN' : 'DRAWN')
        .returningAll()
        .executeTakeFirst();
      if (!period) return null;
      const { rows: bets } = await sql<SettledBetRow>`
        UPDATE bets b SET status = 'REFUNDED', updated_at = now()
        WHERE b.period_id = ${periodId} AND b.status = 'PENDING'
        RETURNING ${BET_COLUMNS}
      `.execute(trx);
      const perUser = new Map<string, { main: number; bonus: number }>();
      let total = 0;
      for (const bet of bets) {
        const amount = Number(bet.amount);
        const fromBonus = Number(bet.from_bonus);
        total += amount;
        const entry = perUser.get(bet.user_id) ?? { main: 0, bonus: 0 };
        entry.main += amount - fromBonus;
        entry.bonus += fromBonus;
        perUser.set(bet.user_id, entry);
      }
      if (bets.length === 0) {
        await guard(trx);
        return { period, bets, balances: new Map(), ms: 0 };
      }
      const postings: Posting[] = [{ account: Accounts.houseStakes, amount: -total }];
      for (const [userId, back] of perUser) {
        if (back.main > 0) postings.push({ account: Accounts.userMain(userId), amount: back.main });
        if (back.bonus > 0) postings.push({ account: Accounts.userBonus(userId), amount: back.bonus });
      }
      await lockWallets(trx, [...perUser.keys()]);
      const { balances } = await recordEntries(trx, [
        { type: 'PeriodRefunded', stream: `period:${periodId}`, payload: { periodId, bets: bets.length, total }, postings, outbox: false },
      ]);
      const { rows: wallets } = await sql<{ id: string; user_id: string }>`
        SELECT id, user_id FROM wallets WHERE user_id = ANY(${[...perUser.keys()]}::uuid[])
      `.execute(trx);
      const istDay = istDateKey(Date.now());
      await trx
        .insertInto('transactions')
        .values(
          wallets.map((w) => {
            const back = perUser.get(w.user_id)!;
            return {
              transaction_id: `RF${periodId}${w.user_id.replace(/-/g, '').slice(0, 8).toUpperCase()}`,
              user_id: w.user_id,
              wallet_id: w.id,
              type: 'REFUND' as const,
              method: 'REFUND',
              status: 'COMPLETED' as const,
              amount: back.main + back.bonus,
              description: `Refund of bets in period ${periodId}, which ${refundCause(reason)}`,
              ist_day: istDay,
            };
          }),
        )
        .execute();
      await guard(trx);
      return { period, bets, balances, ms: 0 };
    });
    if (outcome) {
      outcome.ms = Date.now() - started;
      this.logger.warn({ msg: 'period refunded', periodId, reason, bets: outcome.bets.length });
    }
    return outcome;
  }

  refundMessages(outcome: Pick<SettlementOutcome, 'bets' | 'balances' | 'period'>): SocketMessage[] {
    const messages: SocketMessage[] = [];
    const notified = new Set<string>();
    for (const bet of outcome.bets) {
      const room = userRoom(bet.user_id);
      messages.push({ room, event: 'bet-update', data: toWireBet(bet) });
      if (!notified.has(bet.user_id)) {
        notified.add(bet.user_id);
        messages.push({
          room,
          event: 'bet-message',
          data: { success: false, message: `Period ${outcome.period.id} ${refundCause(outcome.period.refund_reason)}, so your bets were refunded.`, periodId: outcome.period.id },
        });
      }
    }
    for (const [userId, balance] of outcome.balances) {
      messages.push({ room: userRoom(userId), event: 'balance-update', data: toBalanceUpdate(balance.main, balance.bonus) });
    }
    return messages;
  }

  /** Rebuilds the messages of a settled or refunded period from the bets table (after a restart). */
  async messagesFor(period: PeriodRow): Promise<SocketMessage[]> {
    const { rows: bets } = await sql<SettledBetRow>`SELECT ${BET_COLUMNS} FROM bets b WHERE b.period_id = ${period.id}`.execute(this.db);
    const userIds = [...new Set(bets.map((b) => b.user_id))];
    const balances = new Map<string, { main: number; bonus: number }>();
    if (userIds.length > 0) {
      const { rows } = await sql<{ user_id: string; main: number; bonus: number }>`
        SELECT user_id, main, bonus FROM wallets WHERE user_id = ANY(${userIds}::uuid[])
      `.execute(this.db);
      for (const r of rows) balances.set(r.user_id, { main: Number(r.main), bonus: Number(r.bonus) });
    }
    return period.status === 'REFUNDED' ? this.refundMessages({ bets, balances, period }) : this.settlementMessages({ bets, balances });
  }
}
