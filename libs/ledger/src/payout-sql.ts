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

/** `(bet_type, payout)` rows of the payout table, to join bets on. */
export function payoutRowsSql(payouts: PayoutTable): RawBuilder<unknown> {
  return sql`VALUES ('color', ${payouts.color}::numeric), ('bigSmall', ${payouts.bigSmall}::numeric), ('number', ${payouts.number}::numeric)`;
}
