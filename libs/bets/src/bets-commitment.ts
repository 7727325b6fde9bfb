import { sql, type RawBuilder } from 'kysely';

/**
 * The leaves of a period's bets' commitment (DESIGN §3, `bets-merkle.ts` in the domain), computed by Postgres: per
 * bet, SHA-256(0x00 ‖ "betId|pseudonym|game|choice|stakePaise"), concatenated in bet-id order (32 bytes each), with
 * the bet ids in the same order. The round engine builds the root from them at the lock; the api the proof of a
 * player's bet, from the bets as they are now (a bet added, removed or changed since gives another tree).
 */
export function periodLeavesQuery(
  periodId: string,
): RawBuilder<{ ids: string[] | null; leaves: Buffer | null; n: number }> {
  return sql<{ ids: string[] | null; leaves: Buffer | null; n: number }>`
    SELECT array_agg(b.id::text ORDER BY b.id) AS ids,
           string_agg(sha256(decode('00', 'hex') || convert_to(b.id::text || '|' || u.bet_pseudonym::text || '|' || b.bet_type || '|' || b.bet_value || '|' || b.amount::text, 'UTF8')), ''::bytea ORDER BY b.id) AS leaves,
           count(*)::int AS n
    FROM bets b JOIN users u ON u.id = b.user_id
    WHERE b.period_id = ${periodId}
  `;
}

/** The 32-byte leaf hashes of `periodLeavesQuery`'s concatenation. */
export function splitLeaves(leaves: Buffer | null, n: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = 0; i < n; i++) out.push(leaves!.subarray(i * 32, i * 32 + 32));
  return out;
}
