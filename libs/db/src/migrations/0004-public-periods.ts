import { sql, type Kysely } from 'kysely';

/**
 * What anyone may see of a period, and the one place every public read of periods goes through.
 *
 * The period with chain index k is drawn with seed[k] and committed to seed[k−1] = SHA-256(seed[k]), which is the
 * seed of the period with index k−1. So a period's committed hash is public only once it can reveal nothing
 * unlocked: when k = 1 (it is the chain's published commitment), when the period itself is no longer open, or when
 * the period with index k−1 of the same chain has been drawn or refunded (its seed is public then anyway; drawing
 * happens after its lock, so this holds whatever the clocks of Redis, Postgres and the nodes say). Otherwise
 * `seed_hash` is NULL: a period opened ahead keeps its hash private while the period before it runs.
 *
 * A drawn period shows its revealed seed. A refunded period that was opened keeps its chain index and its seed is
 * public after it (it is the next period's committed hash): shown from the period itself or from the period with
 * index k+1. A period recorded without a chain index used no seed.
 *
 * Invariant protected here: a seed draws at most one period. A refunded period keeps its index (its seed is
 * public, so reusing the index would draw a period with a known seed): the index is unique in its chain whatever
 * the status.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    DROP INDEX periods_chain_index_uq;
    CREATE UNIQUE INDEX periods_chain_index_uq ON periods (chain_id, chain_index);

    CREATE VIEW public_periods AS
    SELECT p.id, p.status, p.chain_id, p.chain_index, p.start_at, p.lock_at, p.end_at,
           CASE WHEN p.chain_index = 1
                  OR p.status <> 'OPEN'
                  OR previous.status IN ('DRAWN', 'SETTLED', 'REFUNDED')
                THEN p.seed_hash END AS seed_hash,
           CASE WHEN p.status IN ('DRAWN', 'SETTLED') THEN p.seed
                WHEN p.status = 'REFUNDED' THEN COALESCE(p.seed, following.seed_hash) END AS seed,
           p.digit, p.color, p.big_small, p.drawn_at
    FROM periods p
    LEFT JOIN periods previous ON previous.chain_id = p.chain_id AND previous.chain_index = p.chain_index - 1
    LEFT JOIN periods following ON following.chain_id = p.chain_id AND following.chain_index = p.chain_index + 1;
  `.execute(db);
}
