import { sql, type RawBuilder } from 'kysely';
import type { PayoutTable } from '@app/domain';

/**
 * The payout rule of the domain (`winBreakdown`), in SQL for set-based statements: gross = round(stake × payout),
 * GST = round((gross − stake) × bps / 10,000), net = gross − GST (half up, as the domain rounds). The only copy of the
 * formula in SQL (the settlement's credits and the house's exposure both use it), held to the domain by the agreement
 * test (libs/testing/src/agreement/settlement-sql.int-spec.ts).
 */
export function grossSql(amount: RawBuilder<unknown>, payout: RawBuilder<unknown>): RawBuilder<number> {
  return sql<number>`round(${amount} * ${payout})`;
}

export function gstSql(amount: RawBuilder<unknown>, payout: RawBuilder<unknown>, gstBps: number): RawBuilder<number> {
  return sql<number>`round(((${grossSql(amount, payout)} - ${amount}) * ${gstBps}::numeric) / 10000)`;
}

export function netWinSql(
  amount: RawBuilder<unknown>,
  payout: RawBuilder<unknown>,
  gstBps: number,
): RawBuilder<number> {
  return sql<number>`(${grossSql(amount, payout)} - ${gstSql(amount, payout, gstBps)})`;
}

/** Of a net win, what goes to bonus: net × from_bonus / stake, half up (the domain's `settleBet` netToBonus). */
export function winToBonusSql(
  net: RawBuilder<unknown>,
  fromBonus: RawBuilder<unknown>,
  amount: RawBuilder<unknown>,
): RawBuilder<number> {
  return sql<number>`round((${net})::numeric * ${fromBonus} / ${amount})`;
}

/**
 * `(bet_type, payouts)` rows of a payout table, one per game, to join bets on by `bet_type`: `payouts` is the game's
 * payout per choice as jsonb (`{"red": 2, "green": 2, "violet": 4.5}`), read with `betPayoutSql`.
 */
export function payoutRowsSql(payouts: PayoutTable): RawBuilder<unknown> {
  const json = (game: keyof PayoutTable) => JSON.stringify(payouts[game]);
  return sql`VALUES ('color', ${json('color')}::jsonb), ('bigSmall', ${json('bigSmall')}::jsonb), ('number', ${json('number')}::jsonb)`;
}

/**
 * The payout a bet is settled at: the one recorded with it when it was placed (`bets.payout`, migration 0026), else
 * (a bet placed before payouts were recorded) its choice's in `gamePayouts`, a `payoutRowsSql` row's jsonb; null for a
 * choice the game does not have (such a bet never wins: the draw selects only real choices).
 */
export function betPayoutSql(
  recorded: RawBuilder<unknown>,
  gamePayouts: RawBuilder<unknown>,
  betValue: RawBuilder<unknown>,
): RawBuilder<number> {
  return sql<number>`coalesce(${recorded}, (${gamePayouts} ->> ${betValue})::numeric)`;
}

/** What a draw selected, as SQL values (literal parameters, or columns of a joined period). */
export interface DrawnValuesSql {
  color: RawBuilder<unknown>;
  bigSmall: RawBuilder<unknown>;
  digit: RawBuilder<unknown>;
}

/**
 * `(bet_type, selected, payouts)` rows of a drawn period, one per game: the value its draw selected and the game's
 * payout table (`payoutRowsSql`), to join bets on by `bet_type` and read with `drawnOutcomeSql`.
 */
export function drawnGamesSql(payouts: PayoutTable, drawn: DrawnValuesSql): RawBuilder<unknown> {
  return sql`SELECT game.bet_type, drawn.selected, game.payouts FROM (${payoutRowsSql(payouts)}) AS game (bet_type, payouts)
          JOIN (VALUES ('color', ${drawn.color}::text), ('bigSmall', ${drawn.bigSmall}::text), ('number', ${drawn.digit}::text)) AS drawn (bet_type, selected)
            ON drawn.bet_type = game.bet_type`;
}

/**
 * A bet's outcome on its drawn period, as the settlement records it (`b` the bet, `g` its game's `drawnGamesSql`
 * row): `is_win`, `win_amount` (net of GST, paise) and `system_selected_value`. What the players online are told at
 * the draw, before the settlement has written it; the agreement test holds the two together.
 */
export function drawnOutcomeSql(gstBps: number): RawBuilder<unknown> {
  const amount = sql.ref('b.amount');
  const payout = betPayoutSql(sql.ref('b.payout'), sql.ref('g.payouts'), sql.ref('b.bet_value'));
  return sql`(b.bet_value = g.selected) AS is_win,
    (CASE WHEN b.bet_value = g.selected THEN ${netWinSql(amount, payout, gstBps)} ELSE 0 END)::bigint AS win_amount,
    g.selected AS system_selected_value`;
}
