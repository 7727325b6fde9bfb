import { sql, type Kysely } from 'kysely';
import type { DB } from '@app/db';
import { exactPaise } from '@app/domain';

/**
 * Money figures are exact bigint paise: sums over every posting pass 2^53 long before any single amount does, and
 * a difference of one paisa must never round away. Counts are numbers.
 */
export interface ReconciliationReport {
  ok: boolean;
  /** Sum of every posting (must be 0). */
  total: bigint;
  /** Journal entries whose postings do not sum to 0. */
  unbalancedEntries: Array<{ eventSeq: number; sum: bigint }>;
  /** Wallets whose projection differs from the postings of their accounts. */
  walletMismatches: Array<{ userId: string; balance: 'main' | 'bonus'; wallet: bigint; postings: bigint }>;
  /** Balance of every house and clearing account. */
  houseAccounts: Record<string, bigint>;
  wallets: number;
  postings: number;
}

/** A report as JSON: bigint paise become exact decimal text. */
export function reportToJson(report: unknown, space?: number): string {
  return JSON.stringify(
    report,
    (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value),
    space,
  );
}

/**
 * Every account's movements: its live postings and its opening balance, the sum of its archived postings
 * (docs/partitions.md). Summed per account, the balance.
 */
export const BALANCES = sql`(SELECT account, amount FROM ledger_postings UNION ALL SELECT account, amount FROM archived_balances) AS movements`;

/**
 * Rebuilds every balance from the postings and reports any difference from the projections. Read-only. Every sum
 * is computed by Postgres as numeric and read as text (`exactPaise`), never through a float.
 */
export async function reconcile(db: Kysely<DB>): Promise<ReconciliationReport> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      // Archived months count as each account's opening balance (archived_balances, migration 0029): an account's
      // balance is its opening balance plus its live postings.
      const totals = await sql<{ total: string; postings: number }>`
      SELECT (coalesce((SELECT sum(amount) FROM ledger_postings), 0) + coalesce((SELECT sum(amount) FROM archived_balances), 0))::text AS total,
             (SELECT count(*) FROM ledger_postings) AS postings
    `.execute(trx);
      const unbalanced = await sql<{ event_seq: number; sum: string }>`
      SELECT event_seq, sum(amount)::text AS sum FROM ledger_postings GROUP BY event_seq HAVING sum(amount) <> 0 LIMIT 100
    `.execute(trx);
      const mismatches = await sql<{ user_id: string; balance: 'main' | 'bonus'; wallet: string; postings: string }>`
      WITH sums AS (
        SELECT account, sum(amount) AS total FROM ${BALANCES} WHERE account LIKE 'user:%' GROUP BY account
      )
      SELECT w.user_id, b.balance, b.wallet::text AS wallet, coalesce(s.total, 0)::text AS postings
      FROM wallets w
      CROSS JOIN LATERAL (VALUES ('main', w.main), ('bonus', w.bonus)) AS b(balance, wallet)
      LEFT JOIN sums s ON s.account = 'user:' || w.user_id || ':' || b.balance
      WHERE b.wallet <> coalesce(s.total, 0)
      UNION ALL
      SELECT split_part(s.account, ':', 2)::uuid, split_part(s.account, ':', 3), '0', s.total::text
      FROM sums s LEFT JOIN wallets w ON s.account IN ('user:' || w.user_id || ':main', 'user:' || w.user_id || ':bonus')
      WHERE w.user_id IS NULL AND s.total <> 0
      LIMIT 100
    `.execute(trx);
      const house = await sql<{ account: string; total: string }>`
      SELECT account, sum(amount)::text AS total FROM ${BALANCES} WHERE account NOT LIKE 'user:%' GROUP BY account ORDER BY account
    `.execute(trx);
      const wallets = await sql<{ n: number }>`SELECT count(*) AS n FROM wallets`.execute(trx);
      const total = exactPaise(totals.rows[0]?.total ?? '0');
      const report: ReconciliationReport = {
        ok: false,
        total,
        unbalancedEntries: unbalanced.rows.map((r) => ({ eventSeq: Number(r.event_seq), sum: exactPaise(r.sum) })),
        walletMismatches: mismatches.rows.map((r) => ({
          userId: r.user_id,
          balance: r.balance,
          wallet: exactPaise(r.wallet),
          postings: exactPaise(r.postings),
        })),
        houseAccounts: Object.fromEntries(house.rows.map((r) => [r.account, exactPaise(r.total)])),
        wallets: Number(wallets.rows[0]?.n ?? 0),
        postings: Number(totals.rows[0]?.postings ?? 0),
      };
      report.ok = total === 0n && report.unbalancedEntries.length === 0 && report.walletMismatches.length === 0;
      return report;
    });
}
