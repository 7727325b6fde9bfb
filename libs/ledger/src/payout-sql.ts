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
