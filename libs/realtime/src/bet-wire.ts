import { betResultMessage, paiseToRupees, periodRefundedMessage, type PeriodRefundCause } from '@app/domain';
import type { BalanceUpdate, Bet, BetMessage, BetResult, GameKey, GameResult } from '@app/contracts';

/** The columns of a bet row the wire shape needs. */
export interface BetRowLike {
  id: string;
  bet_type: string;
  bet_value: string;
  system_selected_value: string | null;
  amount: number;
  is_win: boolean | null;
  win_amount: number;
  status: string;
  played_from: string;
  period_id: string;
  created_at: Date | string;
  updated_at: Date | string;
}

/**
 * A row's time as ISO text. Rows written by one statement share their times (now() is the transaction's), so a
 * round's results or a batch's bets repeat the same few values (a bet's placing and its settlement): the texts of
 * the last few are remembered.
 */
const isoByKey = new Map<number | string, string>();
const iso = (value: Date | string) => {
  const key = value instanceof Date ? value.getTime() : value;
  let text = isoByKey.get(key);
  if (text === undefined) {
    text = new Date(value).toISOString();
    if (isoByKey.size >= 16) isoByKey.clear();
    isoByKey.set(key, text);
  }
  return text;
};

/** A bet row as the client sees it (rupees, ISO dates). */
export function toWireBet(row: BetRowLike): Bet {
  return {
    _id: row.id,
    betType: row.bet_type as GameKey,
    betValue: row.bet_value,
    systemSelectedValue: row.system_selected_value,
    amount: paiseToRupees(Number(row.amount)),
    isWin: row.is_win,
    winAmount: paiseToRupees(Number(row.win_amount)),
    status: row.status as Bet['status'],
    playedFrom: row.played_from,
    periodId: row.period_id,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export interface PeriodRowLike {
  id: string;
  digit: number | null;
  color: string | null;
  big_small: string | null;
  seed: string | null;
  /** NULL while it is not public yet (see the `public_periods` view). */
  seed_hash: string | null;
  drawn_at: Date | string | null;
}

/** A drawn period as a game result (with its revealed seed, so anyone can verify it). */
export function toGameResult(row: PeriodRowLike): GameResult {
  return {
    periodId: row.id,
    digit: Number(row.digit),
    color: row.color as GameResult['color'],
    bigSmall: row.big_small as GameResult['bigSmall'],
    seed: row.seed ?? undefined,
    seedHash: row.seed_hash ?? undefined,
    drawnAt: row.drawn_at ? iso(row.drawn_at) : undefined,
  };
}

/** The live `balance-update` (every writer's): `balance` is what can be staked (main + bonus), all in rupees. */
export function toBalanceUpdate(main: number, bonus: number): BalanceUpdate {
  return { balance: paiseToRupees(main + bonus), mainBalance: paiseToRupees(main), bonusBalance: paiseToRupees(bonus) };
}

/**
 * The bet-result of a settled bet, as the settlement publishes it (the same words), with the bet itself: used to
 * answer a player who was away when it went out.
 */
export function toBetResult(row: BetRowLike, timestamp: string): BetResult {
  const win = !!row.is_win;
  return {
    gameType: row.bet_type as GameKey,
    win,
    winAmount: win ? paiseToRupees(Number(row.win_amount)) : 0,
    lossAmount: win ? 0 : paiseToRupees(Number(row.amount)),
    message: betResultMessage({
      betType: row.bet_type,
      betValue: row.bet_value,
      amount: Number(row.amount),
      isWin: win,
      winAmount: Number(row.win_amount),
    }),
    timestamp,
    periodId: row.period_id,
    betId: row.id,
    bet: toWireBet(row),
  };
}

/** The notice a player gets (once per period) when a period's bets were refunded. */
export function refundNotice(periodId: string, cause: PeriodRefundCause = 'not-drawn'): BetMessage {
  return { success: false, message: periodRefundedMessage(periodId, cause), periodId };
}
