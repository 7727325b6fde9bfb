import type { Database } from '@app/db';

/**
 * A fairness chain row for a test that writes periods by hand: its commitment and length, and a stand-in sealed tip
 * (a chain's tip is stored only sealed; no engine is meant to open this one).
 */
export async function recordTestChain(
  db: Database,
  values: { commitment: string; length: number; firstPeriodId?: string },
): Promise<{ id: number }> {
  return db
    .insertInto('fairness_chains')
    .values({
      commitment: values.commitment,
      length: values.length,
      tip: null,
      tip_sealed: 'AAAA',
      key_id: '0000000000000000',
      first_period_id: values.firstPeriodId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}
